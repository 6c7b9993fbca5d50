import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CurrentPasswordField } from './current-password-field';

afterEach(cleanup);

describe('CurrentPasswordField', () => {
  it('is "Current password" with its own show toggle, and hands over what is typed', async () => {
    const onChange = vi.fn();
    render(<CurrentPasswordField id="pw" value="" onChange={onChange} error="Wrong password" />);
    const input = screen.getByLabelText('Current password');
    expect(input.getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('button', { name: 'Show current password' })).toBeTruthy();
    expect(screen.getByText('Wrong password')).toBeTruthy();
    await userEvent.type(input, 'x');
    expect(onChange).toHaveBeenCalledWith('x');
  });

  it('takes another label and a hint', () => {
    render(
      <CurrentPasswordField
        id="pw"
        label="Your password"
        hint="Confirms it is you."
        value=""
        onChange={() => {}}
      />,
    );
    expect(screen.getByLabelText('Your password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
    expect(screen.getByText('Confirms it is you.')).toBeTruthy();
  });
});
