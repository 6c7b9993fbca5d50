import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@web/components/ui/form-field';
import { PasswordInput } from '@web/components/ui/password-input';
import { PasswordChecklist } from './password-checklist';

// The three forms that choose a password, each with its ids, labels and field name; the confirmation
// is always `confirmPassword`. The ids and labels are what the pages' tests and the e2e suite find.
const FORMS = {
  register: {
    name: 'password',
    id: 'register-password',
    label: 'Password',
    toggleSubject: undefined,
    confirmId: 'register-confirm',
    confirmLabel: 'Confirm password',
  },
  reset: {
    name: 'newPassword',
    id: 'reset-new',
    label: 'New password',
    toggleSubject: 'new password',
    confirmId: 'reset-confirm',
    confirmLabel: 'Confirm new password',
  },
  change: {
    name: 'newPassword',
    id: 'security-new',
    label: 'New password',
    toggleSubject: 'new password',
    confirmId: 'security-confirm',
    confirmLabel: 'Confirm password',
  },
} as const;

type PasswordFieldsProps<T extends FieldValues> = {
  /** which form: sign-up, the reset link, or the settings' change */
  kind: keyof typeof FORMS;
  /** react-hook-form's form, with the kind's password field and `confirmPassword` */
  form: UseFormReturn<T>;
  /** said under the new password when its own field has no error (the reset link's token) */
  otherError?: string;
  autoFocus?: boolean;
};

/**
 * A new password and its confirmation (register, reset, change): the live checklist under the new
 * password, read by screen readers with it, and a show/hide toggle on each.
 */
export function PasswordFields<T extends FieldValues>({
  kind,
  form: typed,
  otherError,
  autoFocus,
}: PasswordFieldsProps<T>) {
  const spec = FORMS[kind];
  // the field names come from the table above, not from T
  const form = typed as unknown as UseFormReturn<Record<string, string>>;
  const value = useWatch({ control: form.control, name: spec.name }) ?? '';
  const { errors } = form.formState;
  const checklistId = `${spec.id}-checklist`;
  return (
    <>
      <FormField id={spec.id} label={spec.label} error={errors[spec.name]?.message ?? otherError}>
        {(control) => (
          <>
            <PasswordInput
              {...control}
              aria-describedby={[control['aria-describedby'], checklistId].filter(Boolean).join(' ')}
              toggleSubject={spec.toggleSubject}
              autoComplete="new-password"
              autoFocus={autoFocus}
              {...form.register(spec.name)}
            />
            <PasswordChecklist id={checklistId} password={value} />
          </>
        )}
      </FormField>
      <FormField id={spec.confirmId} label={spec.confirmLabel} error={errors.confirmPassword?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            toggleSubject="confirm password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        )}
      </FormField>
    </>
  );
}
