import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@web/testing/fixtures';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { AdminPage } from './admin-page';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

function renderAdmin(isAdmin: boolean, extra: Parameters<typeof mockFetch>[0] = {}) {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser({ isAdmin }) });
  const fetches = mockFetch({
    'GET /api/admin/stats': { body: { totalUsers: 12, activeModels: 3, revenueInCents: 12345 } },
    'GET /api/admin/users': { body: [] },
    'GET /api/admin/ledger-check': { body: { ok: true, mismatches: [], checkedAt: '2024-05-01T10:00:00Z' } },
    ...extra,
  });
  renderWithProviders(<AdminPage />, {
    client,
    route: '/admin',
    path: '/admin',
    routes: [{ path: '/admin/support', element: <p>Support page</p> }],
  });
  return fetches;
}

describe('AdminPage', () => {
  afterEach(cleanup);

  it('tells a non-admin Access Denied and asks nothing of the admin API', async () => {
    const { calls } = renderAdmin(false);
    expect(screen.getByText('Access Denied')).toBeTruthy();
    expect(screen.getByText("You don't have permission to access the admin dashboard.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(calls.filter((c) => c.path.startsWith('/api/admin'))).toEqual([]);
  });

  it('shows the real figures and the admin links', async () => {
    renderAdmin(true, {
      'GET /api/admin/generated-images/count': { body: { count: 4321 } },
    });
    expect(await screen.findByText('$123.45')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.queryByText('753')).toBeNull();
    expect(await screen.findByText('4,321')).toBeTruthy();
    expect(screen.getByText(/Token ledger consistent/)).toBeTruthy();
    for (const href of [
      '/admin/image-gallery',
      '/admin/support',
      '/admin/upload-logs',
      '/admin/preset-styles/create',
      '/admin/outbox',
    ]) {
      expect(screen.getAllByRole('link').some((a) => a.getAttribute('href') === href)).toBe(true);
    }
  });

  it('invents no Total Images figure while the count is missing (docs/product/decisions.md §13)', async () => {
    renderAdmin(true);
    // the count endpoint answers 404 here: the card says so instead of showing a number
    expect(await screen.findByText('$123.45')).toBeTruthy();
    expect(screen.queryByText('753')).toBeNull();
    expect(screen.getByTestId('stat-Total Users').textContent).toBe('12');
    expect(screen.queryByTestId('stat-Total Images')).toBeNull();
    expect(await screen.findByText('Could not load')).toBeTruthy();
  });

  it('marks a user whose refunded or disputed payment left tokens owed', async () => {
    const user = (over: object) => ({
      id: 'u1',
      username: 'spender',
      email: 's@example.com',
      tokenBalance: 0,
      isAdmin: false,
      enableNSFW: false,
      status: 'active',
      emailVerified: true,
      createdAt: '2024-05-01T10:00:00Z',
      tokensOwed: 0,
      paymentFlag: null,
      ...over,
    });
    renderAdmin(true, {
      'GET /api/admin/users': {
        body: [
          user({
            tokensOwed: 250,
            paymentFlag: { reason: 'Payment pi_1 disputed (fraudulent)', flaggedAt: '2024-05-02T10:00:00Z' },
          }),
          user({ id: 'u2', username: 'clean' }),
        ],
      },
    });
    const badge = await screen.findByText('Owes 250');
    expect(badge.getAttribute('title')).toBe('Payment pi_1 disputed (fraudulent)');
    expect(screen.getAllByText(/^Owes /)).toHaveLength(1);
  });

  it('pages the models tab through the next-cursor header', async () => {
    const model = (i: number) => ({
      id: `m${i}`,
      name: `Model ${i}`,
      description: '',
      status: 'ready',
      createdAt: '2024-05-01T10:00:00Z',
      updatedAt: '2024-05-01T10:00:00Z',
      replicateModelId: null,
      zipUrl: null,
      runwareAirName: null,
      previewImageUrl: null,
      trainingImages: [],
      imageCount: 6,
      userId: 'u',
      userUsername: 'owner',
      userEmail: 'o@example.com',
    });
    const { calls } = renderAdmin(true, {
      'GET /api/admin/models': ({ url }) =>
        url.searchParams.get('cursor') === 'c2'
          ? { body: [model(3)] }
          : { body: [model(1), model(2)], headers: { 'x-next-cursor': 'c2' } },
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Models' }));
    expect(await screen.findByText('Model 2')).toBeTruthy();
    expect(screen.queryByText('Model 3')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Model 3')).toBeTruthy();
    expect(screen.getByText('Model 1')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/admin/models?') && c.path.includes('cursor=c2'))).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('lets the keyboard arrow across the tabs without leaving for the Support page', async () => {
    renderAdmin(true, { 'GET /api/admin/sales': { body: { sales: [], nextCursor: null } } });
    const sales = screen.getByRole('tab', { name: 'Sales' });
    sales.focus();
    await userEvent.keyboard('{Enter}');
    expect(sales.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Support');
    expect(screen.queryByText('Support page')).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Support page')).toBeTruthy();
  });

  it('shows the System tab from the server: jobs, the oldest pending job, failures, workers and engines', async () => {
    const now = '2026-11-24T12:00:00.000Z';
    const { calls } = renderAdmin(true, {
      'GET /api/admin/system': {
        body: {
          now,
          jobs: [
            { name: 'generation.render', status: 'queued', count: 7, oldestAt: '2026-11-24T11:48:00.000Z' },
            { name: 'models.train', status: 'running', count: 2, oldestAt: '2026-11-24T11:59:30.000Z' },
          ],
          oldestPending: {
            id: 'j1',
            name: 'generation.render',
            runAt: '2026-11-24T11:48:00.000Z',
            attempts: 1,
          },
          failures: [
            {
              id: 'f1',
              name: 'models.host',
              status: 'failed',
              attempts: 5,
              maxAttempts: 5,
              error: 'Runware answered 502',
              at: '2026-11-24T11:40:00.000Z',
            },
          ],
          workers: [
            {
              id: 'w1',
              role: 'worker',
              pid: 4242,
              host: 'node-a',
              startedAt: '2026-11-24T10:00:00.000Z',
              lastSeen: '2026-11-24T11:59:50.000Z',
              activeJobs: 3,
              gone: false,
            },
            {
              id: 'w2',
              role: 'all',
              pid: 77,
              host: 'node-b',
              startedAt: '2026-11-24T09:00:00.000Z',
              lastSeen: '2026-11-24T11:30:00.000Z',
              activeJobs: 0,
              gone: true,
            },
          ],
        },
      },
      'GET /api/config': {
        body: {
          engines: {
            training: 'replicate',
            hosting: 'offline',
            images: 'offline',
            vision: 'offline',
            payments: 'stripe',
            mail: 'outbox',
            storage: 's3',
          },
        },
      },
    });
    await userEvent.click(screen.getByRole('tab', { name: 'System' }));
    expect((await screen.findByTestId('oldest-pending')).textContent).toContain('generation.render');
    expect(screen.getByTestId('oldest-pending').textContent).toContain('12 min');
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.getByText('Runware answered 502')).toBeTruthy();
    expect(screen.getByText('gave up')).toBeTruthy();
    expect(screen.getByText('5 / 5')).toBeTruthy();
    expect(screen.getByText('node-a · pid 4242')).toBeTruthy();
    expect(screen.getByText('alive')).toBeTruthy();
    expect(screen.getByText('gone')).toBeTruthy();
    expect((await screen.findByTestId('engine-training')).textContent).toBe('trainingreplicate');
    expect(screen.getByTestId('engine-storage').textContent).toBe('storages3');
    expect(calls.some((c) => c.path === '/api/admin/system')).toBe(true);
  });
});
