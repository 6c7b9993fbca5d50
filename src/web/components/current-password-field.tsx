import type { ReactNode } from 'react';
import { FormField } from '@web/components/ui/form-field';
import { PasswordInput } from '@web/components/ui/password-input';

type Props = {
  id: string;
  value: string;
  onChange: (password: string) => void;
  /** "Current password" (its toggle: "Show current password") unless given */
  label?: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
};

/** The password that confirms a sensitive change (a passkey, 2FA, an API key, deleting the account). */
export function CurrentPasswordField({ id, value, onChange, label, error, hint, className }: Props) {
  return (
    <FormField id={id} label={label ?? 'Current password'} error={error} hint={hint} className={className}>
      {(control) => (
        <PasswordInput
          {...control}
          toggleSubject={label === undefined ? 'current password' : undefined}
          autoComplete="current-password"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}
