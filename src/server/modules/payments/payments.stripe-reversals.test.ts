// Refunds and disputes through Stripe's webhooks, split from payments.stripe.test.ts.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions, users } from '../../db/schema/index';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { startStripeDouble, type StripeDouble } from '../../test/stripe-double';
import { applyLedgerEntry, ledgerMismatches } from '../tokens/ledger.service';
import { tokensDue } from './payment-reversals';

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
async function checkout(c: Client, packageId = pkgs[0].id) {
  const res = await c.post('/api/create-payment-intent', { packageId });
  expect(res.statusCode).toBe(200);
  return res.json() as { clientSecret: string; paymentIntentId: string; amount: number; currency: string };
}

describe('Stripe refunds and disputes against the local double', () => {
  async function bought(c: Client, pkg = pkgs[0]) {
    const me = await c.register();
    const pi = await checkout(c, pkg.id);
    stripe.pay(pi.paymentIntentId);
    expect((await c.post('/api/purchase-tokens', { paymentIntentId: pi.paymentIntentId })).statusCode).toBe(
      200,
    );
    return {
      me,
      pi: pi.paymentIntentId,
      charge: stripe.charges.get(stripe.intents.get(pi.paymentIntentId)!.latest_charge!)!,
    };
  }
  const reversalsOf = async (userId: string) =>
    (await h.deps.db.select().from(transactions).where(eq(transactions.userId, userId))).filter(
      (t) => t.type === 'refund' && t.refType === 'payment',
    );

  it('charge.refunded takes the tokens back once, after re-reading the charge and its refunds from Stripe', async () => {
    const c = h.client();
    const { me, charge } = await bought(c);
    const refund = stripe.refund(charge.payment_intent);
    const seen = stripe.requests.length;
    const hook = await stripe.sendEvent(webhookUrl, 'charge.refunded', charge, { id: 'evt_refund_once' });
    expect(hook.status).toBe(200);
    expect(stripe.requests.slice(seen).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/charges/${charge.id}`,
      'GET /v1/refunds',
    ]);
    expect(await balanceOf(me.id)).toBe(50);
    // the same event again, and another event for the same refund: nothing more
    expect(
      (await stripe.sendEvent(webhookUrl, 'charge.refunded', charge, { id: 'evt_refund_once' })).status,
    ).toBe(200);
    expect((await stripe.sendEvent(webhookUrl, 'charge.refund.updated', refund)).status).toBe(200);
    const rows = await reversalsOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: -pkgs[0].tokenAmount,
      amountInCents: -pkgs[0].priceInCents,
      idempotencyKey: `payment-refund:stripe:${refund.id}`,
    });
    expect(await balanceOf(me.id)).toBe(50);
  });

  it('partial refunds take back proportionally (rounded down, cumulative) and a full refund exactly what was bought', async () => {
    const c = h.client();
    const pkg = pkgs[1];
    const { me, charge } = await bought(c, pkg);
    const third = Math.floor(pkg.priceInCents / 3);
    stripe.refund(charge.payment_intent, third);
    await stripe.sendEvent(webhookUrl, 'charge.refunded', charge);
    const first = tokensDue(pkg.tokenAmount, pkg.priceInCents, third);
    expect(first).toBe(Math.floor((pkg.tokenAmount * third) / pkg.priceInCents));
    expect(await balanceOf(me.id)).toBe(50 + pkg.tokenAmount - first);
    stripe.refund(charge.payment_intent, third);
    stripe.refund(charge.payment_intent);
    await stripe.sendEvent(webhookUrl, 'charge.refunded', charge);
    const rows = await reversalsOf(me.id);
    expect(rows).toHaveLength(3);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(-pkg.tokenAmount);
    expect(await balanceOf(me.id)).toBe(50);
  });

  it('a webhook naming a refund Stripe does not have takes nothing (the event is only a hint)', async () => {
    const c = h.client();
    const { me, charge } = await bought(c);
    const forged = { ...charge, amount_refunded: charge.amount, refunded: true };
    expect((await stripe.sendEvent(webhookUrl, 'charge.refunded', forged)).status).toBe(200);
    expect(await balanceOf(me.id)).toBe(50 + pkgs[0].tokenAmount);
    expect(await reversalsOf(me.id)).toHaveLength(0);
  });

  it('a dispute on a spent balance takes what is there, records the rest as owed and flags the account for admins', async () => {
    const c = h.client();
    const { me, charge } = await bought(c);
    const bal = 50 + pkgs[0].tokenAmount;
    await h.deps.db.transaction((tx) =>
      applyLedgerEntry(tx, {
        userId: me.id,
        type: 'usage',
        amount: -(bal - 10),
        idempotencyKey: `spend:${me.id}`,
        description: 'generations',
      }),
    );
    const inquiry = stripe.dispute(charge.payment_intent, { status: 'warning_needs_response' });
    await stripe.sendEvent(webhookUrl, 'charge.dispute.created', inquiry);
    // an inquiry withdraws no funds: nothing is taken
    expect(await balanceOf(me.id)).toBe(10);
    const dispute = stripe.dispute(charge.payment_intent);
    const hook = await stripe.sendEvent(webhookUrl, 'charge.dispute.created', dispute);
    expect(hook.status).toBe(200);
    expect(stripe.requests.some((r) => r.path === `/v1/disputes/${dispute.id}`)).toBe(true);
    expect((await stripe.sendEvent(webhookUrl, 'charge.dispute.created', dispute)).status).toBe(200);
    expect(await balanceOf(me.id)).toBe(0);
    const rows = await reversalsOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: -10, idempotencyKey: `payment-dispute:stripe:${dispute.id}` });
    const [row] = await h.deps.db.select().from(users).where(eq(users.id, me.id));
    expect(row.tokensOwed).toBe(pkgs[0].tokenAmount - 10);
    const admin = await h.admin();
    const listed = (await admin.get(`/api/admin/users?search=${me.username}`)).json();
    expect(listed[0]).toMatchObject({
      id: me.id,
      tokenBalance: 0,
      tokensOwed: pkgs[0].tokenAmount - 10,
      paymentFlag: { reason: expect.stringContaining('disputed (fraudulent)') },
    });
  });

  async function spendAllBut(userId: string, keep: number) {
    const bal = await balanceOf(userId);
    await h.deps.db.transaction((tx) =>
      applyLedgerEntry(tx, {
        userId,
        type: 'usage',
        amount: -(bal - keep),
        idempotencyKey: `spend:${userId}:${bal}`,
        description: 'generations',
      }),
    );
  }
  const owedOf = async (userId: string) =>
    (await h.deps.db.select().from(users).where(eq(users.id, userId)))[0]!.tokensOwed;

  it('a later purchase repays owed tokens once, however often its credit is retried', async () => {
    const c = h.client();
    const { me, charge } = await bought(c);
    await spendAllBut(me.id, 10);
    await stripe.sendEvent(webhookUrl, 'charge.dispute.created', stripe.dispute(charge.payment_intent));
    const owed = pkgs[0].tokenAmount - 10;
    expect(await owedOf(me.id)).toBe(owed);
    expect(await balanceOf(me.id)).toBe(0);

    const big = pkgs[pkgs.length - 1];
    const pi = await checkout(c, big.id);
    stripe.pay(pi.paymentIntentId);
    const answers = await Promise.all([
      c.post('/api/purchase-tokens', { paymentIntentId: pi.paymentIntentId }),
      c.post('/api/purchase-tokens', { paymentIntentId: pi.paymentIntentId }),
      stripe.sendWebhook(webhookUrl, 'payment_intent.succeeded', pi.paymentIntentId),
    ]);
    expect(answers.map((a) => ('statusCode' in a ? a.statusCode : a.status))).toEqual([200, 200, 200]);
    const collected = Math.min(owed, big.tokenAmount);
    expect(await balanceOf(me.id)).toBe(big.tokenAmount - collected);
    expect(await owedOf(me.id)).toBe(owed - collected);
    const rows = (await h.deps.db.select().from(transactions).where(eq(transactions.userId, me.id))).filter(
      (t) => t.refType === 'owed',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'refund', amount: -collected });
  });

  it('a won dispute returns the tokens it took and forgives what was owed, once', async () => {
    const c = h.client();
    const { me, charge } = await bought(c);
    await spendAllBut(me.id, 10);
    const dispute = stripe.dispute(charge.payment_intent);
    await stripe.sendEvent(webhookUrl, 'charge.dispute.created', dispute);
    expect(await balanceOf(me.id)).toBe(0);
    expect(await owedOf(me.id)).toBe(pkgs[0].tokenAmount - 10);

    stripe.disputes.get(dispute.id)!.status = 'won';
    for (let i = 0; i < 2; i++)
      expect((await stripe.sendEvent(webhookUrl, 'charge.dispute.closed', dispute)).status).toBe(200);
    expect(await balanceOf(me.id)).toBe(10);
    expect(await owedOf(me.id)).toBe(0);
    const won = (await reversalsOf(me.id)).filter(
      (r) => r.idempotencyKey === `payment-dispute-won:stripe:${dispute.id}`,
    );
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ amount: 10, amountInCents: charge.amount });

    // the money is ours again, so a later full refund takes back the whole package
    stripe.disputes.delete(dispute.id);
    stripe.charges.get(charge.id)!.disputed = false;
    stripe.refund(charge.payment_intent);
    await stripe.sendEvent(webhookUrl, 'charge.refunded', stripe.charges.get(charge.id)!);
    expect(await balanceOf(me.id)).toBe(0);
    expect(await owedOf(me.id)).toBe(pkgs[0].tokenAmount - 10);
  });

  it('answers 503 (Stripe retries) when the charge cannot be re-read, and takes nothing', async () => {
    const c = h.client();
    const { me, charge } = await bought(c);
    stripe.refund(charge.payment_intent);
    stripe.down = true;
    try {
      expect((await stripe.sendEvent(webhookUrl, 'charge.refunded', charge)).status).toBe(503);
    } finally {
      stripe.down = false;
    }
    expect(await balanceOf(me.id)).toBe(50 + pkgs[0].tokenAmount);
    expect((await stripe.sendEvent(webhookUrl, 'charge.refunded', charge)).status).toBe(200);
    expect(await balanceOf(me.id)).toBe(50);
  }, 60_000);

  it('leaves every balance equal to its ledger', async () => {
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });
});
