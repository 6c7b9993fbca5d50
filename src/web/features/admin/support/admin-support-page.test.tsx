import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { AdminSupportPage } from './admin-support-page';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const ticket = (id: string, status: string, over: Record<string, unknown> = {}) => ({
  id,
  subject: `Subject ${id}`,
  message: `Message ${id}`,
  priority: 'medium',
  status,
  createdAt: '2025-01-01T10:00:00Z',
  updatedAt: '2025-01-01T10:00:00Z',
  adminNotes: [],
  modelId: null,
  model: null,
  user: { id: 'u1', username: 'ann_1', email: 'ann@example.com' },
  ...over,
});

describe('AdminSupportPage', () => {
  afterEach(cleanup);

  it('counts, tabs and notes as docs/product/spec-part-2.md §2 describes', async () => {
    const client = createTestQueryClient();
    client.setQueryData(['/api/auth/user'], { user: makeUser({ isAdmin: true }) });
    const { calls } = mockFetch({
      'GET /api/support/tickets': {
        body: [
          ticket('t1', 'open', { model: { id: 'm1', name: 'Summer look' }, modelId: 'm1' }),
          ticket('t2', 'in_progress'),
          ticket('t3', 'closed', { user: null }),
        ],
      },
      'POST /api/support/tickets/t1/notes': { status: 201, body: { success: true } },
    });
    renderWithProviders(<AdminSupportPage />, { client, route: '/admin/support' });
    expect(await screen.findByText('Subject t1')).toBeTruthy();
    expect(calls[0]?.path).toBe('/api/support/tickets?includeResolved=true');
    expect(screen.getByTestId('ticket-stat-Total Tickets').textContent).toBe('3');
    expect(screen.getByTestId('ticket-stat-Resolved').textContent).toBe('1');
    expect(screen.getByRole('tab', { name: 'Open (1)' }).getAttribute('aria-selected')).toBe('true');

    const card = screen.getByText('Subject t1').closest('[data-testid="admin-ticket"]') as HTMLElement;
    const toggle = within(card).getByRole('button', { name: 'Ticket Details' });
    expect(toggle.getAttribute('aria-controls')).toBeNull();
    await userEvent.click(toggle);
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /Summer look/ })
        .getAttribute('target'),
    ).toBe('_blank');

    // a blank note is not sent; a real one is, and the box clears
    const box = within(card).getByLabelText('Add Admin Note');
    await userEvent.type(box, '   ');
    expect((within(card).getByRole('button', { name: 'Add Note' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(box, 'Looking into it');
    await userEvent.click(within(card).getByRole('button', { name: 'Add Note' }));
    await vi.waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ note: 'Looking into it' });

    await userEvent.type(screen.getByLabelText('Search tickets'), 'ANN@EXAMPLE');
    expect(screen.getByRole('tab', { name: 'Resolved (0)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Resolved (0)' }));
    expect(await screen.findByText('No resolved tickets.')).toBeTruthy();
  });
});
