import { startTransition, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { RegisterFormInput } from '@shared/schemas/auth';
import { SIGNUP_BONUS } from '@shared/constants';
import { forgetReferralCode, readReferralCode, rememberReferralCode } from '@web/lib/referral';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { usePageTitle } from '@web/lib/use-page-title';
import { PasswordFields } from '@web/components/password-fields';
import { Button } from '@web/components/ui/button';
import { FormField, showFieldErrors } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { useRegister } from './api/auth-mutations';
import { AuthCard } from './components/auth-card';

// zod and the shared auth schemas (with the common-password list) load when the form is first used
const registerResolver = lazyZodResolver<RegisterFormInput>(() =>
  import('@shared/schemas/auth').then((m) => m.registerFormSchema),
);

const FIELD_NAMES = ['username', 'email', 'password', 'confirmPassword'] as const;

const linkClass = 'font-medium text-primary-text underline-offset-4 hover:underline';

export function RegisterPage() {
  usePageTitle('Sign up');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const register = useRegister();
  // The page is pre-rendered without a code (entry-server.tsx): the code shows once the page is up. A
  // remembered code is in the browser's storage, whose first read is a synchronous round trip to the
  // browser process: it is read in a task of its own after the start, not while the page hydrates.
  const [referralCode, setReferralCode] = useState<string | null>(null);
  useEffect(() => {
    rememberReferralCode(searchParams.get('ref'));
    const timer = setTimeout(() => {
      const code = readReferralCode(searchParams);
      // a transition: an update at the default priority makes React hydrate what is left at once
      if (code) startTransition(() => setReferralCode(code));
    });
    return () => clearTimeout(timer);
  }, [searchParams]);

  const form = useForm<RegisterFormInput>({
    resolver: registerResolver,
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ username, email, password: pw }) => {
    const code = referralCode ?? readReferralCode(searchParams);
    try {
      const { user } = await register.mutateAsync({
        username,
        email,
        password: pw,
        ...(code ? { referralCode: code } : {}),
      });
      forgetReferralCode();
      toast({
        title: 'Registration successful',
        description: `Welcome to LoRA Studio, ${user.username}! Your ${SIGNUP_BONUS} free tokens are ready. Check your inbox to verify your email.`,
      });
      navigate('/dashboard', { replace: true });
    } catch (error) {
      // A taken name or e-mail (409) or a server-side validation error points at its field too.
      // (the toast is the error policy's: meta on useRegister)
      showFieldErrors(error, FIELD_NAMES, form.setError);
    }
  });

  return (
    <AuthCard
      title="Create an account"
      description={`Sign up and get ${SIGNUP_BONUS} free tokens to start creating`}
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/login" className={linkClass}>
            Log in
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4" {...registerResolver.preloadOnUse}>
        <FormField
          id="register-username"
          label="Username"
          hint="Your username will be visible to other users"
          error={errors.username?.message}
        >
          {(control) => (
            <Input {...control} autoComplete="username" autoFocus {...form.register('username')} />
          )}
        </FormField>
        <FormField
          id="register-email"
          label="Email"
          hint="We'll send a verification link to this email"
          error={errors.email?.message}
        >
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
        </FormField>
        <PasswordFields kind="register" form={form} />
        {referralCode ? (
          <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
            Invited by a friend: referral code{' '}
            <span className="font-mono font-medium text-foreground">{referralCode}</span>
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          By signing up you agree to our{' '}
          <Link to="/terms" className={linkClass}>
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className={linkClass}>
            Privacy Policy
          </Link>
          .
        </p>
        <Button type="submit" className="w-full" pending={isSubmitting}>
          Sign up
        </Button>
      </form>
    </AuthCard>
  );
}
