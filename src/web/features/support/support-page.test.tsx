import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@web/testing/fixtures';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { SupportPage } from './support-page';

// these tests are about the page; the select's own loading is tested in components/ui/select.test.tsx

const ticket = (over: Record<string, unknown>) => ({
  id: 't1',
  subject: 'Training failed',
  message: 'It stopped',
  priority: 'medium',
  status: 'open',
  createdAt: '2024-05-01T10:00:00Z',
  updatedAt: '2024-05-01T10:00:00Z',
  adminNotes: [],
  modelId: null,
  model: null,
  user: { id: 'u1', username: 'ann_1', email: 'ann@example.com' },
  ...over,
});

function renderSupport(route: string, tickets: unknown[]) {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser() });
  const fetches = mockFetch({
    'GET /api/support/tickets': { body: tickets },
    'GET /api/models': {
      body: [{ id: '11111111-1111-4111-8111-111111111111', name: 'Beach look', status: 'failed' }],
    },
    'POST /api/support/tickets': { status: 201, body: ticket({ id: 't9' }) },
  });
  renderWithProviders(<SupportPage />, { client, route });
  return fetches;
}

describe('SupportPage', () => {
  afterEach(cleanup);

  it('splits tickets into open and resolved and shows admin notes as Admin Response', async () => {
    renderSupport('/support', [
      ticket({
        id: 'a',
        status: 'in_progress',
        adminNotes: [{ id: 'n1', note: 'Looking into it', createdAt: '2024-05-02T10:00:00Z', author: null }],
      }),
      ticket({ id: 'b', subject: 'Old one', status: 'closed' }),
    ]);
    expect(await screen.findByRole('tab', { name: 'Open Tickets (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Resolved (1)' })).toBeTruthy();
    expect(screen.getByText('Admin Response')).toBeTruthy();
    expect(screen.getByText('Looking into it')).toBeTruthy();
    expect(screen.getByText('Get help with your models or general account questions.')).toBeTruthy();
  });

  it('shows the empty texts', async () => {
    renderSupport('/support', []);
    expect(await screen.findByText("You don't have any open support tickets.")).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Resolved (0)' }));
    expect(await screen.findByText("You don't have any resolved support tickets.")).toBeTruthy();
  });

  it('refuses blank fields and sends the model chosen by ?modelId', async () => {
    const { calls } = renderSupport('/support?modelId=11111111-1111-4111-8111-111111111111', []);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Related Model (optional)' }).textContent).toContain(
        'Beach look',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    expect(
      (await screen.findAllByText('Please fill in both subject and message fields.')).length,
    ).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // the blank field says why it is invalid
    expect(screen.getByRole('textbox', { name: 'Subject' }).getAttribute('aria-describedby')).toBe(
      'ticket-fields-error',
    );
    await userEvent.type(screen.getByLabelText('Subject'), 'Help');
    await userEvent.type(screen.getByLabelText('Message'), 'My training failed');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      subject: 'Help',
      message: 'My training failed',
      priority: 'medium',
      modelId: '11111111-1111-4111-8111-111111111111',
    });
  });
});
