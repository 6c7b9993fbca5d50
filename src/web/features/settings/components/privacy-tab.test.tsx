import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@web/testing/render';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';
import { resetToasts } from '@web/components/ui/use-toast';
import { DataExportCard } from './data-export-card';
import { DeleteAccountCard } from './delete-account-card';

const EXPORT_ID = '11111111-2222-4333-8444-555555555555';

describe('DataExportCard', () => {
  beforeEach(resetToasts);
  afterEach(cleanup);

  it('asks for an export, shows it pending, then offers the link with its expiry', async () => {
    let status: 'pending' | 'ready' = 'pending';
    const view = () =>
      status === 'pending'
        ? { id: EXPORT_ID, status, createdAt: '2026-11-26T10:00:00.000Z' }
        : {
            id: EXPORT_ID,
            status,
            createdAt: '2026-11-26T10:00:00.000Z',
            downloadUrl: `http://x/files/u/a/exports/${EXPORT_ID}.zip`,
            expiresAt: '2026-11-28T10:00:00.000Z',
            bytes: 3 * 1024 * 1024,
          };
    let asked = false;
    const { calls } = mockFetch({
      'GET /api/user/exports/latest': () => ({ body: { export: asked ? view() : null } }),
      'POST /api/user/exports': () => {
        asked = true;
        return { status: 202, body: { export: view() } };
      },
    });
    renderWithProviders(<DataExportCard />);
    expect(await screen.findByText('You have no export yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText(/Preparing your archive/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export in progress' })).toHaveProperty('disabled', true);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    status = 'ready';
    const link = await screen.findByRole('link', { name: /Download archive/ }, { timeout: 5000 });
    expect(link.getAttribute('href')).toContain(`/exports/${EXPORT_ID}.zip`);
    expect(
      within(screen.getByTestId('export-status')).getByText(/Available to you, signed in, until/),
    ).toBeTruthy();
  });

  it('says why a second export is refused', async () => {
    mockFetch({
      'GET /api/user/exports/latest': { body: { export: null } },
      'POST /api/user/exports': {
        status: 429,
        body: { error: 'You can ask for a few exports a day.', message: 'x', code: 'RATE_LIMITED' },
      },
    });
    renderWithProviders(<DataExportCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Export my data' }));
    expect(await screen.findByText('You can ask for a few exports a day.')).toBeTruthy();
  });
});

describe('DeleteAccountCard', () => {
  beforeAll(shimRadixForJsdom);
  beforeEach(resetToasts);
  afterEach(cleanup);

  it('explains what goes and what stays, refuses a wrong password, then signs out to /', async () => {
    const { calls } = mockFetch({
      'DELETE /api/user/account': ({ body }) =>
        (body as { password: string }).password === 'Harbor-Lamp-42'
          ? { status: 202, body: { success: true, message: 'ok' } }
          : {
              status: 400,
              body: {
                error: 'Current password is incorrect',
                message: 'Current password is incorrect',
                code: 'INVALID_PASSWORD',
                fields: { currentPassword: 'Current password is incorrect' },
              },
            },
    });
    renderWithProviders(<DeleteAccountCard />, { route: '/settings?tab=privacy' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/purchases and token history stay for accounting/)).toBeTruthy();
    expect(within(dialog).getByText(/training photos/)).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Delete my account for good' });
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Please enter your password')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/user/account')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong-one');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Current password is incorrect')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/settings?tab=privacy');

    await userEvent.clear(within(dialog).getByLabelText('Your password'));
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'Harbor-Lamp-42');
    await userEvent.click(submit);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(calls.filter((c) => c.path === '/api/user/account').at(-1)?.body).toEqual({
      password: 'Harbor-Lamp-42',
    });
  });

  it('says when the model host (Runware) offers no removal, as the running configuration has it', async () => {
    mockFetch({
      'GET /api/config': {
        body: {
          engines: {
            training: 'replicate',
            hosting: 'runware',
            images: 'runware',
            vision: 'runware',
            payments: 'offline',
            mail: 'outbox',
            storage: 'local',
          },
        },
      },
    });
    renderWithProviders(<DeleteAccountCard />);
    expect(await screen.findByText(/offers no way to remove an uploaded model/)).toBeTruthy();
  });
});
