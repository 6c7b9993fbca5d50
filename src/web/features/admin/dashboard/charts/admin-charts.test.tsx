import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DailyStatsDay } from '@shared/schemas/admin-stats';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { AdminCharts } from './admin-charts';

// The charts are a lazy chunk (recharts). Loading it here, outside any test, keeps its transform
// (seconds on a busy machine) out of the tests' five-second waits for the charts to show.
await import('./daily-charts');

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const DAY = 86_400_000;
function series(n: number): DailyStatsDay[] {
  const last = Date.UTC(2026, 10, 26);
  return Array.from({ length: n }, (_, i) => ({
    date: new Date(last - (n - 1 - i) * DAY).toISOString().slice(0, 10),
    revenueCents: i === n - 1 ? 123456 : i === 0 ? -999 : 0,
    purchases: i % 3,
    signups: i,
    images: 1000 + i,
    trainingsReady: 2,
    trainingsFailed: i === n - 1 ? 1 : 0,
    tokensSpent: 10 * i,
    tokensBought: 100,
  }));
}

function renderCharts() {
  const fetches = mockFetch({
    'GET /api/admin/stats/daily': ({ url }) => ({
      body: { days: series(Number(url.searchParams.get('days'))) },
    }),
  });
  renderWithProviders(<AdminCharts />, { client: createTestQueryClient() });
  return fetches;
}

describe('AdminCharts', () => {
  afterEach(cleanup);

  it('draws six charts for 30 days and shows each one as a table on demand', async () => {
    const { calls } = renderCharts();
    expect(calls.map((c) => c.path)).toContain('/api/admin/stats/daily?days=30');
    const revenue = await screen.findByTestId('chart-revenue', {}, { timeout: 5000 });
    for (const id of ['revenue', 'purchases', 'signups', 'images', 'trainings', 'tokens'])
      expect(screen.getByTestId(`chart-${id}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    // jsdom lays nothing out, so the SVG itself is checked by tests/e2e/admin-charts.test.ts;
    // here: the figure's caption that screen readers hear in its place
    expect(
      within(revenue).getByText(/Revenue per day, last 30 days \(UTC\)\. Revenue: \$1,224\.57/),
    ).toBeTruthy();

    const toggle = within(revenue).getByRole('button', { name: 'Show table of revenue' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = within(revenue).getByRole('table', { name: 'Revenue per day, last 30 days (UTC)' });
    const rows = within(table).getAllByRole('row');
    // a header, 30 days, a total
    expect(rows).toHaveLength(32);
    expect(within(rows[30]).getByRole('rowheader').textContent).toBe('2026-11-26');
    expect(within(rows[30]).getByText('$1,234.56')).toBeTruthy();
    expect(within(rows[1]).getByText('-$9.99')).toBeTruthy();
    expect(within(rows[31]).getByText('$1,224.57')).toBeTruthy();

    const trainings = screen.getByTestId('chart-trainings');
    await userEvent.click(within(trainings).getByRole('button', { name: /Show table/ }));
    const t = within(trainings).getByRole('table');
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Ready', 'Failed']);
    const total = within(t).getAllByRole('row').at(-1)!;
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['60', '1']);
    await userEvent.click(within(revenue).getByRole('button', { name: 'Hide table of revenue' }));
    expect(within(revenue).queryByRole('table')).toBeNull();
  });

  it('switches the period and asks the server for it', async () => {
    const { calls } = renderCharts();
    await screen.findByTestId('chart-images', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/admin/stats/daily?days=7'));
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    const images = screen.getByTestId('chart-images');
    await userEvent.click(within(images).getByRole('button', { name: /Show table/ }));
    await waitFor(() => expect(within(images).getAllByRole('row')).toHaveLength(9));
    expect(
      within(images).getByRole('table', { name: 'Images generated per day, last 7 days (UTC)' }),
    ).toBeTruthy();
  });

  it('says so when the figures cannot be loaded', async () => {
    mockFetch({ 'GET /api/admin/stats/daily': { status: 500, body: { error: 'x' } } });
    renderWithProviders(<AdminCharts />, { client: createTestQueryClient() });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Could not load the charts.')).toBeTruthy();
  });
});
