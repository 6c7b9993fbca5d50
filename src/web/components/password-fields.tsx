import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@web/components/ui/form-field';
import { PasswordInput } from '@web/components/ui/password-input';
import { PasswordChecklist } from './password-checklist';

type Field = {
  id: string;
  label: string;
  error?: string;
  /** react-hook-form's `register(name)` for the field */
  field: UseFormRegisterReturn;
};

type PasswordFieldsProps = {
  newPassword: Field & {
    /** what the show/hide toggle talks about ("password", "new password") */
    toggleSubject?: string;
  };
  confirm: Field;
  /** the new password as typed, for the checklist */
  value: string;
  autoFocus?: boolean;
};

/**
 * A new password and its confirmation (register, reset, change): the live checklist under the new
 * password, read by screen readers with it, and a show/hide toggle on each.
 */
export function PasswordFields({ newPassword, confirm, value, autoFocus }: PasswordFieldsProps) {
  const checklistId = `${newPassword.id}-checklist`;
  return (
    <>
      <FormField id={newPassword.id} label={newPassword.label} error={newPassword.error}>
        {(control) => (
          <>
            <PasswordInput
              {...control}
              aria-describedby={[control['aria-describedby'], checklistId].filter(Boolean).join(' ')}
              toggleSubject={newPassword.toggleSubject}
              autoComplete="new-password"
              autoFocus={autoFocus}
              {...newPassword.field}
            />
            <PasswordChecklist id={checklistId} password={value} />
          </>
        )}
      </FormField>
      <FormField id={confirm.id} label={confirm.label} error={confirm.error}>
        {(control) => (
          <PasswordInput
            {...control}
            toggleSubject="confirm password"
            autoComplete="new-password"
            {...confirm.field}
          />
        )}
      </FormField>
    </>
  );
}
