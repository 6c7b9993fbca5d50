import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { CircleCheck, Mail } from 'lucide-react';
import type { ProfileInput, PublicUser } from '@shared/schemas/user';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { FormField, showFieldErrors } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { CurrentPasswordField } from '@web/components/current-password-field';
import { ButtonSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { useResendVerification, useUpdateProfile } from '../api/settings-api';
import { SettingsFormCard } from './settings-form-card';

function EmailVerification({ user }: { user: PublicUser }) {
  const resend = useResendVerification();
  if (user.emailVerified) {
    return (
      <Badge variant="green">
        <CircleCheck aria-hidden="true" />
        Email verified
      </Badge>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge variant="amber">Email not verified</Badge>
      <Button
        size="sm"
        variant="outline"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: () =>
              toast({
                title: 'Verification email sent',
                description: `We sent a new verification link to ${user.email}.`,
              }),
          })
        }
      >
        {resend.isPending ? <ButtonSpinner /> : <Mail aria-hidden="true" />}
        Resend verification email
      </Button>
    </div>
  );
}

export function ProfileTab({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  // zod and the schema load when the form is first used, not with the page (docs/decisions/035-load-on-use.md)
  const resolver = useMemo(
    () =>
      lazyZodResolver<ProfileInput>(() =>
        import('@shared/schemas/user').then((m) => m.profileFormSchema(user.email)),
      ),
    [user.email],
  );
  const saved = useMemo(
    () => ({ username: user.username, email: user.email, currentPassword: '' }),
    [user.username, user.email],
  );
  const form = useForm<ProfileInput>({ resolver, defaultValues: saved });
  // The form follows the session after a save or a refetch. (react-hook-form's `values` option does
  // this too, but also resets the form once as it mounts: a second render of the tab, at a priority
  // React does not split, in the page's first load.)
  const shown = useRef(saved);
  useEffect(() => {
    if (shown.current === saved) return;
    shown.current = saved;
    form.reset(saved);
  }, [saved, form]);
  const { errors, isSubmitting } = form.formState;
  // Changing the e-mail needs the current password (a stolen session alone must not be enough).
  const emailChanging = form.watch('email').trim().toLowerCase() !== user.email.toLowerCase();

  const onSubmit = form.handleSubmit(async ({ currentPassword, ...values }) => {
    try {
      await update.mutateAsync(emailChanging ? { ...values, currentPassword } : values);
      toast({
        title: 'Profile updated',
        description: emailChanging
          ? `We sent a verification link to ${values.email} and told your old address about the change.`
          : 'Your profile has been updated successfully.',
      });
    } catch (error) {
      // other failures are told by the error policy (meta on useUpdateProfile)
      showFieldErrors(error, ['username', 'email', 'currentPassword'] as const, form.setError);
    }
  });

  return (
    <SettingsFormCard
      title="Profile"
      description="Your username is visible to other users."
      onSubmit={onSubmit}
      formProps={resolver.preloadOnUse}
      submitLabel="Save Changes"
      submitting={isSubmitting}
    >
      <FormField id="profile-username" label="Username" error={errors.username?.message}>
        {(control) => <Input {...control} autoComplete="username" {...form.register('username')} />}
      </FormField>
      <FormField id="profile-email" label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      {emailChanging ? (
        <CurrentPasswordField
          id="profile-current-password"
          hint="Needed to change your email. We will also tell your current address."
          error={errors.currentPassword?.message}
          field={form.register('currentPassword')}
        />
      ) : null}
      <EmailVerification user={user} />
    </SettingsFormCard>
  );
}
