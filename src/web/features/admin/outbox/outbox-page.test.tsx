import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { OutboxPage } from './outbox-page';

const message = {
  id: 'm1',
  to: 'ann@example.com',
  subject: 'Verify your e-mail',
  text: 'Hi ann,\n\nVerify: http://127.0.0.1:3000/verify-email?token=abc',
  html: '<p>Hi</p>',
  createdAt: '2025-01-01T10:00:00Z',
  sentAt: '2025-01-01T10:00:00Z',
  error: null,
  transport: 'outbox',
};

describe('OutboxPage', () => {
  afterEach(cleanup);

  it('lists the plain message list the endpoint answers, with links made clickable', async () => {
    const client = createTestQueryClient();
    client.setQueryData(['/api/auth/user'], { user: makeUser({ isAdmin: true }) });
    const { calls } = mockFetch({ 'GET /api/admin/outbox': { body: [message] } });
    renderWithProviders(<OutboxPage />, { client, route: '/admin/outbox' });
    expect(await screen.findByText('Verify your e-mail')).toBeTruthy();
    expect(calls[0]?.path).toBe('/api/admin/outbox?limit=50');
    // one message, fewer than a page: nothing more to load
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show message' }));
    const link = screen.getByRole('link', { name: 'http://127.0.0.1:3000/verify-email?token=abc' });
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:3000/verify-email?token=abc');
  });
});
