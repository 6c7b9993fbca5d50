import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@web/testing/render';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';
import { resetToasts } from '@web/components/ui/use-toast';
import { NotificationBell } from './components/notification-bell';
import { NotificationsPage } from './notifications-page';
import { setBrowserLanguages } from '@web/testing/browser-languages';

const item = (n: number, over: Partial<{ readAt: string | null; expiresAt: string | null }> = {}) => ({
  id: `11111111-2222-4333-8444-${String(n).padStart(12, '0')}`,
  kind: 'training_ready',
  title: `Model ${n} is ready`,
  body: `Model ${n} finished training.`,
  link: `/models/m${n}` as string | null,
  expiresAt: null as string | null,
  readAt: null as string | null,
  createdAt: '2026-11-26T10:00:00.000Z',
  ...over,
});

/** A server of three notifications, two to a page, that marks read as asked. */
function server() {
  const all = [item(3), item(2), item(1, { readAt: '2026-11-26T09:00:00.000Z' })];
  const unread = () => all.filter((n) => n.readAt === null).length;
  return mockFetch({
    'GET /api/notifications': ({ url }) => {
      const start = url.searchParams.get('cursor') === 'page2' ? 2 : 0;
      return {
        body: {
          notifications: all.slice(start, start + 2),
          unread: unread(),
          nextCursor: start === 0 ? 'page2' : null,
        },
      };
    },
    'POST /api/notifications/read': ({ body }) => {
      const b = body as { ids?: string[]; all?: true };
      for (const n of all) if (b.all || b.ids?.includes(n.id)) n.readAt = '2026-11-26T11:00:00.000Z';
      return { body: { success: true, unread: unread() } };
    },
  });
}

describe('notifications', () => {
  beforeAll(shimRadixForJsdom);
  beforeEach(resetToasts);
  afterEach(cleanup);

  it('the bell names the unread count and links to the list', async () => {
    server();
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(screen.getByTestId('notification-count').textContent).toBe('2');
  });

  it('lists newest first, pages with Load more, marks one and then all as read', async () => {
    const { calls } = server();
    renderWithProviders(<NotificationsPage />, { route: '/notifications' });
    let items = await screen.findAllByTestId('notification-item');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Model 3 is ready'),
      expect.stringContaining('Model 2 is ready'),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // the read one carries no "Mark as read"
    items = screen.getAllByTestId('notification-item');
    expect(within(items[2]!).queryByRole('button', { name: /Mark as read/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Mark as read: Model 3 is ready' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark as read: Model 3 is ready' })).toBeNull(),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: [item(3).id] });

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Mark as read/ })).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ all: true });
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('opening one marks it read and goes to its subject', async () => {
    const { calls } = server();
    renderWithProviders(<NotificationsPage />, {
      route: '/notifications',
      path: '/notifications',
      routes: [{ path: '/models/:id', element: <p>model page</p> }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Open: Model 2 is ready' }));
    expect(await screen.findByText('model page')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: [item(2).id] });
  });

  it('says so when there is nothing yet', async () => {
    mockFetch({
      'GET /api/notifications': { body: { notifications: [], unread: 0, nextCursor: null } },
    });
    renderWithProviders(<NotificationsPage />);
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    renderWithProviders(<NotificationBell />);
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
  });

  it("writes when an offer ends in the reader's own locale", async () => {
    const restore = setBrowserLanguages(['de-DE', 'de']);
    try {
      mockFetch({
        'GET /api/notifications': {
          body: {
            notifications: [item(1, { expiresAt: '2026-12-04T12:21:30.000Z' })],
            unread: 1,
            nextCursor: null,
          },
        },
      });
      renderWithProviders(<NotificationsPage />, { route: '/notifications' });
      const [notice] = await screen.findAllByTestId('notification-item');
      const until = within(notice).getByText(/^Available until/);
      expect(until.textContent).toMatch(/^Available until 4\. Dez\. 2026, \d\d:\d\d\.$/);
      expect(until.querySelector('time')?.getAttribute('datetime')).toBe('2026-12-04T12:21:30.000Z');
    } finally {
      restore();
    }
  });
});
