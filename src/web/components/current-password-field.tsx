import type { ChangeEvent, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@web/components/ui/form-field';
import { PasswordInput } from '@web/components/ui/password-input';

type Props = {
  id: string;
  /** "Current password" (its toggle: "Show current password") unless given */
  label?: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
} & (
  | { value: string; onChange: (password: string) => void }
  /** a react-hook-form field: `form.register('currentPassword')` */
  | { field: UseFormRegisterReturn }
);

/** The password that confirms a sensitive change (a passkey, 2FA, an API key, deleting the account). */
export function CurrentPasswordField({ id, label, error, hint, className, ...input }: Props) {
  // a react-hook-form field brings its own name, ref and handlers
  const bound =
    'field' in input
      ? input.field
      : {
          value: input.value,
          onChange: (e: ChangeEvent<HTMLInputElement>) => input.onChange(e.target.value),
        };
  return (
    <FormField id={id} label={label ?? 'Current password'} error={error} hint={hint} className={className}>
      {(control) => (
        <PasswordInput
          {...control}
          toggleSubject={label === undefined ? 'current password' : undefined}
          autoComplete="current-password"
          {...bound}
        />
      )}
    </FormField>
  );
}
