import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLedgerEntry, ledgerMismatches } from '../tokens/ledger.service';
import { transactions } from '../../db/schema/index';
import { ADMIN, createHarness, type Client, type Harness } from '../../test/harness';

let h: Harness;
let admin: Client;
let adminId: string;

beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
  admin = await h.admin();
  adminId = (await admin.get('/api/auth/user')).json().user.id;
});
afterAll(async () => {
  await h?.close();
});

const ledgerOf = async (userId: string) =>
  (await h.deps.db.select().from(transactions)).filter((t) => t.userId === userId);

describe('admin users', () => {
  it('creates a user with spec validation, initial tokens as one admin_adjustment row', async () => {
    const bad = await admin.post('/api/admin/users', { username: 'ab', email: 'x', password: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
    const chars = await admin.post('/api/admin/users', {
      username: 'bad name',
      email: 'a@b.co',
      password: '123456',
    });
    expect(chars.json().error).toBe('Username can only contain letters, numbers, and underscores');

    const res = await admin.post('/api/admin/users', {
      username: 'made_by_admin',
      email: 'made@example.com',
      password: 'Quiet-Otter-9',
      tokenBalance: 120,
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      username: 'made_by_admin',
      isAdmin: false,
      tokenBalance: 120,
      status: 'active',
    });
    expect(await ledgerOf(user.id)).toMatchObject([
      { type: 'admin_adjustment', amount: 120, balanceAfter: 120 },
    ]);
    // the new account signs in with the password the admin chose
    await h.client().login('made_by_admin', 'Quiet-Otter-9');

    const zero = await admin.post('/api/admin/users', {
      username: 'zero_tokens',
      email: 'zero@example.com',
      password: 'Quiet-Otter-9',
    });
    expect(zero.json().user).toMatchObject({ tokenBalance: 0, isAdmin: false });
    expect(await ledgerOf(zero.json().user.id)).toEqual([]);

    const dup = await admin.post('/api/admin/users', {
      username: 'MADE_BY_ADMIN',
      email: 'other@example.com',
      password: 'Quiet-Otter-9',
    });
    expect(dup.statusCode).toBe(409);
  });

  it('lists users with search and cursor paging', async () => {
    for (let i = 0; i < 3; i++) await h.client().register(`pager_${i}`);
    const firstRes = await admin.get('/api/admin/users?search=PAGER&limit=2');
    const first = firstRes.json();
    expect(first).toHaveLength(2);
    const cursor = firstRes.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const secondRes = await admin.get(`/api/admin/users?search=pager&limit=2&cursor=${cursor}`);
    const second = secondRes.json();
    expect(second).toHaveLength(1);
    expect(secondRes.headers['x-next-cursor']).toBeUndefined();
    const names = [...first, ...second].map((u: { username: string }) => u.username).sort();
    expect(names).toEqual(['pager_0', 'pager_1', 'pager_2']);
    const byEmail = (await admin.get('/api/admin/users?search=made%40example')).json();
    expect(byEmail.map((u: { username: string }) => u.username)).toEqual(['made_by_admin']);
    expect(byEmail[0].passwordHash).toBeUndefined();
  });

  it("never shows the user the admin's username in billing history, old rows included", async () => {
    const c = h.client();
    const u = await c.register('history_user');
    await admin.post('/api/admin/users/update-balance', { userId: u.id, tokenBalance: 300 });
    // a row written before the wording changed
    await h.deps.db.transaction((tx) =>
      applyLedgerEntry(tx, {
        userId: u.id,
        type: 'admin_adjustment',
        amount: 5,
        idempotencyKey: `legacy:${u.id}`,
        description: 'Balance set from 300 to 305 by admin acceptadmin',
        refType: 'user',
        refId: adminId,
      }),
    );
    const descriptions = (await c.get('/api/transactions'))
      .json()
      .map((t: { description: string }) => t.description);
    expect(descriptions).toEqual(
      expect.arrayContaining([
        'Balance set from 50 to 300 by Support',
        'Balance set from 300 to 305 by Support',
      ]),
    );
    expect(descriptions.join(' ')).not.toContain(ADMIN.username);
    expect(descriptions.join(' ')).not.toContain('acceptadmin');
  });

  it('groups the numbers of a balance change as the amount beside it is grouped', async () => {
    const c = h.client();
    const u = await c.register('grouped_user');
    await admin.post('/api/admin/users/update-balance', { userId: u.id, tokenBalance: 1110 });
    await admin.post('/api/admin/users/update-balance', { userId: u.id, tokenBalance: 100 });
    const rows = (await c.get('/api/transactions')).json() as { description: string; amount: number }[];
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ description: 'Balance set from 1,110 to 100 by Support', amount: -1010 }),
      ]),
    );
  });

  it('sets a balance as one ledger row of the difference; validates the number', async () => {
    const u = await h.client().register('balance_user');
    const up = await admin.post('/api/admin/users/update-balance', { userId: u.id, tokenBalance: 500 });
    expect(up.json()).toEqual({ success: true, newBalance: 500 });
    const down = await admin.post('/api/admin/users/update-balance', { userId: u.id, tokenBalance: 20 });
    expect(down.json().newBalance).toBe(20);
    const same = await admin.post('/api/admin/users/update-balance', { userId: u.id, tokenBalance: 20 });
    expect(same.json().newBalance).toBe(20);
    const rows = await ledgerOf(u.id);
    expect(rows.map((r) => [r.type, r.amount])).toEqual(
      expect.arrayContaining([
        ['bonus', 50],
        ['admin_adjustment', 450],
        ['admin_adjustment', -480],
      ]),
    );
    expect(rows).toHaveLength(3);
    for (const tokenBalance of ['abc', -5, 1.5, null]) {
      const res = await admin.post('/api/admin/users/update-balance', { userId: u.id, tokenBalance });
      expect(res.statusCode).toBe(400);
    }
    expect(
      (await admin.post('/api/admin/users/update-balance', { userId: u.id, tokenBalance: 'abc' })).json()
        .error,
    ).toBe('Please enter a valid number');
    const missing = await admin.post('/api/admin/users/update-balance', {
      userId: '00000000-0000-4000-8000-000000000000',
      tokenBalance: 1,
    });
    expect(missing.statusCode).toBe(404);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });

  it('serialises concurrent balance sets (the user row is locked)', async () => {
    const u = await h.client().register('race_user');
    const results = await Promise.all(
      [100, 200, 300, 400].map((n) =>
        admin.post('/api/admin/users/update-balance', { userId: u.id, tokenBalance: n }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const final = (await h.deps.db.query.users.findFirst({ where: (t, { eq }) => eq(t.id, u.id) }))!
      .tokenBalance;
    expect([100, 200, 300, 400]).toContain(final);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });

  it('toggles admin and NSFW; an admin cannot drop their own admin flag', async () => {
    const c = h.client();
    const u = await c.register('flag_user');
    expect(
      (await admin.post('/api/admin/users/toggle-admin', { userId: u.id, isAdmin: true })).json().user
        .isAdmin,
    ).toBe(true);
    expect((await c.get('/api/admin/stats')).statusCode).toBe(200);
    expect(
      (await admin.post('/api/admin/users/toggle-admin', { userId: u.id, isAdmin: false })).json().user
        .isAdmin,
    ).toBe(false);
    expect((await c.get('/api/admin/stats')).statusCode).toBe(403);
    const self = await admin.post('/api/admin/users/toggle-admin', { userId: adminId, isAdmin: false });
    expect(self.statusCode).toBe(409);
    expect((await admin.get('/api/admin/stats')).statusCode).toBe(200);
    expect(
      (await admin.post('/api/admin/users/toggle-nsfw', { userId: u.id, enableNSFW: true })).json().user
        .enableNSFW,
    ).toBe(true);
    expect((await c.get('/api/auth/user')).json().user.enableNSFW).toBe(true);
  });

  it('suspends: sessions end, login is refused; activation lets them back; no self-suspension', async () => {
    const c = h.client();
    const u = await c.register('suspend_me', 'Harbor-Lamp-42');
    const other = h.client();
    await other.login('suspend_me', 'Harbor-Lamp-42');
    const res = await admin.post('/api/admin/users/set-status', { userId: u.id, status: 'suspended' });
    expect(res.json().user.status).toBe('suspended');
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    const login = await h
      .client()
      .post('/api/auth/login', { username: 'suspend_me', password: 'Harbor-Lamp-42' });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('ACCOUNT_SUSPENDED');
    await admin.post('/api/admin/users/set-status', { userId: u.id, status: 'active' });
    await h.client().login('suspend_me', 'Harbor-Lamp-42');
    expect(
      (await admin.post('/api/admin/users/set-status', { userId: adminId, status: 'suspended' })).statusCode,
    ).toBe(409);
    expect(
      (await admin.post('/api/admin/users/set-status', { userId: u.id, status: 'banned' })).statusCode,
    ).toBe(400);
  });

  it("resets a user's password (the user rule) and ends their sessions", async () => {
    const c = h.client();
    await c.register('forgetful', 'Harbor-Lamp-42');
    const short = await admin.post('/api/auth/reset-password', {
      username: 'forgetful',
      newPassword: 'newpass',
    });
    expect(short.json().error).toBe('Password must be at least 8 characters');
    const common = await admin.post('/api/auth/reset-password', {
      username: 'forgetful',
      newPassword: 'Qwerty123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toBe('This password is too common. Choose another.');
    const created = await admin.post('/api/admin/users', {
      username: 'common_pw',
      email: 'common_pw@example.com',
      password: 'iloveyou1',
    });
    expect(created.json().fields).toEqual({ password: 'This password is too common. Choose another.' });
    const res = await admin.post('/api/auth/reset-password', {
      username: 'forgetful',
      newPassword: 'Copper-Kite-7',
    });
    expect(res.statusCode).toBe(200);
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
    await h.client().login('forgetful', 'Copper-Kite-7');
    expect(
      (
        await admin.post('/api/auth/reset-password', {
          username: 'nobody_here',
          newPassword: 'Copper-Kite-7',
        })
      ).statusCode,
    ).toBe(404);
    // the admin's own session is untouched
    expect((await admin.get('/api/auth/user')).json().user.username).toBe(ADMIN.username);
  });

  it('computes stats from real rows', async () => {
    const stats = (await admin.get('/api/admin/stats')).json();
    const users = await h.deps.db.query.users.findMany();
    expect(stats).toEqual({ totalUsers: users.length, activeModels: 0, revenueInCents: 0 });
    const u = users.find((x) => x.username === 'forgetful')!;
    await h.deps.db.insert(transactions).values([
      {
        userId: u.id,
        type: 'purchase',
        amount: 0,
        balanceAfter: u.tokenBalance,
        amountInCents: 999,
        idempotencyKey: 'test:p1',
      },
      {
        userId: u.id,
        type: 'purchase',
        amount: 0,
        balanceAfter: u.tokenBalance,
        amountInCents: 1999,
        idempotencyKey: 'test:p2',
      },
    ]);
    expect((await admin.get('/api/admin/stats')).json().revenueInCents).toBe(2998);
  });
});
