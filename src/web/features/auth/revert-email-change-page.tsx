import { Link } from 'react-router';
import { revertEmailChangeSchema } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { revertEmailChange } from './api/token-links-api';
import { TokenLinkPage } from './components/token-link-page';

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
            <Button asChild>
              <Link to="/forgot-password">Reset password</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/login">Log in</Link>
            </Button>
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
          <Button asChild className="mt-4 w-full">
            <Link to="/contact">Contact support</Link>
          </Button>
        ),
      })}
    />
  );
}
