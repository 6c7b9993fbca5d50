import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import type { PublicUser } from '@shared/schemas/user';
import { verifyEmailSchema } from '@shared/schemas/auth';
import { apiFetch, errorMessage } from '@web/lib/api';
import { usePageTitle } from '@web/lib/use-page-title';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { refetchUser, useUser } from '@web/lib/session';
import { AuthCard } from './components/auth-card';

type Result =
  { state: 'pending' } | { state: 'success'; already: boolean } | { state: 'error'; message: string };

const INVALID_LINK = 'This verification link is invalid or has expired.';

export function VerifyEmailPage() {
  usePageTitle('Verify email');
  const client = useQueryClient();
  const { user } = useUser();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [result, setResult] = useState<Result>({ state: 'pending' });
  // A token is single-use: StrictMode's double effect must not send it twice.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    const parsed = verifyEmailSchema.safeParse({ token });
    if (!parsed.success) {
      setResult({ state: 'error', message: parsed.error.issues[0]?.message ?? INVALID_LINK });
      return;
    }
    apiFetch<{ success: boolean; alreadyVerified?: boolean; user?: PublicUser }>('/api/auth/verify-email', {
      method: 'POST',
      json: { token },
    })
      .then((res) => {
        setResult({ state: 'success', already: Boolean(res.alreadyVerified) });
        void refetchUser(client);
      })
      .catch((error: unknown) => setResult({ state: 'error', message: errorMessage(error, INVALID_LINK) }));
  }, [token, client]);

  const next = user ? (
    <Button asChild className="mt-4 w-full">
      <Link to="/dashboard">Go to Dashboard</Link>
    </Button>
  ) : (
    <Button asChild className="mt-4 w-full">
      <Link to="/login">Log in</Link>
    </Button>
  );

  return (
    <AuthCard title="Email verification">
      {result.state === 'pending' ? (
        <div className="flex flex-col items-center gap-3 py-6 text-muted-foreground">
          <Spinner className="size-8" label="Verifying your email" />
          <p>Verifying your email…</p>
        </div>
      ) : result.state === 'success' ? (
        <>
          <Alert variant="success">
            <CircleCheck aria-hidden="true" />
            <AlertTitle>{result.already ? 'Email already verified' : 'Email verified'}</AlertTitle>
            <AlertDescription>
              <p>
                {result.already
                  ? 'Your email address is verified; this link has already been used.'
                  : 'Thank you! Your email address has been verified.'}
              </p>
            </AlertDescription>
          </Alert>
          {next}
        </>
      ) : (
        <>
          <Alert variant="destructive">
            <CircleX aria-hidden="true" />
            <AlertTitle>Verification failed</AlertTitle>
            <AlertDescription>
              <p>{result.message}</p>
              {user ? <p>You can request a new link from Settings.</p> : null}
            </AlertDescription>
          </Alert>
          {user ? (
            <Button asChild className="mt-4 w-full">
              <Link to="/settings">Go to Settings</Link>
            </Button>
          ) : (
            next
          )}
        </>
      )}
    </AuthCard>
  );
}
