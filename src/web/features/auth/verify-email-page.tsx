import { verifyEmailSchema } from '@shared/schemas/auth';
import { useUser } from '@web/lib/session';
import { verifyEmail } from './api/token-links-api';
import { TokenLinkPage } from './components/token-link-page';
import { ButtonLink } from '@web/components/ui/button-link';

const INVALID_LINK = 'This verification link is invalid or has expired.';

function NextStep({ to, children }: { to: string; children: string }) {
  return (
    <ButtonLink className="mt-4 w-full" to={to}>
      {children}
    </ButtonLink>
  );
}

/** The link mailed to confirm an address. */
export function VerifyEmailPage() {
  const { user } = useUser();
  const next = user ? (
    <NextStep to="/dashboard">Go to Dashboard</NextStep>
  ) : (
    <NextStep to="/login">Log in</NextStep>
  );
  return (
    <TokenLinkPage
      pageTitle="Verify email"
      title="Email verification"
      schema={verifyEmailSchema}
      invalidLink={INVALID_LINK}
      send={verifyEmail}
      working="Verifying your email"
      success={({ alreadyVerified }) => ({
        title: alreadyVerified ? 'Email already verified' : 'Email verified',
        body: (
          <p>
            {alreadyVerified
              ? 'Your email address is verified; this link has already been used.'
              : 'Thank you! Your email address has been verified.'}
          </p>
        ),
        next,
      })}
      failure={(message) => ({
        title: 'Verification failed',
        body: (
          <>
            <p>{message}</p>
            {user ? <p>You can request a new link from Settings.</p> : null}
          </>
        ),
        next: user ? <NextStep to="/settings">Go to Settings</NextStep> : next,
      })}
    />
  );
}
