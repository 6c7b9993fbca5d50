import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { PasswordFields } from './password-fields';

function ResetForm({ tokenError }: { tokenError?: string }) {
  const form = useForm({ defaultValues: { token: 't', newPassword: '', confirmPassword: '' } });
  return <PasswordFields kind="reset" form={form} otherError={tokenError} />;
}

function RegisterForm() {
  const form = useForm({ defaultValues: { password: '', confirmPassword: '' } });
  return (
    <form onSubmit={form.handleSubmit(() => undefined)}>
      <PasswordFields kind="register" form={form} />
    </form>
  );
}

afterEach(cleanup);

describe('PasswordFields', () => {
  it('labels both fields for the kind of form and ticks the checklist as the password is typed', async () => {
    render(<RegisterForm />);
    const password = screen.getByLabelText('Password');
    expect(password.id).toBe('register-password');
    expect(screen.getByLabelText('Confirm password').id).toBe('register-confirm');
    // the checklist is read with the field
    expect(password.getAttribute('aria-describedby')).toContain('register-password-checklist');
    const checklist = document.getElementById('register-password-checklist')!;
    const before = checklist.textContent;
    await userEvent.type(password, 'abcdefg1');
    expect(checklist.textContent).not.toBe(before);
  });

  it('shows an error from another field (the reset link) under the new password', () => {
    render(<ResetForm tokenError="This reset link has expired." />);
    expect(screen.getByLabelText('New password').id).toBe('reset-new');
    expect(screen.getByLabelText('Confirm new password').id).toBe('reset-confirm');
    expect(screen.getByText('This reset link has expired.')).toBeTruthy();
  });
});
