import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { PaymentSuccessPage } from './success-page';

function renderReturn(route: string, purchase: { status?: number; body: unknown }) {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser() });
  const fetches = mockFetch({
    'GET /api/auth/user': { body: { user: makeUser({ tokenBalance: 620 }) } },
    'POST /api/purchase-tokens': purchase,
  });
  renderWithProviders(<PaymentSuccessPage />, { client, route });
  return fetches;
}

describe('PaymentSuccessPage (/tokens/success)', () => {
  afterEach(cleanup);

  it('processes, then credits through purchase-tokens with the payment reference only', async () => {
    const { calls } = renderReturn('/tokens/success?payment_intent=pi_9&redirect_status=succeeded', {
      body: {
        transaction: { id: 't', amount: 500, type: 'purchase' },
        user: makeUser({ tokenBalance: 620 }),
      },
    });
    expect(screen.getByText('Processing Your Payment')).toBeTruthy();
    expect(screen.getByText('Please wait while we verify your payment...')).toBeTruthy();
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Purchase More Tokens' }).getAttribute('href')).toBe(
      '/tokens/purchase',
    );
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(calls.filter((c) => c.path === '/api/purchase-tokens').map((c) => c.body)).toEqual([
      { paymentIntentId: 'pi_9' },
    ]);
  });

  it('refuses a missing or non-succeeded return without calling the server', async () => {
    const { calls } = renderReturn('/tokens/success?payment_intent=pi_9&redirect_status=failed', {
      body: {},
    });
    expect(screen.getByText('Payment Error')).toBeTruthy();
    expect(screen.getByText('Payment information is missing or payment did not succeed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/tokens/purchase');
    cleanup();
    renderReturn('/tokens/success', { body: {} });
    expect(screen.getByText('Payment information is missing or payment did not succeed.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/purchase-tokens')).toBe(false);
  });

  it("shows the server's reason when the payment is not credited", async () => {
    renderReturn('/tokens/success?payment_intent=pi_9&redirect_status=succeeded', {
      status: 409,
      body: {
        error: 'The payment has not been completed.',
        message: 'The payment has not been completed.',
        code: 'PAYMENT_NOT_COMPLETED',
      },
    });
    expect(await screen.findByText('Payment Error')).toBeTruthy();
    expect(screen.getByText('The payment has not been completed.')).toBeTruthy();
  });
});
