import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { resetToasts, useToast } from '@web/components/ui/use-toast';
import { CheckoutPage } from './checkout-page';

const pkg = {
  id: 'p1',
  name: 'Starter',
  tokenAmount: 500,
  priceInCents: 499,
  isDiscounted: false,
  isActive: true,
  createdAt: '',
  updatedAt: '',
};

function Toasts() {
  const { toasts } = useToast();
  return (
    <ul data-testid="toasts">
      {toasts.map((t) => (
        <li key={t.id}>
          {t.title} - {t.description}
        </li>
      ))}
    </ul>
  );
}

function renderCheckout(route: string, confirm: { status: string; error?: string }, intentStatus = 200) {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser({ tokenBalance: 50 }) });
  const fetches = mockFetch({
    'GET /api/auth/user': { body: { user: makeUser({ tokenBalance: 550 }) } },
    'GET /api/token-packages': { body: [pkg] },
    'GET /api/config': { body: { engines: { payments: 'offline' } } },
    'POST /api/create-payment-intent': {
      status: intentStatus,
      body:
        intentStatus === 200
          ? { clientSecret: 'pi_1_s', paymentIntentId: 'pi_1', amount: 499, currency: 'usd' }
          : { error: 'boom' },
    },
    'POST /api/payments/offline/confirm': { body: confirm },
    'POST /api/purchase-tokens': {
      body: {
        transaction: { id: 't1', amount: 500, type: 'purchase' },
        user: makeUser({ tokenBalance: 550 }),
      },
    },
  });
  renderWithProviders(
    <>
      <CheckoutPage />
      <Toasts />
    </>,
    { client, route },
  );
  return fetches;
}

async function fillCard(number: string) {
  await userEvent.type(await screen.findByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry'), '1234');
  await userEvent.type(screen.getByLabelText('CVC'), '123');
  await userEvent.click(screen.getByRole('button', { name: 'Pay $4.99' }));
}

describe('CheckoutPage (offline payments)', () => {
  afterEach(() => {
    cleanup();
    resetToasts();
  });

  it('shows the error card without or with an unknown package', async () => {
    renderCheckout('/tokens/checkout', { status: 'succeeded' });
    expect(await screen.findByText("We couldn't find the token package you're looking for.")).toBeTruthy();
    cleanup();
    renderCheckout('/tokens/checkout?packageId=nope', { status: 'succeeded' });
    expect(await screen.findByText("We couldn't find the token package you're looking for.")).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Back to Packages' })[0].getAttribute('href')).toBe(
      '/tokens/purchase',
    );
  });

  it('creates the intent on load once, pays, records the purchase and shows the success view', async () => {
    const { calls } = renderCheckout('/tokens/checkout?packageId=p1', { status: 'succeeded' });
    expect(await screen.findByText('no card is charged', { exact: false })).toBeTruthy();
    await fillCard('4242424242424242');
    expect(await screen.findByText('Payment Successful')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByTestId('toasts').textContent).toContain(
      'Purchase successful - 500 tokens have been added to your account.',
    );
    expect(calls.filter((c) => c.path === '/api/create-payment-intent')).toHaveLength(1);
    const confirm = calls.find((c) => c.path === '/api/payments/offline/confirm');
    expect(confirm?.body).toMatchObject({
      paymentIntentId: 'pi_1',
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(calls.find((c) => c.path === '/api/purchase-tokens')?.body).toEqual({
      paymentIntentId: 'pi_1',
      packageId: 'p1',
    });
    await screen.findByText('/dashboard', {}, { timeout: 3000 });
  });

  it('shows a decline inline and as a toast, and records nothing', async () => {
    const { calls } = renderCheckout('/tokens/checkout?packageId=p1', {
      status: 'requires_payment_method',
      error: 'Your card was declined.',
    });
    await fillCard('4000000000000002');
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(screen.getByTestId('toasts').textContent).toContain('Payment failed - Your card was declined.');
    expect(calls.some((c) => c.path === '/api/purchase-tokens')).toBe(false);
  });

  it('validates the card fields before paying', async () => {
    const { calls } = renderCheckout('/tokens/checkout?packageId=p1', { status: 'succeeded' });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $4.99' }));
    expect(await screen.findByText('Please enter a valid card number')).toBeTruthy();
    expect(screen.getByText('Please enter the expiry as MM/YY')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/payments/offline/confirm')).toBe(false);
  });

  it('says when the payment cannot be initialised', async () => {
    renderCheckout('/tokens/checkout?packageId=p1', { status: 'succeeded' }, 500);
    expect(
      (await screen.findAllByText('Failed to initialize payment. Please try again.')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByTestId('toasts').textContent).toContain(
      'Error - Failed to initialize payment. Please try again.',
    );
  });
});
