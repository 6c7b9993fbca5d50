import { revertEmailChangeSchema } from '@shared/schemas/auth';
import { revertEmailChange } from './api/token-links-api';
import { TokenLinkPage } from './components/token-link-page';
import { ButtonLink } from '@web/components/ui/button-link';

/** The "this wasn't me" link mailed to the old address after an e-mail change. */
export function RevertEmailChangePage() {
  // every session of the account ends, this browser's too if it was signed in (the page re-reads it)
  return (
    <TokenLinkPage
      pageTitle="Restore your email"
      title="Restore your email"
      schema={revertEmailChangeSchema}
      invalidLink="This link is invalid or has expired."
      send={revertEmailChange}
      working="Restoring your email"
      success={() => ({
        title: 'Email restored',
        body: (
          <>
            <p>Your account has its old email address again and every device has been signed out.</p>
            <p>If someone else may know your password, reset it now.</p>
          </>
        ),
        next: (
          <div className="mt-4 grid gap-2 sm:grid-cols-2">
            <ButtonLink to="/forgot-password">Reset password</ButtonLink>
            <ButtonLink variant="outline" to="/login">
              Log in
            </ButtonLink>
          </div>
        ),
      })}
      failure={(message) => ({
        title: 'Could not restore your email',
        body: (
          <>
            <p>{message}</p>
            <p>If you think someone else has your account, contact support.</p>
          </>
        ),
        next: (
          <ButtonLink className="mt-4 w-full" to="/contact">
            Contact support
          </ButtonLink>
        ),
      })}
    />
  );
}
