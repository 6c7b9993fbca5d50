import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { changePasswordFormSchema } from '@shared/schemas/user';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { PasswordFields } from '@web/components/password-fields';
import { CurrentPasswordField } from '@web/components/current-password-field';
import { showFieldErrors } from '@web/components/ui/form-field';
import { toast } from '@web/components/ui/use-toast';
import { useChangePassword } from '../api/settings-api';
import { SessionsCard } from './sessions-card';
import { SettingsFormCard } from './settings-form-card';
import { TwoFactorCard } from './two-factor-card';
import { PasskeysCard } from './passkeys-card';
import { SecurityActivityCard } from './security-activity-card';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
// zod, the schema and the common-password list load when the form is first used, not with the page
// (docs/decisions/035-load-on-use.md)
const resolver = lazyZodResolver<ChangePasswordForm>(() =>
  import('@shared/schemas/user').then((m) => m.changePasswordFormSchema),
);

export function SecurityTab() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({ resolver, defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY);
      toast({ title: 'Password changed', description: 'Your password has been changed successfully.' });
    } catch (error) {
      // other failures are told by the error policy (meta on useChangePassword)
      showFieldErrors(error, ['currentPassword', 'newPassword'] as const, form.setError);
    }
  });

  return (
    <div className="grid gap-6">
      <SettingsFormCard
        title="Security"
        description="Change your password. Use at least 8 characters with a letter and a number."
        onSubmit={onSubmit}
        formProps={resolver.preloadOnUse}
        submitLabel="Change Password"
        submitting={isSubmitting}
      >
        <CurrentPasswordField
          id="security-current"
          error={errors.currentPassword?.message}
          field={form.register('currentPassword')}
        />
        <PasswordFields kind="change" form={form} />
      </SettingsFormCard>
      <TwoFactorCard />
      <PasskeysCard />
      <SessionsCard />
      <SecurityActivityCard />
    </div>
  );
}
