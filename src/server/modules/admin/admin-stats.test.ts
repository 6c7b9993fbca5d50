// GET /api/admin/stats/daily: the admin charts' figures per UTC day (docs/decisions/040-admin-charts.md).
import type { AddressInfo } from 'node:net';
import { eq, gte, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminDailyStats,
  generatedImages,
  models,
  payments,
  transactions,
  users,
} from '../../db/schema/index';
import type { ImageEngine } from '../../engines/images/images';
import { createOfflineImageEngine } from '../../engines/images/offline';
import { catalog, switchableImages } from '../../test/generation-helpers';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { startStripeDouble, type StripeDouble } from '../../test/stripe-double';
import { failModel } from '../models/training.settle';
import { createAdminStatsRepository } from './admin-stats.repository';
import { createAdminStatsService } from './admin-stats.service';
import type { DailyStats, DailyStatsDay } from '../../../shared/schemas/admin-stats';

const SECRET = 'sk_test_double_stats';
const WHSEC = 'whsec_double_stats';
const DAY = 86_400_000;

let h: Harness;
let stripe: StripeDouble;
let webhookUrl: string;
let admin: Client;
let cat: Awaited<ReturnType<typeof catalog>>;
const images = switchableImages(createOfflineImageEngine());

beforeAll(async () => {
  stripe = await startStripeDouble({ secretKey: SECRET, webhookSecret: WHSEC });
  h = await createHarness(
    {
      STRIPE_SECRET_KEY: SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_double',
      STRIPE_WEBHOOK_SECRET: WHSEC,
      STRIPE_API_URL: stripe.url,
    },
    { engines: (built) => ({ images: { ...built.images, offline: images.engine } }) },
  );
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/webhooks/stripe`;
  admin = await h.admin();
  cat = await catalog(h.deps);
});
afterAll(async () => {
  await h?.close();
  await stripe?.close();
});

const utcMidnight = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
};
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function daily(days: 7 | 30 | 90): Promise<DailyStatsDay[]> {
  const res = await admin.get(`/api/admin/stats/daily?days=${days}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as DailyStats).days;
}
type Figure = Exclude<keyof DailyStatsDay, 'date'>;
const FIGURES: Figure[] = [
  'revenueCents',
  'purchases',
  'signups',
  'images',
  'trainingsReady',
  'trainingsFailed',
  'tokensSpent',
  'tokensBought',
];
const totals = (days: DailyStatsDay[]) =>
  Object.fromEntries(FIGURES.map((f) => [f, days.reduce((s, d) => s + d[f], 0)])) as Record<Figure, number>;
const byDate = (days: DailyStatsDay[]) => new Map(days.map((d) => [d.date, d]));

describe('GET /api/admin/stats/daily', () => {
  it('is for admins only: a guest gets 401 and a user 403, whatever the query', async () => {
    expect((await h.client().get('/api/admin/stats/daily?days=7')).statusCode).toBe(401);
    const u = h.client();
    await u.register();
    expect((await u.get('/api/admin/stats/daily?days=7')).statusCode).toBe(403);
    expect((await u.get('/api/admin/stats/daily?days=nope')).statusCode).toBe(403);
    expect((await admin.get('/api/admin/stats/daily?days=7')).statusCode).toBe(200);
  });

  it('accepts only 7, 30 or 90 days, with a clear message', async () => {
    for (const bad of ['0', '1', '8', '31', '365', '-7', '7.0', 'abc', '', '90;drop']) {
      const res = await admin.get(`/api/admin/stats/daily?days=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error, bad).toContain('days must be 7, 30 or 90');
    }
    const twice = await admin.get('/api/admin/stats/daily?days=7&days=30');
    expect(twice.statusCode).toBe(400);
    // no period: the middle one
    expect((await admin.get('/api/admin/stats/daily')).json().days).toHaveLength(30);
  });

  it('answers one entry per UTC day, oldest first, ending today, with zeros on empty days', async () => {
    const today = utcMidnight(Date.now());
    for (const n of [7, 30, 90] as const) {
      const days = await daily(n);
      expect(days).toHaveLength(n);
      expect(days.map((d) => d.date)).toEqual(
        Array.from({ length: n }, (_, i) => isoDay(today - (n - 1 - i) * DAY)),
      );
    }
    // a day nothing happened on (89 days ago: older than anything this database holds) is all zeros
    const oldest = (await daily(90))[0];
    expect(oldest).toEqual({
      date: isoDay(today - 89 * DAY),
      ...Object.fromEntries(FIGURES.map((f) => [f, 0])),
    });
  });

  it("the charts' sums equal the ledger's and the payments' (purchases, refunds, charges, failures)", async () => {
    const before = totals(await daily(7));
    const pkgs = (await admin.get('/api/token-packages')).json() as {
      id: string;
      tokenAmount: number;
      priceInCents: number;
    }[];
    const pkg = pkgs[0];
    const c = h.client();
    const me = await c.register();
    // two card purchases through checkout and the Stripe double, credited by the payments service
    const charges = [];
    for (let i = 0; i < 2; i++) {
      const pi = (await c.post('/api/create-payment-intent', { packageId: pkg.id })).json();
      stripe.pay(pi.paymentIntentId);
      expect((await c.post('/api/purchase-tokens', { paymentIntentId: pi.paymentIntentId })).statusCode).toBe(
        200,
      );
      charges.push(stripe.charges.get(stripe.intents.get(pi.paymentIntentId)!.latest_charge!)!);
    }
    // a third of the second one refunded: money and tokens go back proportionally
    const third = Math.floor(pkg.priceInCents / 3);
    stripe.refund(charges[1].payment_intent, third);
    expect((await stripe.sendEvent(webhookUrl, 'charge.refunded', charges[1])).status).toBe(200);
    const takenBack = Math.floor((pkg.tokenAmount * third) / pkg.priceInCents);
    // a generation of 2 (20 tokens), and one of 4 that delivers 2 (40 charged, 20 refunded)
    const gen = (count: number) => ({
      prompt: 'a lighthouse at sunset',
      baseModelId: cat.schnell.id,
      modelId: null,
      styleId: null,
      count,
      width: 128,
      height: 128,
      hdEnabled: false,
      loraStrength: 1,
    });
    expect((await c.post('/api/generate-image', gen(2))).statusCode).toBe(200);
    const offline = createOfflineImageEngine();
    const half: ImageEngine = {
      name: 'runware',
      render: async (req) => (await offline.render({ ...req, count: Math.min(req.count, 2) })).slice(0, 2),
    };
    images.use(half);
    const partial = await c.post('/api/generate-image', gen(4));
    images.use(offline);
    expect(partial.json()).toMatchObject({ status: 'partial', tokensUsed: 20 });
    // a training that fails (the models module stamps when) and refunds nothing it did not charge
    const [model] = await h.deps.db
      .insert(models)
      .values({ userId: me.id, name: 'Stats', triggerWord: 'zxq', status: 'training' })
      .returning();
    expect(await failModel(h.deps, model.id, model.trainingAttempt, 'trainer gave up')).toBe(true);

    const days = await daily(7);
    const after = totals(days);
    expect(after.purchases - before.purchases).toBe(2);
    expect(after.revenueCents - before.revenueCents).toBe(2 * pkg.priceInCents - third);
    expect(after.tokensBought - before.tokensBought).toBe(2 * pkg.tokenAmount - takenBack);
    expect(after.tokensSpent - before.tokensSpent).toBe(20 + 40 - 20);
    expect(after.images - before.images).toBe(4);
    expect(after.signups - before.signups).toBe(1);
    expect(after.trainingsFailed - before.trainingsFailed).toBe(1);

    // and over the whole window, straight from the tables
    const start = new Date(utcMidnight(Date.now()) - 6 * DAY);
    const rows = await h.deps.db.select().from(transactions).where(gte(transactions.createdAt, start));
    const sum = (pick: (t: (typeof rows)[number]) => boolean, f: (t: (typeof rows)[number]) => number) =>
      rows.filter(pick).reduce((s, t) => s + f(t), 0);
    const purchaseRows = rows.filter((t) => t.type === 'purchase');
    const credited = purchaseRows.length
      ? await h.deps.db
          .select()
          .from(payments)
          .where(
            inArray(
              payments.creditedTransactionId,
              purchaseRows.map((t) => t.id),
            ),
          )
      : [];
    expect(after.purchases).toBe(credited.length);
    const returnedCents = sum(
      (t) => t.type === 'refund' && t.refType === 'payment',
      (t) => t.amountInCents ?? 0,
    );
    expect(after.revenueCents).toBe(credited.reduce((s, p) => s + p.amountInCents, 0) + returnedCents);
    // every ledger row of the window is bought, spent, or a grant (bonus, admin adjustment)
    const grants = sum(
      (t) => t.type === 'bonus' || t.type === 'admin_adjustment',
      (t) => t.amount,
    );
    expect(
      sum(
        () => true,
        (t) => t.amount,
      ),
    ).toBe(after.tokensBought - after.tokensSpent + grants);
    expect(after.tokensSpent).toBe(
      -sum(
        (t) => t.type === 'usage' || (t.type === 'refund' && t.refType !== 'payment' && t.refType !== 'owed'),
        (t) => t.amount,
      ),
    );
    // the daily rows add up to the same: nothing falls between two days
    const [{ n }] = await h.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(generatedImages)
      .where(gte(generatedImages.createdAt, start));
    expect(after.images).toBe(n);
    expect(days.every((d) => FIGURES.every((f) => Number.isInteger(d[f])))).toBe(true);
  });

  it('puts events on their UTC day: 23:59:59.999 and 00:00:00.000 fall on either side', async () => {
    const today = utcMidnight(Date.now());
    const edge = today - 40 * DAY; // a midnight inside the 90-day window
    const first = today - 89 * DAY; // the window's first moment
    const before = byDate(await daily(90));
    const c = h.client();
    const u = await c.register();
    const v = await h.client().register();
    const w = await h.client().register();
    await h.deps.db
      .update(users)
      .set({ createdAt: new Date(edge - 1) })
      .where(eq(users.id, u.id));
    await h.deps.db
      .update(users)
      .set({ createdAt: new Date(edge) })
      .where(eq(users.id, v.id));
    // just before the window: not counted anywhere
    await h.deps.db
      .update(users)
      .set({ createdAt: new Date(first - 1) })
      .where(eq(users.id, w.id));
    await h.deps.db.insert(models).values([
      { userId: u.id, name: 'a', triggerWord: 'a', status: 'ready', readyAt: new Date(edge - 1) },
      { userId: u.id, name: 'b', triggerWord: 'b', status: 'ready', readyAt: new Date(first) },
      { userId: u.id, name: 'c', triggerWord: 'c', status: 'failed', failedAt: new Date(edge) },
    ]);
    // finished days are counted once and kept: rows written into them afterwards (only a test
    // backdates) show once the kept figures are counted again
    await h.deps.db.delete(adminDailyStats);
    const after = byDate(await daily(90));
    const delta = (ms: number, f: Figure) => after.get(isoDay(ms))![f] - (before.get(isoDay(ms))?.[f] ?? 0);
    expect(delta(edge - DAY, 'signups')).toBe(1);
    expect(delta(edge, 'signups')).toBe(1);
    expect(delta(edge - DAY, 'trainingsReady')).toBe(1);
    expect(delta(edge, 'trainingsFailed')).toBe(1);
    expect(delta(first, 'trainingsReady')).toBe(1);
    expect(after.has(isoDay(first - DAY))).toBe(false);
    const signups = (m: Map<string, DailyStatsDay>) => [...m.values()].reduce((s, d) => s + d.signups, 0);
    // the three signed up after the first read: u and v moved to days inside the window, w out of it
    expect(signups(after)).toBe(signups(before) + 2);
  });

  it('keeps finished days as they were and counts the open ones live, with the same figures', async () => {
    const service = createAdminStatsService(h.deps);
    const repo = createAdminStatsRepository(h.deps.db);
    const now = new Date();
    const today = utcMidnight(now.getTime());
    await h.deps.db.delete(adminDailyStats);
    const counted = (await service.daily(30, now)).days;
    // the same figures as counting every day from the tables
    const live = await repo.daily(isoDay(today - 29 * DAY), isoDay(today));
    expect(counted.map((d) => [d.date, d.signups, d.images, d.tokensSpent, d.revenueCents])).toEqual(
      live.map((r) => [
        r.date,
        Number(r.signups),
        Number(r.images),
        Number(r.tokens_spent),
        Number(r.revenue_cents),
      ]),
    );
    // the finished days were kept (today never is, nor yesterday in its first hour)
    const kept = await h.deps.db.select().from(adminDailyStats);
    expect(kept.map((d) => d.date)).not.toContain(isoDay(today));
    expect(kept.length).toBeGreaterThanOrEqual(28);
    // a kept day is not rewritten: an account backdated into it changes the tables, not the chart
    const day = today - 10 * DAY;
    const u = await h.client().register();
    await h.deps.db
      .update(users)
      .set({ createdAt: new Date(day + 1000) })
      .where(eq(users.id, u.id));
    const again = byDate((await service.daily(30, now)).days);
    expect(again.get(isoDay(day))!.signups).toBe(byDate(counted).get(isoDay(day))!.signups);
    // while today's figures move at once
    await h.client().register();
    expect(byDate((await service.daily(30, now)).days).get(isoDay(today))!.signups).toBe(
      byDate(counted).get(isoDay(today))!.signups + 1,
    );
  });

  it("does not move a boundary with the database session's time zone", async () => {
    const today = utcMidnight(Date.now());
    const edge = today - 20 * DAY;
    const u = await h.client().register();
    await h.deps.db
      .update(users)
      .set({ createdAt: new Date(edge) })
      .where(eq(users.id, u.id));
    const first = isoDay(edge - DAY);
    const last = isoDay(edge);
    const inZone = (zone: string) =>
      h.deps.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local time zone '${zone}'`));
        return createAdminStatsRepository(tx).daily(first, last);
      });
    const utc = await inZone('UTC');
    for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles', 'Europe/Berlin']) {
      expect(await inZone(zone), zone).toEqual(utc);
    }
    expect(utc.map((r) => r.date)).toEqual([first, last]);
    expect(Number(utc[1].signups)).toBeGreaterThanOrEqual(1);
  });
});
