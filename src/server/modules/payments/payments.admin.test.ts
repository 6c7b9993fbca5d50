// The admin side of token sales (ledger check, packages, sales list), split from payments.offline.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenPackages, users } from '../../db/schema/index';
import { createHarness, type Client, type Harness } from '../../test/harness';

let h: Harness;
let pkgs: { id: string; name: string; tokenAmount: number; priceInCents: number; isDiscounted: boolean }[];

beforeAll(async () => {
  h = await createHarness();
  const c = h.client();
  await c.register();
  pkgs = (await c.get('/api/token-packages')).json();
});
afterAll(async () => {
  await h?.close();
});

async function openCheckout(c: Client, packageId = pkgs[0].id) {
  const res = await c.post('/api/create-payment-intent', { packageId });
  expect(res.statusCode).toBe(200);
  return res.json() as { clientSecret: string; paymentIntentId: string; amount: number; currency: string };
}

describe('ledger check', () => {
  it('reports a balance that drifted from its ledger, admin only', async () => {
    const c = h.client();
    const me = await c.register();
    expect((await c.get('/api/admin/ledger-check')).statusCode).toBe(403);
    expect((await h.client().get('/api/admin/ledger-check')).statusCode).toBe(401);
    await h.deps.db.update(users).set({ tokenBalance: 999 }).where(eq(users.id, me.id));
    const res = await (await h.admin()).get('/api/admin/ledger-check');
    expect(res.json().ok).toBe(false);
    expect(res.json().mismatches).toEqual([
      { userId: me.id, username: me.username, balance: 999, ledgerSum: 50 },
    ]);
    await h.deps.db.update(users).set({ tokenBalance: 50 }).where(eq(users.id, me.id));
  });
});

describe('admin token packages and sales', () => {
  it('creates, edits and soft-deletes packages with the spec validation texts', async () => {
    const admin = await h.admin();
    const bad = await admin.post('/api/admin/token-packages', { name: ' ', tokenAmount: 0, priceInCents: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      name: 'Package name is required',
      tokenAmount: 'Token amount must be greater than zero',
      priceInCents: 'Price must be greater than zero',
    });
    const created = await admin.post('/api/admin/token-packages', {
      name: 'Mega',
      tokenAmount: '10000',
      priceInCents: 4999,
      isDiscounted: true,
    });
    expect(created.statusCode).toBe(201);
    const pkg = created.json().package;
    expect(pkg).toMatchObject({
      name: 'Mega',
      tokenAmount: 10000,
      priceInCents: 4999,
      isDiscounted: true,
      isActive: true,
    });
    const user = h.client();
    await user.register();
    expect((await user.get('/api/token-packages')).json().map((p: { id: string }) => p.id)).toContain(pkg.id);
    const edited = await admin.patch(`/api/admin/token-packages/${pkg.id}`, {
      priceInCents: 3999,
      isDiscounted: false,
    });
    expect(edited.json().package).toMatchObject({ name: 'Mega', priceInCents: 3999, isDiscounted: false });
    expect((await admin.patch(`/api/admin/token-packages/${pkg.id}`, { tokenAmount: -1 })).json().error).toBe(
      'Token amount must be greater than zero',
    );
    // a payment opened before the delete keeps its package
    const pi = await openCheckout(user, pkg.id);
    const del = await admin.del(`/api/admin/token-packages/${pkg.id}`);
    expect(del.statusCode).toBe(200);
    expect((await user.get('/api/token-packages')).json().map((p: { id: string }) => p.id)).not.toContain(
      pkg.id,
    );
    const all = (await admin.get('/api/admin/token-packages')).json();
    expect(all.find((p: { id: string }) => p.id === pkg.id)).toMatchObject({ isActive: false });
    expect((await h.deps.db.select().from(tokenPackages).where(eq(tokenPackages.id, pkg.id))).length).toBe(1);
    expect((await user.post('/api/create-payment-intent', { packageId: pkg.id })).statusCode).toBe(404);
    await user.post('/api/payments/offline/confirm', {
      paymentIntentId: pi.paymentIntentId,
      cardNumber: '4242424242424242',
    });
    expect(
      (
        await user.post('/api/purchase-tokens', { packageId: pkg.id, paymentIntentId: pi.paymentIntentId })
      ).json().transaction.amount,
    ).toBe(10000);
    expect(
      (await admin.patch('/api/admin/token-packages/00000000-0000-4000-8000-000000000000', { name: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await admin.del('/api/admin/token-packages/not-a-uuid')).statusCode).toBe(404);
  });

  it('is admin only', async () => {
    const user = h.client();
    await user.register();
    expect(
      (await user.post('/api/admin/token-packages', { name: 'x', tokenAmount: 1, priceInCents: 100 }))
        .statusCode,
    ).toBe(403);
    expect((await user.get('/api/admin/token-packages')).statusCode).toBe(403);
    expect((await user.get('/api/admin/sales')).statusCode).toBe(403);
    expect((await h.client().get('/api/admin/sales')).statusCode).toBe(401);
    expect((await h.client().del(`/api/admin/token-packages/${pkgs[0].id}`)).statusCode).toBe(401);
  });

  it('lists real sales newest first with cursor paging and statuses', async () => {
    const admin = await h.admin();
    const c = h.client();
    const me = await c.register();
    const failed = await openCheckout(c);
    await c.post('/api/payments/offline/confirm', {
      paymentIntentId: failed.paymentIntentId,
      cardNumber: '4000000000000002',
    });
    const unpaid = await openCheckout(c);
    const paid = await openCheckout(c, pkgs[1].id);
    await c.post('/api/payments/offline/confirm', {
      paymentIntentId: paid.paymentIntentId,
      cardNumber: '4242424242424242',
    });

    const seen: {
      orderId: string;
      status: string;
      user: { id: string };
      packageName: string;
      amountInCents: number;
    }[] = [];
    let cursor: string | null = null;
    do {
      const res = await admin.get(`/api/admin/sales?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().sales);
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(new Set(seen.map((s) => s.orderId)).size).toBe(seen.length);
    const mine = seen.filter((s) => s.user.id === me.id);
    expect(mine.map((s) => [s.orderId, s.status])).toEqual([
      [paid.paymentIntentId, 'Completed'],
      [failed.paymentIntentId, 'Failed'],
    ]);
    expect(mine[0]).toMatchObject({
      packageName: 'Creator',
      amountInCents: 999,
      user: { username: me.username, email: `${me.username}@example.com` },
    });
    expect(seen.some((s) => s.orderId === unpaid.paymentIntentId)).toBe(false);
  });
});
