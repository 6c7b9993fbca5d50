import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@web/testing/render';
import { VerifyEmailPage } from './verify-email-page';

const token = 'b'.repeat(43);

describe('VerifyEmailPage', () => {
  afterEach(cleanup);

  it('says the address is verified when the link is opened again', async () => {
    mockFetch({ 'POST /api/auth/verify-email': { body: { success: true, alreadyVerified: true } } });
    renderWithProviders(<VerifyEmailPage />, { route: `/verify-email?token=${token}` });
    expect(await screen.findByText('Email already verified')).toBeTruthy();
    expect(screen.queryByText('Verification failed')).toBeNull();
  });

  it('still says a bad link failed', async () => {
    mockFetch({
      'POST /api/auth/verify-email': {
        status: 400,
        body: { error: 'This verification link is invalid or has expired.', code: 'INVALID_TOKEN' },
      },
    });
    renderWithProviders(<VerifyEmailPage />, { route: `/verify-email?token=${token}` });
    expect(await screen.findByText('Verification failed')).toBeTruthy();
  });
});
