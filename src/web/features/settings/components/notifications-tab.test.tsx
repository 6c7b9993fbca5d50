import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@web/testing/render';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';
import { resetToasts } from '@web/components/ui/use-toast';
import { NotificationsTab } from './notifications-tab';

describe('Settings → Notifications', () => {
  beforeAll(shimRadixForJsdom);
  beforeEach(resetToasts);
  afterEach(cleanup);

  it('shows one labelled mail switch per kind and turns one kind off', async () => {
    const mail = {
      training_ready: true,
      training_failed: true,
      purchase_credited: true,
      support_ticket: false,
      data_export_ready: true,
      pack_ready: true,
    };
    const { calls } = mockFetch({
      'GET /api/notifications/preferences': () => ({ body: { mail } }),
      'PATCH /api/notifications/preferences': ({ body }) => {
        Object.assign(mail, (body as { mail: Record<string, boolean> }).mail);
        return { body: { mail } };
      },
    });
    renderWithProviders(<NotificationsTab />);
    const ready = await screen.findByRole('switch', { name: 'A model finished training' });
    expect(ready.getAttribute('aria-checked')).toBe('true');
    expect(
      screen
        .getByRole('switch', { name: 'Support answered a ticket or changed its status' })
        .getAttribute('aria-checked'),
    ).toBe('false');
    expect(screen.getAllByRole('switch')).toHaveLength(6);
    await userEvent.click(ready);
    await waitFor(() => expect(ready.getAttribute('aria-checked')).toBe('false'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ mail: { training_ready: false } });
  });
});
