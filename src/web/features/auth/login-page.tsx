import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { TwoFactorChallenge } from '@shared/schemas/two-factor';
import { Link, useNavigate } from 'react-router';
import type { LoginInput } from '@shared/schemas/auth';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { usePageTitle } from '@web/lib/use-page-title';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { toast } from '@web/components/ui/use-toast';
import { useLogin, usePasskeySignIn } from './api/auth-mutations';
import { AuthCard } from './components/auth-card';
import { PasskeyButton } from './components/passkey-button';
import { SecondStepForm } from './components/second-step-form';

// zod and the shared auth schemas (with the common-password list) load when the form is first used
const loginResolver = lazyZodResolver<LoginInput>(() =>
  import('@shared/schemas/auth').then((m) => m.loginSchema),
);

export function LoginPage() {
  usePageTitle('Log in');
  const navigate = useNavigate();
  const login = useLogin();
  const passkey = usePasskeySignIn({
    errorTitle: 'Passkey sign-in failed',
    errorFallback: 'The passkey sign-in did not finish. Try again or use your password.',
  });
  // set when the password was right and the account has a second factor still to give
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const form = useForm<LoginInput>({
    resolver: loginResolver,
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await login.mutateAsync(values);
      if ('twoFactorRequired' in result) return setChallenge(result);
      signedIn(result.user);
    } catch {
      // told by the error policy (src/web/lib/error-policy.ts)
    }
  });

  function signedIn(user: { username: string }) {
    toast({ title: 'Login successful', description: `Welcome back, ${user.username}!` });
    navigate('/dashboard', { replace: true });
  }

  async function signInWithPasskey() {
    try {
      signedIn((await passkey.mutateAsync()).user);
    } catch {
      // told by the error policy (src/web/lib/error-policy.ts)
    }
  }

  if (challenge)
    return (
      <AuthCard title="Two-factor authentication" description="One more step to sign in">
        <SecondStepForm
          methods={challenge.methods}
          onSignedIn={signedIn}
          onRestart={(message) => {
            setChallenge(null);
            form.resetField('password');
            if (message) toast({ title: 'Sign in again', description: message });
          }}
        />
      </AuthCard>
    );

  return (
    <AuthCard
      title="Welcome back"
      description="Log in to your LoRA Studio account"
      footer={
        <p>
          Don&apos;t have an account?{' '}
          <Link to="/register" className="font-medium text-primary-text underline-offset-4 hover:underline">
            Sign up
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4" {...loginResolver.preloadOnUse}>
        <FormField id="login-username" label="Username" error={errors.username?.message}>
          {(control) => (
            <Input {...control} autoComplete="username" autoFocus {...form.register('username')} />
          )}
        </FormField>
        <FormField
          id="login-password"
          label="Password"
          error={errors.password?.message}
          labelAside={
            <Link
              to="/forgot-password"
              className="text-sm text-primary-text underline-offset-4 hover:underline"
            >
              Forgot your password?
            </Link>
          }
        >
          {(control) => (
            <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />
          )}
        </FormField>
        <Button type="submit" className="w-full" pending={isSubmitting}>
          Log in
        </Button>
      </form>
      <div className="mt-4 grid gap-2">
        <PasskeyButton pending={passkey.isPending} onClick={signInWithPasskey}>
          Continue with a passkey
        </PasskeyButton>
      </div>
    </AuthCard>
  );
}
