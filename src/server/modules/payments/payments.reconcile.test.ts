import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, transactions, users } from '../../db/schema/index';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { ledgerMismatches } from '../tokens/ledger.service';
import { JOB_PAYMENTS_RECONCILE } from './payments.jobs';
import { createPaymentsService } from './payments.service';

let h: Harness;
let packageId: string;

beforeAll(async () => {
  h = await createHarness();
  const c = h.client();
  await c.register();
  packageId = (await c.get('/api/token-packages')).json()[0].id;
});
afterAll(async () => {
  await h?.close();
});

const service = () => createPaymentsService(h.deps, h.deps.engines.payments);
const balanceOf = async (id: string) =>
  (await h.deps.db.select().from(users).where(eq(users.id, id)))[0].tokenBalance;
const paymentOf = async (intentId: string) =>
  (await h.deps.db.select().from(payments).where(eq(payments.providerPaymentId, intentId)))[0];

async function checkout(c: Client) {
  const res = await c.post('/api/create-payment-intent', { packageId });
  expect(res.statusCode).toBe(200);
  return (res.json() as { paymentIntentId: string }).paymentIntentId;
}

/** Paid at the provider, but neither the browser call nor a webhook ever reached us. */
async function paidAndForgotten(intentId: string) {
  await h.deps.db.execute(
    sql`update offline_payment_intents set status = 'succeeded' where id = ${intentId}`,
  );
}

async function age(intentId: string, minutes: number) {
  const at = new Date(Date.now() - minutes * 60_000);
  await h.deps.db
    .update(payments)
    .set({ createdAt: at, updatedAt: at })
    .where(eq(payments.providerPaymentId, intentId));
}

describe('payments reconciler', () => {
  it('credits a paid payment nobody reported, once, and leaves fresh ones to the browser', async () => {
    const c = h.client();
    const me = await c.register();
    const lost = await checkout(c);
    await paidAndForgotten(lost);
    await age(lost, 10);
    const fresh = await checkout(c);
    await paidAndForgotten(fresh);

    const first = await service().reconcile();
    expect(first.credited).toBe(1);
    expect(await balanceOf(me.id)).toBe(50 + 500);
    expect((await paymentOf(lost)).creditedTransactionId).not.toBeNull();
    expect((await paymentOf(fresh)).creditedTransactionId).toBeNull();

    // a second run, and one racing the browser's own call, still credit once
    const [again, browser] = await Promise.all([
      service().reconcile(),
      c.post('/api/purchase-tokens', { packageId, paymentIntentId: lost }),
    ]);
    expect(again.credited).toBe(0);
    expect(browser.statusCode).toBe(200);
    const rows = (await h.deps.db.select().from(transactions).where(eq(transactions.userId, me.id))).filter(
      (t) => t.type === 'purchase',
    );
    expect(rows).toHaveLength(1);
    expect(await balanceOf(me.id)).toBe(550);
  });

  it('asks about an abandoned checkout less and less often, and never credits it', async () => {
    const c = h.client();
    const me = await c.register();
    const abandoned = await checkout(c);
    await age(abandoned, 60);
    const before = await paymentOf(abandoned);
    const run = await service().reconcile();
    expect(run.checked).toBeGreaterThanOrEqual(1);
    const after = await paymentOf(abandoned);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    // just asked: not due again until a quarter of its age has passed
    const due = await service().reconcile();
    expect((await paymentOf(abandoned)).updatedAt.getTime()).toBe(after.updatedAt.getTime());
    expect(due.credited).toBe(0);
    expect(await balanceOf(me.id)).toBe(50);
  });

  it('runs as a durable job: an enqueued reconcile credits the lost payment', async () => {
    const c = h.client();
    const me = await c.register();
    const lost = await checkout(c);
    await paidAndForgotten(lost);
    await age(lost, 30);
    await h.deps.queue.enqueue(JOB_PAYMENTS_RECONCILE, {}, { singletonKey: JOB_PAYMENTS_RECONCILE });
    await expect.poll(() => balanceOf(me.id), { timeout: 10_000, interval: 100 }).toBe(550);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });
});
