import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@web/testing/render';
import { RevertEmailChangePage } from './revert-email-change-page';

const token = 'c'.repeat(43);

describe('RevertEmailChangePage', () => {
  afterEach(cleanup);

  it('sends the token once and says the address is restored', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/revert-email-change': { body: { success: true } } });
    renderWithProviders(<RevertEmailChangePage />, { route: `/revert-email-change?token=${token}` });
    expect(await screen.findByText('Email restored')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reset password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    const sent = calls.filter((c) => c.path === '/api/auth/revert-email-change');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ token });
  });

  it('refuses a mangled link without asking the server', async () => {
    const { calls } = mockFetch({});
    renderWithProviders(<RevertEmailChangePage />, { route: '/revert-email-change?token=short' });
    expect(await screen.findByText('Could not restore your email')).toBeTruthy();
    expect(screen.getByText('This link is invalid or has expired.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/auth/revert-email-change')).toBe(false);
  });
});
