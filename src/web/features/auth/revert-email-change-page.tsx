import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { revertEmailChangeSchema } from '@shared/schemas/auth';
import { apiFetch, errorMessage } from '@web/lib/api';
import { usePageTitle } from '@web/lib/use-page-title';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { refetchUser } from '@web/lib/session';
import { AuthCard } from './components/auth-card';

type Result = { state: 'pending' } | { state: 'success' } | { state: 'error'; message: string };

const INVALID_LINK = 'This link is invalid or has expired.';

/** The "this wasn't me" link mailed to the old address after an e-mail change. */
export function RevertEmailChangePage() {
  usePageTitle('Restore your email');
  const client = useQueryClient();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [result, setResult] = useState<Result>({ state: 'pending' });
  // A token is single-use: StrictMode's double effect must not send it twice.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    const parsed = revertEmailChangeSchema.safeParse({ token });
    if (!parsed.success) {
      setResult({ state: 'error', message: parsed.error.issues[0]?.message ?? INVALID_LINK });
      return;
    }
    apiFetch('/api/auth/revert-email-change', { method: 'POST', json: { token } })
      .then(() => {
        setResult({ state: 'success' });
        // every session of the account ended, this browser's too if it was signed in
        void refetchUser(client);
      })
      .catch((error: unknown) => setResult({ state: 'error', message: errorMessage(error, INVALID_LINK) }));
  }, [token, client]);

  return (
    <AuthCard title="Restore your email">
      {result.state === 'pending' ? (
        <div className="flex flex-col items-center gap-3 py-6 text-muted-foreground">
          <Spinner className="size-8" label="Restoring your email" />
          <p>Restoring your email…</p>
        </div>
      ) : result.state === 'success' ? (
        <>
          <Alert variant="success">
            <CircleCheck aria-hidden="true" />
            <AlertTitle>Email restored</AlertTitle>
            <AlertDescription>
              <p>Your account has its old email address again and every device has been signed out.</p>
              <p>If someone else may know your password, reset it now.</p>
            </AlertDescription>
          </Alert>
          <div className="mt-4 grid gap-2 sm:grid-cols-2">
            <Button asChild>
              <Link to="/forgot-password">Reset password</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/login">Log in</Link>
            </Button>
          </div>
        </>
      ) : (
        <>
          <Alert variant="destructive">
            <CircleX aria-hidden="true" />
            <AlertTitle>Could not restore your email</AlertTitle>
            <AlertDescription>
              <p>{result.message}</p>
              <p>If you think someone else has your account, contact support.</p>
            </AlertDescription>
          </Alert>
          <Button asChild className="mt-4 w-full">
            <Link to="/contact">Contact support</Link>
          </Button>
        </>
      )}
    </AuthCard>
  );
}
