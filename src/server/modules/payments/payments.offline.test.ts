import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, transactions, users } from '../../db/schema/index';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { ledgerMismatches } from '../tokens/ledger.service';

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

const balanceOf = async (id: string) =>
  (await h.deps.db.select().from(users).where(eq(users.id, id)))[0].tokenBalance;
const purchasesOf = async (id: string) =>
  (await h.deps.db.select().from(transactions).where(eq(transactions.userId, id))).filter(
    (t) => t.type === 'purchase',
  );

describe('token packages', () => {
  it('lists active packages to signed-in users only', async () => {
    expect(pkgs).toHaveLength(3);
    expect(pkgs[0]).toMatchObject({
      name: 'Starter',
      tokenAmount: 500,
      priceInCents: 499,
      isDiscounted: false,
    });
    expect(pkgs.some((p) => p.isDiscounted)).toBe(true);
    expect((await h.client().get('/api/token-packages')).statusCode).toBe(401);
  });
});

describe('offline checkout', () => {
  it('creates an intent recorded with package, amount, currency, tokens and owner', async () => {
    const c = h.client();
    const me = await c.register();
    const pi = await openCheckout(c, pkgs[1].id);
    expect(pi).toMatchObject({ amount: 999, currency: 'usd' });
    expect(pi.clientSecret).toMatch(/^pi_offline_/);
    const [row] = await h.deps.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, pi.paymentIntentId));
    expect(row).toMatchObject({
      userId: me.id,
      packageId: pkgs[1].id,
      amountInCents: 999,
      currency: 'usd',
      tokenAmount: 1200,
      provider: 'offline',
      packageName: 'Creator',
    });
    expect(row.clientSecret).toBeNull();
  });

  it('refuses an unknown, malformed or inactive package with the spec text', async () => {
    const c = h.client();
    await c.register();
    for (const packageId of ['00000000-0000-4000-8000-000000000000', 'nope', '1']) {
      const res = await c.post('/api/create-payment-intent', { packageId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("We couldn't find the token package you're looking for.");
    }
    expect((await c.post('/api/create-payment-intent', {})).statusCode).toBe(400);
    expect((await h.client().post('/api/create-payment-intent', { packageId: pkgs[0].id })).statusCode).toBe(
      401,
    );
  });

  it('pays with 4242 4242 4242 4242 and credits the package once, answering repeats with the same transaction', async () => {
    const c = h.client();
    const me = await c.register();
    const pi = await openCheckout(c, pkgs[0].id);
    const confirm = await c.post('/api/payments/offline/confirm', {
      paymentIntentId: pi.paymentIntentId,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ status: 'succeeded' });
    const first = await c.post('/api/purchase-tokens', {
      packageId: pkgs[0].id,
      paymentIntentId: pi.paymentIntentId,
    });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.transaction).toMatchObject({ amount: 500, type: 'purchase' });
    expect(body.user).toMatchObject({ id: me.id, tokenBalance: 550 });
    const again = await c.post('/api/purchase-tokens', {
      packageId: pkgs[0].id,
      paymentIntentId: pi.paymentIntentId,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().transaction.id).toBe(body.transaction.id);
    expect(await balanceOf(me.id)).toBe(550);
    const rows = await purchasesOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: 500,
      amountInCents: 499,
      balanceAfter: 550,
      idempotencyKey: `payment:offline:${pi.paymentIntentId}`,
    });
  });

  it('declines 4000 0000 0000 0002 and 9995 with Stripe texts and credits nothing', async () => {
    const c = h.client();
    const me = await c.register();
    const pi = await openCheckout(c);
    const declined = await c.post('/api/payments/offline/confirm', {
      paymentIntentId: pi.paymentIntentId,
      cardNumber: '4000 0000 0000 0002',
    });
    expect(declined.json()).toEqual({ status: 'requires_payment_method', error: 'Your card was declined.' });
    const poor = await c.post('/api/payments/offline/confirm', {
      paymentIntentId: pi.paymentIntentId,
      cardNumber: '4000000000009995',
    });
    expect(poor.json()).toEqual({
      status: 'requires_payment_method',
      error: 'Your card has insufficient funds.',
    });
    const bad = await c.post('/api/payments/offline/confirm', {
      paymentIntentId: pi.paymentIntentId,
      cardNumber: '4242 4242 4242 4241',
    });
    expect(bad.json()).toMatchObject({
      status: 'requires_payment_method',
      error: 'Your card number is incorrect.',
    });
    const purchase = await c.post('/api/purchase-tokens', {
      packageId: pkgs[0].id,
      paymentIntentId: pi.paymentIntentId,
    });
    expect(purchase.statusCode).toBe(409);
    expect(purchase.json().code).toBe('PAYMENT_NOT_COMPLETED');
    expect(await balanceOf(me.id)).toBe(50);
    expect(await purchasesOf(me.id)).toHaveLength(0);
    // a declined intent can still be paid with a good card afterwards
    const ok = await c.post('/api/payments/offline/confirm', {
      paymentIntentId: pi.paymentIntentId,
      cardNumber: '4242424242424242',
    });
    expect(ok.json()).toEqual({ status: 'succeeded' });
    expect(await balanceOf(me.id)).toBe(550);
  });

  it('validates the card form fields', async () => {
    const c = h.client();
    await c.register();
    const pi = await openCheckout(c);
    const res = await c.post('/api/payments/offline/confirm', {
      paymentIntentId: pi.paymentIntentId,
      cardNumber: 'abc',
      expiry: '13/99',
      cvc: '1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      cardNumber: 'Please enter a valid card number',
      expiry: 'Please enter the expiry as MM/YY',
      cvc: 'Please enter the 3 or 4 digit CVC',
    });
    const expired = await c.post('/api/payments/offline/confirm', {
      paymentIntentId: pi.paymentIntentId,
      cardNumber: '4242424242424242',
      expiry: '01/20',
    });
    expect(expired.json().error).toBe('This card has expired');
  });

  it("treats someone else's payment as unknown and credits nothing", async () => {
    const owner = h.client();
    const ownerUser = await owner.register();
    const pi = await openCheckout(owner);
    const thief = h.client();
    const thiefUser = await thief.register();
    expect(
      (
        await thief.post('/api/payments/offline/confirm', {
          paymentIntentId: pi.paymentIntentId,
          cardNumber: '4242424242424242',
        })
      ).statusCode,
    ).toBe(404);
    await owner.post('/api/payments/offline/confirm', {
      paymentIntentId: pi.paymentIntentId,
      cardNumber: '4242424242424242',
    });
    const steal = await thief.post('/api/purchase-tokens', {
      packageId: pkgs[0].id,
      paymentIntentId: pi.paymentIntentId,
    });
    expect(steal.statusCode).toBe(404);
    expect(await balanceOf(thiefUser.id)).toBe(50);
    expect(await balanceOf(ownerUser.id)).toBe(550);
  });

  it('refuses a purchase naming another package than the payment and credits nothing', async () => {
    const c = h.client();
    const me = await c.register();
    const pi = await openCheckout(c, pkgs[0].id);
    // stop the offline provider's own "webhook" from crediting: confirm through the engine table directly
    await h.deps.db.execute(
      `update offline_payment_intents set status = 'succeeded' where id = '${pi.paymentIntentId}'` as never,
    );
    const res = await c.post('/api/purchase-tokens', {
      packageId: pkgs[2].id,
      paymentIntentId: pi.paymentIntentId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PACKAGE_MISMATCH');
    expect(await balanceOf(me.id)).toBe(50);
    // the right package credits the recorded package (500), never the one asked for
    const ok = await c.post('/api/purchase-tokens', {
      packageId: pkgs[0].id,
      paymentIntentId: pi.paymentIntentId,
    });
    expect(ok.json().transaction.amount).toBe(500);
  });

  it('does not credit when the provider record disagrees with the order (amount tampered)', async () => {
    const c = h.client();
    const me = await c.register();
    const pi = await openCheckout(c, pkgs[0].id);
    await h.deps.db.execute(
      `update offline_payment_intents set status = 'succeeded', amount = 1 where id = '${pi.paymentIntentId}'` as never,
    );
    const res = await c.post('/api/purchase-tokens', { paymentIntentId: pi.paymentIntentId });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAYMENT_MISMATCH');
    expect(await balanceOf(me.id)).toBe(50);
  });

  it('credits once when the same payment is reported 20 times at once (confirm, purchase and recheck paths)', async () => {
    const c = h.client();
    const me = await c.register();
    const pi = await openCheckout(c, pkgs[2].id);
    const calls = Array.from({ length: 20 }, (_, i) => {
      if (i % 3 === 0)
        return c.post('/api/payments/offline/confirm', {
          paymentIntentId: pi.paymentIntentId,
          cardNumber: '4242424242424242',
        });
      if (i % 3 === 1)
        return c.post('/api/purchase-tokens', { packageId: pkgs[2].id, paymentIntentId: pi.paymentIntentId });
      return c.post('/api/payments/recheck');
    });
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    // after everything settles, a purchase call answers the one transaction
    const final = await c.post('/api/purchase-tokens', {
      packageId: pkgs[2].id,
      paymentIntentId: pi.paymentIntentId,
    });
    expect(final.statusCode).toBe(200);
    const rows = await purchasesOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].amount).toBe(3000);
    for (const r of results.filter((x) => x.statusCode === 200 && x.json().transaction))
      expect(r.json().transaction.id).toBe(rows[0].id);
    expect(await balanceOf(me.id)).toBe(3050);
    const [payment] = await h.deps.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, pi.paymentIntentId));
    expect(payment.creditedTransactionId).toBe(rows[0].id);
  });

  it('recheck credits a paid payment that was never recorded, once', async () => {
    const c = h.client();
    const me = await c.register();
    const pi = await openCheckout(c, pkgs[1].id);
    // paid at the provider, but our side never heard of it (crash before the browser call)
    await h.deps.db.execute(
      `update offline_payment_intents set status = 'succeeded' where id = '${pi.paymentIntentId}'` as never,
    );
    const res = await c.post('/api/payments/recheck');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      credited: [{ paymentIntentId: pi.paymentIntentId, tokens: 1200 }],
      user: { tokenBalance: 1250 },
    });
    const again = await c.post('/api/payments/recheck');
    expect(again.json().credited).toEqual([]);
    expect(await balanceOf(me.id)).toBe(1250);
  });

  it('limits rechecks to 10 in 10 minutes per user (429 with Retry-After), without touching others', async () => {
    const c = h.client();
    await c.register();
    for (let i = 0; i < 10; i++) expect((await c.post('/api/payments/recheck')).statusCode).toBe(200);
    const refused = await c.post('/api/payments/recheck');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const other = h.client();
    await other.register();
    expect((await other.post('/api/payments/recheck')).statusCode).toBe(200);
  });

  it('keeps the ledger equal to every balance after all of the above', async () => {
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
    const admin = await h.admin();
    const res = await admin.get('/api/admin/ledger-check');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, mismatches: [] });
    expect(typeof res.json().checkedAt).toBe('string');
  });
});
