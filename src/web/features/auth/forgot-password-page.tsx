import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import { forgotPasswordSchema } from '@shared/schemas/auth';
import { errorMessage } from '@web/lib/api';
import { usePageTitle } from '@web/lib/use-page-title';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { requestPasswordReset } from './api/password-api';
import { AuthCard } from './components/auth-card';

export const FORGOT_PASSWORD_SENT = "If an account exists we've sent a reset link";

export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { usernameOrEmail: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await requestPasswordReset(values);
      setSent(true);
    } catch (error) {
      // The server answers 200 whether or not the account exists; only rate limits and outages land here.
      setFailure(errorMessage(error, 'Something went wrong. Please try again.'));
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your username or email and we'll send you a link to set a new password."
      footer={
        <p>
          Remembered it?{' '}
          <Link to="/login" className="font-medium text-primary-text underline-offset-4 hover:underline">
            Back to log in
          </Link>
        </p>
      }
    >
      {sent ? (
        <Alert variant="success">
          <MailCheck aria-hidden="true" />
          <AlertTitle>Check your inbox</AlertTitle>
          <AlertDescription>
            <p>{FORGOT_PASSWORD_SENT}. The link works for a limited time.</p>
          </AlertDescription>
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id="forgot-identifier" label="Username or email" error={errors.usernameOrEmail?.message}>
            {(control) => (
              <Input {...control} autoComplete="username" autoFocus {...form.register('usernameOrEmail')} />
            )}
          </FormField>
          {failure ? (
            <Alert variant="destructive">
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : null}
          <Button type="submit" className="w-full" pending={isSubmitting}>
            Send reset link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
