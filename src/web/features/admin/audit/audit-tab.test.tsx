import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@shared/schemas/audit';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';
import { mockFetch, renderWithProviders } from '@web/testing/render';
import { AuditTab } from './audit-tab';
import { AuditTable, changedFields } from './components/audit-table';

// these tests are about the page; the select's own loading is tested in components/ui/select.test.tsx

const TARGET = '3f2b9c1e-0d4a-4b8e-9a51-7c2d1e0f9a11';

function entry(over: Partial<AuditEntry>): AuditEntry {
  return {
    id: crypto.randomUUID(),
    action: 'user.balance',
    admin: { id: 'a1', username: 'root_admin' },
    targetUser: { id: TARGET, username: 'alice' },
    entity: null,
    before: { tokenBalance: 10 },
    after: { tokenBalance: 250 },
    createdAt: '2026-11-26T10:00:00.000Z',
    ...over,
  };
}

beforeAll(shimRadixForJsdom);
afterEach(cleanup);

describe('AuditTable', () => {
  it('shows who, what, on whom, when and each change as before → after', () => {
    renderWithProviders(
      <AuditTable
        loading={false}
        entries={[
          entry({}),
          entry({
            action: 'theme.update',
            targetUser: null,
            entity: { type: 'site_theme', id: '1' },
            before: { profiles: { standard: { primaryColor: '#111111' } } },
            after: { profiles: { standard: { primaryColor: '#00a2c0' } } },
          }),
          entry({
            action: 'user.password_reset',
            targetUser: { id: TARGET, username: null },
            before: null,
            after: null,
          }),
        ]}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const balance = within(rows[0]);
    expect(balance.getByText('root_admin')).toBeTruthy();
    expect(balance.getByText('Balance changed')).toBeTruthy();
    expect(balance.getByText('alice')).toBeTruthy();
    expect(balance.getByText(TARGET)).toBeTruthy();
    expect(balance.getByText('tokenBalance:')).toBeTruthy();
    expect(balance.getByText('10')).toBeTruthy();
    expect(balance.getByText('250')).toBeTruthy();
    expect(balance.getByLabelText('changed to')).toBeTruthy();
    expect(rows[0].querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-26T10:00:00.000Z');

    const theme = within(rows[1]);
    expect(theme.getByText('Theme changed')).toBeTruthy();
    expect(theme.getByText('profiles.standard.primaryColor:')).toBeTruthy();
    expect(theme.getByText('#00a2c0')).toBeTruthy();

    // a deleted target keeps its id, never a name; an event without fields reads as a dash
    const reset = within(rows[2]);
    expect(reset.getByText('Deleted user')).toBeTruthy();
    expect(reset.getByText('Password reset')).toBeTruthy();
    expect(reset.getAllByText('—').length).toBeGreaterThan(0);
  });

  it('says so when nothing matches', () => {
    renderWithProviders(<AuditTable loading={false} entries={[]} />);
    expect(screen.getByText('No admin actions match these filters.')).toBeTruthy();
  });

  it('flattens nested changes and keeps one-sided fields', () => {
    expect(changedFields({ a: { b: 1 } }, { a: { b: 2 }, c: true })).toEqual([
      { field: 'a.b', before: 1, after: 2 },
      { field: 'c', before: undefined, after: true },
    ]);
    expect(changedFields(null, null)).toEqual([]);
  });
});

describe('AuditTab', () => {
  it('filters by action, target and dates, and loads older pages', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/audit': ({ url }) =>
        url.searchParams.get('cursor')
          ? {
              body: {
                entries: [entry({ targetUser: { id: TARGET, username: 'older_page' } })],
                nextCursor: null,
              },
            }
          : { body: { entries: [entry({})], nextCursor: 'next-page' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AuditTab />);
    expect(await screen.findByText('alice')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('older_page')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('cursor=next-page'))).toBe(true);

    // every control has a visible label
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Admin access changed' }));
    await user.type(screen.getByLabelText('Target user id'), 'not-an-id');
    expect(await screen.findByText('Enter a full user id (as shown in the Users tab)')).toBeTruthy();
    await user.clear(screen.getByLabelText('Target user id'));
    await user.type(screen.getByLabelText('Target user id'), TARGET);
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await expect
      .poll(() => calls.map((c) => c.path))
      .toContainEqual(
        `/api/admin/audit?action=user.admin&targetUserId=${TARGET}&from=2026-11-01&to=2026-11-30`,
      );
    // a half-typed id was never sent
    expect(calls.some((c) => c.path.includes('not-an-id'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect((screen.getByLabelText('Target user id') as HTMLInputElement).value).toBe('');
  });

  it('refuses an inverted date range without asking the server', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/audit': { body: { entries: [], nextCursor: null } } });
    const user = userEvent.setup();
    renderWithProviders(<AuditTab />);
    await screen.findByText('No admin actions match these filters.');
    await user.type(screen.getByLabelText('From'), '2026-11-20');
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    expect(await screen.findByText('The start date must be on or before the end date')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('to=2026-11-01'))).toBe(false);
  });
});
