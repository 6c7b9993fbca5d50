import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@web/testing/render';
import { ResetPasswordPage } from './reset-password-page';

const token = 'a'.repeat(43);

describe('ResetPasswordPage', () => {
  afterEach(cleanup);

  it('refuses a used link before the new password is typed', async () => {
    mockFetch({ 'POST /api/auth/reset-password-token/check': { body: { success: true, valid: false } } });
    renderWithProviders(<ResetPasswordPage />, { route: `/reset-password?token=${token}` });
    expect(await screen.findByText('Link not valid')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy();
  });

  it('shows the form for a live link', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/reset-password-token/check': { body: { success: true, valid: true } },
    });
    renderWithProviders(<ResetPasswordPage />, { route: `/reset-password?token=${token}` });
    expect(await screen.findByLabelText('New password')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/reset-password-token/check')?.body).toEqual({ token });
  });
});
