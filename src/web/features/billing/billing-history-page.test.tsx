import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { TRANSACTION_TYPES } from '@shared/constants';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { BillingHistoryPage } from './billing-history-page';
import { TypeBadge } from './components/transactions-table';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';

// these tests are about the page; the select's own loading is tested in components/ui/select.test.tsx

const rows = [
  {
    id: 't4',
    type: 'refund',
    amount: 30,
    amountInCents: null,
    description: 'Refund for 1 image',
    createdAt: '2025-02-03T10:00:00',
    balanceAfter: 1180,
    refundOf: 't3',
  },
  {
    id: 't3',
    type: 'usage',
    amount: -60,
    amountInCents: null,
    description: '',
    createdAt: '2025-02-01T09:30:00',
    balanceAfter: 1150,
    refundOf: null,
  },
  {
    id: 't2',
    type: 'purchase',
    amount: 1200,
    amountInCents: 999,
    description: 'Creator package: 1,200 tokens',
    createdAt: '2025-01-20T08:00:00',
    balanceAfter: 1210,
    refundOf: null,
  },
  {
    id: 't1',
    type: 'bonus',
    amount: 50,
    amountInCents: null,
    description: 'Welcome bonus',
    createdAt: 'garbage',
    balanceAfter: 50,
    refundOf: null,
  },
];

function renderPage(list = rows, pageSize = 100) {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser({ tokenBalance: 1180 }) });
  const fetches = mockFetch({
    'GET /api/transactions': ({ url }) => {
      const type = url.searchParams.get('type');
      const matching = type ? list.filter((r) => r.type === type) : list;
      // pages through the X-Next-Cursor header, as the server pages
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const next =
        from + pageSize < matching.length ? { 'x-next-cursor': String(from + pageSize) } : undefined;
      return { body: matching.slice(from, from + pageSize), headers: next };
    },
    'GET /api/transactions/summary': { body: { balance: 1180, totalPurchased: 1200, totalUsed: 60 } },
    'POST /api/payments/recheck': {
      body: {
        checked: 1,
        credited: [{ paymentId: 'p', paymentIntentId: 'pi', tokens: 500, transactionId: 'x' }],
        user: makeUser({ tokenBalance: 1680 }),
      },
    },
  });
  renderWithProviders(<BillingHistoryPage />, { client, route: '/billing-history' });
  return fetches;
}

describe('BillingHistoryPage', () => {
  afterEach(cleanup);
  beforeAll(shimRadixForJsdom);

  it('shows the summary cards and month tabs newest first with the first selected', async () => {
    renderPage();
    expect(await screen.findByText('1,180 tokens')).toBeTruthy();
    expect(screen.getByText('1,200 tokens')).toBeTruthy();
    expect(screen.getByText('60 tokens')).toBeTruthy();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['February 2025', 'January 2025', 'Unknown Date']);
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    const table = screen.getByRole('table');
    expect(within(table).getByText('+30 tokens')).toBeTruthy();
    expect(within(table).getByText('-60 tokens').className).toMatch(/red/);
    expect(within(table).getByText('Refund')).toBeTruthy();
    expect(within(table).getByText('Usage')).toBeTruthy();
    expect(within(table).getByText('N/A')).toBeTruthy();
  });

  it('labels every ledger type in words, and shows N/A dates in the Unknown Date tab', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Unknown Date' }));
    const table = screen.getByRole('table');
    expect(within(table).getByText('Bonus')).toBeTruthy();
    expect(within(table).queryByText('bonus')).toBeNull();
    expect(within(table).getByText('N/A')).toBeTruthy();
    expect(within(table).getByText('+50 tokens').className).toMatch(/green/);
  });

  it('shows the empty states', async () => {
    renderPage([]);
    expect(await screen.findByText('No transactions found')).toBeTruthy();
    expect(screen.getByText("You don't have any transactions yet.")).toBeTruthy();
  });

  it('filters by type through the server and says which type is empty', async () => {
    const { calls } = renderPage(rows.filter((r) => r.type !== 'refund'));
    await screen.findAllByRole('tab');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Refunds' }));
    expect(await screen.findByText('No refund transactions found.')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/transactions?') && c.path.includes('type=refund'))).toBe(
      true,
    );
  });

  it('loads older transactions page by page through the next-cursor header', async () => {
    const fetches = renderPage(rows, 3);
    const older = await screen.findByRole('button', { name: 'Load older transactions' });
    expect(screen.queryByRole('tab', { name: 'Unknown Date' })).toBeNull();
    await userEvent.click(older);
    expect(await screen.findByRole('tab', { name: 'Unknown Date' })).toBeTruthy();
    expect(fetches.calls.some((c) => c.path.includes('cursor=3'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load older transactions' })).toBeNull();
  });

  it('rechecks payments and reports the tokens added', async () => {
    const { calls } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Check my payments' }));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/payments/recheck')).toBe(true);
  });
});

describe('TypeBadge', () => {
  afterEach(cleanup);
  it('gives every ledger type a human label and never shows a raw key', () => {
    const labels: Record<string, string> = {
      purchase: 'Purchase',
      usage: 'Usage',
      refund: 'Refund',
      bonus: 'Bonus',
      admin_adjustment: 'Admin adjustment',
    };
    for (const type of TRANSACTION_TYPES) {
      const { unmount } = render(<TypeBadge type={type} />);
      expect(screen.getByText(labels[type])).toBeTruthy();
      unmount();
    }
    render(<TypeBadge type="promo_credit" />);
    expect(screen.getByText('Promo credit')).toBeTruthy();
  });
});
