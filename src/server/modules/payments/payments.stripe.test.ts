import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, transactions, users } from '../../db/schema/index';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { startStripeDouble, type StripeDouble } from '../../test/stripe-double';
import { ledgerMismatches } from '../tokens/ledger.service';

const SECRET = 'sk_test_double_123';
const WHSEC = 'whsec_double_456';

let h: Harness;
let stripe: StripeDouble;
let webhookUrl: string;
let pkgs: { id: string; tokenAmount: number; priceInCents: number }[];

beforeAll(async () => {
  stripe = await startStripeDouble({ secretKey: SECRET, webhookSecret: WHSEC });
  h = await createHarness({
    STRIPE_SECRET_KEY: SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_double',
    STRIPE_WEBHOOK_SECRET: WHSEC,
    STRIPE_API_URL: stripe.url,
  });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/webhooks/stripe`;
  const c = h.client();
  await c.register();
  pkgs = (await c.get('/api/token-packages')).json();
});
afterAll(async () => {
  await h?.close();
  await stripe?.close();
});

const balanceOf = async (id: string) =>
  (await h.deps.db.select().from(users).where(eq(users.id, id)))[0].tokenBalance;
const purchasesOf = async (id: string) =>
  (await h.deps.db.select().from(transactions).where(eq(transactions.userId, id))).filter(
    (t) => t.type === 'purchase',
  );

async function checkout(c: Client, packageId = pkgs[0].id) {
  const res = await c.post('/api/create-payment-intent', { packageId });
  expect(res.statusCode).toBe(200);
  return res.json() as { clientSecret: string; paymentIntentId: string; amount: number; currency: string };
}

describe('Stripe adapter against the local double', () => {
  it('says Stripe is the payment engine and hands out the publishable key', async () => {
    const res = await h.client().get('/api/config');
    expect(res.json()).toMatchObject({
      engines: { payments: 'stripe' },
      stripePublishableKey: 'pk_test_double',
    });
  });

  it('creates a PaymentIntent with amount, currency, metadata and an idempotency key', async () => {
    const c = h.client();
    const me = await c.register();
    const pi = await checkout(c, pkgs[1].id);
    const intent = stripe.intents.get(pi.paymentIntentId)!;
    expect(intent).toMatchObject({
      amount: pkgs[1].priceInCents,
      currency: 'usd',
      metadata: { userId: me.id, packageId: pkgs[1].id, tokenAmount: String(pkgs[1].tokenAmount) },
    });
    expect(pi).toMatchObject({
      clientSecret: intent.client_secret,
      amount: pkgs[1].priceInCents,
      currency: 'usd',
    });
    const create = stripe.requests.filter((r) => r.path === '/v1/payment_intents').at(-1)!;
    expect(create.idempotencyKey).toBe(`pi-create:${intent.metadata.paymentId}`);
    expect(create.auth).toBe(`Bearer ${SECRET}`);
    const [row] = await h.deps.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, pi.paymentIntentId));
    expect(row).toMatchObject({
      id: intent.metadata.paymentId,
      provider: 'stripe',
      userId: me.id,
      status: 'requires_payment_method',
    });
  });

  it('does not credit a payment Stripe has not marked succeeded, and has no offline confirm', async () => {
    const c = h.client();
    const me = await c.register();
    const pi = await checkout(c);
    stripe.decline(pi.paymentIntentId, 'insufficient_funds');
    const res = await c.post('/api/purchase-tokens', {
      packageId: pkgs[0].id,
      paymentIntentId: pi.paymentIntentId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PAYMENT_NOT_COMPLETED',
      error: 'Your card has insufficient funds.',
    });
    expect(
      (
        await c.post('/api/payments/offline/confirm', {
          paymentIntentId: pi.paymentIntentId,
          cardNumber: '4242424242424242',
        })
      ).statusCode,
    ).toBe(404);
    expect(await balanceOf(me.id)).toBe(50);
  });

  it('credits once for the browser call and 20 concurrent reports (browser calls + signed webhooks)', async () => {
    const c = h.client();
    const me = await c.register();
    const pi = await checkout(c, pkgs[2].id);
    stripe.pay(pi.paymentIntentId);
    const reports = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? c
            .post('/api/purchase-tokens', { packageId: pkgs[2].id, paymentIntentId: pi.paymentIntentId })
            .then((r) => ({ status: r.statusCode, body: r.body }))
        : stripe.sendWebhook(webhookUrl, 'payment_intent.succeeded', pi.paymentIntentId),
    );
    const results = await Promise.all(reports);
    for (const r of results) expect(r.status).toBe(200);
    const rows = await purchasesOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: pkgs[2].tokenAmount,
      amountInCents: pkgs[2].priceInCents,
      idempotencyKey: `payment:stripe:${pi.paymentIntentId}`,
    });
    const browserIds = results.filter((_, i) => i % 2 === 0).map((r) => JSON.parse(r.body).transaction.id);
    expect(new Set(browserIds)).toEqual(new Set([rows[0].id]));
    expect(await balanceOf(me.id)).toBe(50 + pkgs[2].tokenAmount);
  });

  it('credits from the signed webhook alone (the browser never came back)', async () => {
    const c = h.client();
    const me = await c.register();
    const pi = await checkout(c);
    stripe.pay(pi.paymentIntentId);
    const hook = await stripe.sendWebhook(webhookUrl, 'payment_intent.succeeded', pi.paymentIntentId);
    expect(hook.status).toBe(200);
    expect(await balanceOf(me.id)).toBe(50 + pkgs[0].tokenAmount);
    const later = await c.post('/api/purchase-tokens', { paymentIntentId: pi.paymentIntentId });
    expect(later.json().transaction.id).toBe((await purchasesOf(me.id))[0].id);
  });

  it('re-reads Stripe instead of trusting the event: a webhook for an unpaid intent credits nothing', async () => {
    const c = h.client();
    const me = await c.register();
    const pi = await checkout(c);
    const hook = await stripe.sendWebhook(webhookUrl, 'payment_intent.succeeded', pi.paymentIntentId);
    expect(hook.status).toBe(200);
    expect(await balanceOf(me.id)).toBe(50);
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const c = h.client();
    const me = await c.register();
    const pi = await checkout(c);
    stripe.pay(pi.paymentIntentId);
    const wrongSecret = await stripe.sendWebhook(webhookUrl, 'payment_intent.succeeded', pi.paymentIntentId, {
      secret: 'whsec_wrong',
    });
    expect(wrongSecret.status).toBe(400);
    expect(JSON.parse(wrongSecret.body).code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const garbage = await stripe.sendWebhook(webhookUrl, 'payment_intent.succeeded', pi.paymentIntentId, {
      signature: 't=1,v1=deadbeef',
    });
    expect(garbage.status).toBe(400);
    const { payload, signature } = stripe.signedEvent('payment_intent.succeeded', pi.paymentIntentId);
    // the signed bytes, re-serialised (as a JSON body parser would): no longer the signed payload
    const reformatted = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: JSON.stringify(JSON.parse(payload), null, 2),
    });
    expect(reformatted.status).toBe(400);
    const missing = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(missing.status).toBe(400);
    expect(await balanceOf(me.id)).toBe(50);
    expect(await purchasesOf(me.id)).toHaveLength(0);
  });

  it("refuses someone else's payment, another package, and a record that disagrees with the order", async () => {
    const owner = h.client();
    const ownerUser = await owner.register();
    const pi = await checkout(owner, pkgs[0].id);
    stripe.pay(pi.paymentIntentId);
    const other = h.client();
    const otherUser = await other.register();
    expect(
      (
        await other.post('/api/purchase-tokens', {
          packageId: pkgs[0].id,
          paymentIntentId: pi.paymentIntentId,
        })
      ).statusCode,
    ).toBe(404);
    const wrongPkg = await owner.post('/api/purchase-tokens', {
      packageId: pkgs[2].id,
      paymentIntentId: pi.paymentIntentId,
    });
    expect(wrongPkg.statusCode).toBe(409);
    expect(wrongPkg.json().code).toBe('PACKAGE_MISMATCH');
    expect(await balanceOf(ownerUser.id)).toBe(50);
    expect(await balanceOf(otherUser.id)).toBe(50);

    // the provider's record names another owner (metadata): nothing is credited to anyone
    const tampered = await checkout(owner, pkgs[0].id);
    const intent = stripe.pay(tampered.paymentIntentId);
    intent.metadata = { ...intent.metadata, userId: otherUser.id };
    const res = await owner.post('/api/purchase-tokens', { paymentIntentId: tampered.paymentIntentId });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAYMENT_MISMATCH');
    expect(
      (await stripe.sendWebhook(webhookUrl, 'payment_intent.succeeded', tampered.paymentIntentId)).status,
    ).toBe(200);
    expect(await balanceOf(ownerUser.id)).toBe(50);
    expect(await balanceOf(otherUser.id)).toBe(50);
  });

  it('answers 503 while Stripe is unreachable and credits on recheck once it is back', async () => {
    const c = h.client();
    const me = await c.register();
    const pi = await checkout(c);
    stripe.pay(pi.paymentIntentId);
    stripe.down = true;
    try {
      const res = await c.post('/api/purchase-tokens', { paymentIntentId: pi.paymentIntentId });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      // the provider's own error text (hosts, request ids) stays in the log
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'error', 'message']);
      expect((await c.post('/api/create-payment-intent', { packageId: pkgs[0].id })).statusCode).toBe(503);
    } finally {
      stripe.down = false;
    }
    expect(await balanceOf(me.id)).toBe(50);
    const recheck = await c.post('/api/payments/recheck');
    expect(recheck.json()).toMatchObject({
      credited: [{ paymentIntentId: pi.paymentIntentId, tokens: pkgs[0].tokenAmount }],
    });
    expect(await balanceOf(me.id)).toBe(50 + pkgs[0].tokenAmount);
  }, 60_000);

  it('leaves every balance equal to its ledger', async () => {
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });
});
