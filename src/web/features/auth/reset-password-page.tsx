import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { resetPasswordFormSchema } from '@shared/schemas/auth';
import { errorMessage } from '@web/lib/api';
import { usePageTitle } from '@web/lib/use-page-title';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { PasswordFields } from '@web/components/password-fields';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { refetchUser } from '@web/lib/session';
import { resetLinkIsLive, resetPasswordWithToken } from './api/password-api';
import { AuthCard } from './components/auth-card';
import { ButtonLink } from '@web/components/ui/button-link';

const INVALID_LINK = 'This reset link is invalid or has expired.';

export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const client = useQueryClient();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassword: pw }) => {
    setFailure(null);
    try {
      await resetPasswordWithToken({ token, newPassword: pw });
      setDone(true);
      // Other sessions end on reset (docs/product/decisions.md §18); re-read ours.
      void refetchUser(client);
    } catch (error) {
      setFailure(errorMessage(error, INVALID_LINK));
    }
  });

  const tokenLooksValid = token.length >= 10;
  // A used or expired link is refused before the new password is typed twice; if the check itself
  // fails, the form is shown and the reset answers for itself.
  const live = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => resetLinkIsLive(token),
    enabled: tokenLooksValid && !done,
    retry: false,
    staleTime: Infinity,
  });
  const loginLink = (
    <Link to="/login" className="font-medium text-primary-text underline-offset-4 hover:underline">
      Back to log in
    </Link>
  );

  if (tokenLooksValid && live.isPending && !done) {
    return (
      <AuthCard title="Reset your password">
        <div className="flex justify-center py-6">
          <Spinner className="size-8" label="Checking your reset link" />
        </div>
      </AuthCard>
    );
  }

  if (!tokenLooksValid || live.data === false) {
    return (
      <AuthCard title="Reset your password" footer={loginLink}>
        <Alert variant="destructive">
          <AlertTitle>Link not valid</AlertTitle>
          <AlertDescription>
            <p>{INVALID_LINK}</p>
          </AlertDescription>
        </Alert>
        <ButtonLink className="mt-4 w-full" to="/forgot-password">
          Request a new link
        </ButtonLink>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title="Password updated">
        <Alert variant="success">
          <CircleCheck aria-hidden="true" />
          <AlertTitle>Your password has been reset</AlertTitle>
          <AlertDescription>
            <p>You can now log in with your new password.</p>
          </AlertDescription>
        </Alert>
        <ButtonLink className="mt-4 w-full" to="/login">
          Log in
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      description="Choose a new password for your account."
      footer={loginLink}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <PasswordFields kind="reset" form={form} otherError={errors.token?.message} autoFocus />
        {failure ? (
          <Alert variant="destructive">
            <AlertDescription>
              <p>{failure}</p>
              <Link to="/forgot-password" className="underline underline-offset-4">
                Request a new link
              </Link>
            </AlertDescription>
          </Alert>
        ) : null}
        <Button type="submit" className="w-full" pending={isSubmitting}>
          Set new password
        </Button>
      </form>
    </AuthCard>
  );
}
