import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@web/testing/render';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';
import { resetToasts } from '@web/components/ui/use-toast';
import { ApiKeysTab } from './api-keys-tab';

const KEY_ID = '11111111-2222-4333-8444-555555555555';
const TOKEN = `ls_0123456789abcdef_${'x'.repeat(43)}`;
const key = (over: Record<string, unknown> = {}) => ({
  id: KEY_ID,
  name: 'Build server',
  scopes: ['read', 'generate'],
  prefix: 'ls_0123456789abcdef',
  createdAt: '2026-11-26T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2027-02-24T10:00:00.000Z',
  ...over,
});

describe('Settings → API keys', () => {
  beforeAll(shimRadixForJsdom);
  beforeEach(resetToasts);
  afterEach(cleanup);

  it('creates a key with its scopes, expiry and the password, and shows the token once', async () => {
    let keys: ReturnType<typeof key>[] = [];
    const { calls } = mockFetch({
      'GET /api/user/api-keys': () => ({ body: { apiKeys: keys } }),
      'POST /api/user/api-keys': ({ body }) => {
        const b = body as { name: string; scopes: string[]; password: string };
        if (b.password !== 'Harbor-Lamp-42')
          return {
            status: 400,
            body: {
              error: 'Bad Request',
              message: 'Current password is incorrect',
              code: 'INVALID_PASSWORD',
              fields: { password: 'Current password is incorrect' },
            },
          };
        keys = [key({ name: b.name, scopes: b.scopes, expiresAt: null })];
        return { status: 201, body: { apiKey: { ...keys[0], token: TOKEN } } };
      },
    });
    renderWithProviders(<ApiKeysTab />);
    expect(await screen.findByText('You have no API keys yet.')).toBeTruthy();
    const open = screen.getByRole('button', { name: 'Create API key' });
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    // nothing named, no scope, no password: each refused in place, nothing sent
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Read/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(within(dialog).getByText('Please name the key')).toBeTruthy();
    expect(within(dialog).getByText('Pick at least one scope')).toBeTruthy();
    expect(within(dialog).getByText('Please enter your password')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'CI');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Generate/ }));
    const expiry = within(dialog).getByRole('combobox', { name: 'Expires after' });
    expect(expiry.textContent).toBe('90 days');
    await userEvent.click(expiry);
    await userEvent.click(await screen.findByRole('option', { name: 'Never' }));
    expect(expiry.textContent).toBe('Never');
    // a wrong password is said at the field
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Your password'));
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'Harbor-Lamp-42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByLabelText('API key')).toHaveProperty('value', TOKEN);
    expect(within(shown).getByText(/only time the key is shown/)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy API key' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      name: 'CI',
      scopes: ['generate'],
      expiresInDays: null,
      password: 'Harbor-Lamp-42',
    });
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the token is gone with the dialog; the list shows the key without it
    const row = await screen.findByTestId('api-key-row');
    expect(row.textContent).toContain('CI');
    expect(row.textContent).toContain('Never used');
    expect(row.textContent).toContain('Never expires');
    expect(document.body.textContent).not.toContain(TOKEN);
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('lists scopes, last use and expiry, and revokes after asking', async () => {
    let keys = [key({ lastUsedAt: '2026-11-26T11:00:00.000Z' })];
    const { calls } = mockFetch({
      'GET /api/user/api-keys': () => ({ body: { apiKeys: keys } }),
      [`DELETE /api/user/api-keys/${KEY_ID}`]: () => {
        keys = [];
        return { body: { success: true } };
      },
    });
    renderWithProviders(<ApiKeysTab />);
    const row = await screen.findByTestId('api-key-row');
    expect(within(row).getByText('Read')).toBeTruthy();
    expect(within(row).getByText('Generate')).toBeTruthy();
    expect(row.textContent).toMatch(/Last used/);
    expect(row.textContent).toMatch(/Expires /);
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke Build server' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('stop working at once');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('You have no API keys yet.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('shows a curl example on the page’s own origin and links the reference', async () => {
    mockFetch({ 'GET /api/user/api-keys': { body: { apiKeys: [] } } });
    renderWithProviders(<ApiKeysTab />);
    const example = await screen.findByLabelText('curl example');
    expect(example.textContent).toContain(
      `curl -H "Authorization: Bearer $LORA_API_KEY" ${window.location.origin}/api/models`,
    );
    expect(screen.getByRole('link', { name: /API reference/ }).getAttribute('href')).toBe('/docs/api');
  });

  it('offers no new key once the ceiling is reached', async () => {
    const many = Array.from({ length: 10 }, (_, i) =>
      key({ id: `11111111-2222-4333-8444-55555555555${i}`, name: `k${i}` }),
    );
    mockFetch({ 'GET /api/user/api-keys': { body: { apiKeys: many } } });
    renderWithProviders(<ApiKeysTab />);
    expect(await screen.findByText(/10 of 10 keys: revoke one/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create API key' })).toHaveProperty('disabled', true);
  });
});
