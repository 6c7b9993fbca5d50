import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DOUBLE_LORA,
  startReplicateDouble,
  type ReplicateDouble,
} from '../../../../tests/vendors/replicate-double';
import { models as modelsTable, transactions } from '../../db/schema/index';
import { REPLICATE_DESTINATION, REPLICATE_LORA_PATH } from '../../engines/training/replicate';
import { createHarness, type Harness } from '../../test/harness';
import { startStripeDouble, type StripeDouble } from '../../test/stripe-double';
import { ledgerMismatches } from '../tokens/ledger.service';
import { grantTokens, modelWithPhotos, waitForStatus } from '../../test/training-helpers';

// The Replicate half of the personal-model flow with REPLICATE_API_TOKEN set, against the strict
// contract double (tests/vendors/replicate-double.ts): any request outside Replicate's contract fails.

const PUBLIC_URL = 'https://studio.example.com';
let replicate: ReplicateDouble;
let stripe: StripeDouble;
let h: Harness;
let appUrl = '';

beforeAll(async () => {
  replicate = await startReplicateDouble({
    pollsToProcess: 1,
    pollsToFinish: 3,
    // the tunnel: Replicate posts to PUBLIC_URL, which reaches the app under test
    deliverTo: (u) => u.replace(PUBLIC_URL, appUrl),
  });
  stripe = await startStripeDouble({ secretKey: 'sk_test_flow', webhookSecret: 'whsec_flow' });
  h = await createHarness({
    PUBLIC_URL,
    STRIPE_SECRET_KEY: 'sk_test_flow',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_flow',
    STRIPE_WEBHOOK_SECRET: 'whsec_flow',
    STRIPE_API_URL: stripe.url,
    REPLICATE_API_TOKEN: replicate.token,
    REPLICATE_API_URL: replicate.url,
    REPLICATE_WEBHOOK_SECRET: replicate.webhookSecret,
  });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  replicate.options.duplicateWebhooks = false;
  replicate.options.outOfOrderWebhooks = false;
});
afterAll(async () => {
  await h?.close();
  await replicate?.close();
  await stripe?.close();
});

const modelRow = async (id: string) =>
  (await h.deps.db.select().from(modelsTable).where(eq(modelsTable.id, id)))[0];

describe('Replicate training against the strict contract double', () => {
  it('the double refuses what Replicate refuses (unknown fields, bad enums, no token, a token sent to a file host)', async () => {
    const auth = { authorization: `Bearer ${replicate.token}`, 'content-type': 'application/json' };
    const unknown = await fetch(`${replicate.url}/models`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        owner: 'acme',
        name: 'x',
        visibility: 'secret',
        hardware: 'gpu-t4',
        colour: 'red',
      }),
    });
    expect(unknown.status).toBe(422);
    const body = await unknown.json();
    expect(body).toMatchObject({ status: 422, title: 'Input validation failed' });
    expect(body.invalid_fields.map((f: { field: string }) => f.field)).toEqual(['(root)', 'visibility']);
    const trainer = `${replicate.url}/models/ostris/flux-dev-lora-trainer/versions/${replicate.trainerVersion}/trainings`;
    const badFilter = await fetch(trainer, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        destination: 'acme/nope',
        input: { input_images: 'https://x/a.zip', stepz: 3 },
        webhook_events_filter: ['done'],
      }),
    });
    expect(badFilter.status).toBe(422);
    expect((await badFilter.json()).invalid_fields).toHaveLength(2);
    expect((await fetch(`${replicate.url}/account`)).status).toBe(401);
    expect(
      (
        await fetch(`${replicate.deliveryUrl}/pbxt/x/trained_model.tar`, {
          headers: { authorization: 'Bearer r8_x' },
        })
      ).status,
    ).toBe(400);
    expect(replicate.takeViolations()).toHaveLength(4);
  });

  it('buys tokens, trains: one destination for every model, start+completed webhooks, lora.safetensors copied without the token, version released; a refund takes the tokens back', async () => {
    const c = h.client();
    const user = await c.register();
    const pkg = (await c.get('/api/token-packages')).json()[0] as {
      id: string;
      tokenAmount: number;
      priceInCents: number;
    };
    const intent = (await c.post('/api/create-payment-intent', { packageId: pkg.id })).json();
    stripe.pay(intent.paymentIntentId);
    expect(
      (await c.post('/api/purchase-tokens', { paymentIntentId: intent.paymentIntentId })).statusCode,
    ).toBe(200);
    const first = await modelWithPhotos(c, 5, 10);
    // Replicate throttles the first calls: the adapter must wait as told
    replicate.throttleNext(2, 1);
    expect((await c.post(`/api/models/${first}/train`)).statusCode).toBe(200);
    expect((await waitForStatus(c, first, ['ready', 'failed'], 30_000)).status).toBe('ready');
    const second = await modelWithPhotos(c, 5, 20);
    // a passing outage: reads are retried
    replicate.failNext(1);
    expect((await c.post(`/api/models/${second}/train`)).statusCode).toBe(200);
    expect((await waitForStatus(c, second, ['ready', 'failed'], 30_000)).status).toBe('ready');
    await replicate.settled();

    expect(replicate.created()).toBe(2);
    const destination = `${replicate.username}/${REPLICATE_DESTINATION}`;
    const owned = [...replicate.models.values()].filter((m) => m.owner === replicate.username);
    expect(owned.map((m) => `${m.owner}/${m.name}`)).toEqual([destination]);
    // each version was deleted once its weights were ours
    expect(replicate.models.get(destination)!.versions).toEqual([]);
    for (const t of replicate.trainings.values()) {
      expect(t.destination).toBe(destination);
      expect(t.webhook).toMatch(new RegExp(`^${PUBLIC_URL}/api/webhooks/replicate\\?attempt=`));
      expect(t.webhook_events_filter).toEqual(['start', 'completed']);
      expect(t.input).toMatchObject({ steps: 1000, autocaption: true });
      expect(String(t.input.input_images)).toMatch(/\/files\/u\/.+\/training-1\.zip\?exp=\d+&sig=/);
    }
    const events = replicate.deliveries.map((d) => `${d.event}:${d.status}`).sort();
    expect(events).toEqual(['completed:200', 'completed:200', 'start:200', 'start:200']);
    const weights = [...replicate.trainings.values()].map((t) => new URL(t.output!.weights).pathname);
    const downloads = replicate.deliveryRequests.filter((r) => weights.includes(r.path));
    // each tar fetched once, with no Authorization header
    expect(downloads.map((r) => r.path).sort()).toEqual(weights.sort());
    expect(downloads.every((r) => r.auth === undefined)).toBe(true);
    for (const id of [first, second]) {
      const m = await modelRow(id);
      expect(m.trainingProvider).toBe('replicate');
      expect(m.replicateModelId).toBe(destination);
      expect(replicate.trainings.has(m.trainingId!)).toBe(true);
      expect(await h.deps.storage.getBuffer(m.weightsKey!)).toEqual(DOUBLE_LORA);
    }
    const left = 50 + pkg.tokenAmount - 300;
    expect((await c.get('/api/auth/user')).json().user.tokenBalance).toBe(left);

    // the payment is refunded in full: what is left is taken back, the spent rest is owed and flagged
    const charge = stripe.charges.get(stripe.intents.get(intent.paymentIntentId)!.latest_charge!)!;
    stripe.refund(intent.paymentIntentId);
    expect((await stripe.sendEvent(`${appUrl}/api/webhooks/stripe`, 'charge.refunded', charge)).status).toBe(
      200,
    );
    const me = (await c.get('/api/auth/user')).json().user;
    expect(me.tokenBalance).toBe(Math.max(0, left - pkg.tokenAmount));
    const admin = await h.admin();
    const [listed] = (await admin.get(`/api/admin/users?search=${user.username}`)).json();
    expect(listed.tokensOwed).toBe(Math.max(0, pkg.tokenAmount - left));
    if (listed.tokensOwed > 0) expect(listed.paymentFlag.reason).toContain('could not be taken back');
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
    replicate.assertNoViolations();
  });

  it('a weights tar without lora.safetensors fails the training with a clear reason and refunds it', async () => {
    const c = h.client();
    const user = await c.register();
    await grantTokens(h, user.id, 100);
    const id = await modelWithPhotos(c, 5, 30);
    replicate.nextTrainingEnds('no-lora');
    expect((await c.post(`/api/models/${id}/train`)).statusCode).toBe(200);
    const failed = await waitForStatus(c, id, ['ready', 'failed'], 30_000);
    expect(failed.status).toBe('failed');
    const m = await modelRow(id);
    expect(m.trainingError).toContain(`no lora.safetensors (expected ${REPLICATE_LORA_PATH})`);
    expect(m.weightsKey).toBeNull();
    expect((await c.get('/api/auth/user')).json().user.tokenBalance).toBe(150);
    const refunds = (
      await h.deps.db.select().from(transactions).where(eq(transactions.userId, user.id))
    ).filter((t) => t.type === 'refund');
    expect(refunds).toHaveLength(1);
    await replicate.settled();
    replicate.assertNoViolations();
  });

  it('a create whose answer was lost is adopted on the retry, not made twice', async () => {
    const c = h.client();
    const user = await c.register();
    await grantTokens(h, user.id, 100);
    const before = replicate.created();
    const seen = replicate.requests.length;
    const id = await modelWithPhotos(c, 5, 50);
    replicate.loseNextCreateAnswer();
    expect((await c.post(`/api/models/${id}/train`)).statusCode).toBe(200);
    expect((await waitForStatus(c, id, ['ready', 'failed'], 30_000)).status).toBe('ready');
    expect(replicate.created()).toBe(before + 1);
    const m = await modelRow(id);
    expect(replicate.trainings.get(m.trainingId!)?.status).toBe('succeeded');
    const calls = replicate.requests
      .slice(seen)
      .map((r) => `${r.method} ${r.path.replace(/\/versions\/\w+/, '/versions/…')}`);
    // one create, then (answer lost) the retry looks the training up instead of creating another
    expect(calls.filter((x) => x.endsWith('/trainings') && x.startsWith('POST'))).toHaveLength(1);
    expect(calls.indexOf('GET /v1/trainings')).toBeGreaterThan(
      calls.findIndex((x) => x.startsWith('POST') && x.endsWith('/trainings')),
    );
    await replicate.settled();
    replicate.assertNoViolations();
  });

  it('duplicate and out-of-order signed webhooks change nothing twice', async () => {
    replicate.options.duplicateWebhooks = true;
    replicate.options.outOfOrderWebhooks = true;
    const c = h.client();
    const user = await c.register();
    await grantTokens(h, user.id, 100);
    const before = replicate.created();
    const id = await modelWithPhotos(c, 5, 40);
    expect((await c.post(`/api/models/${id}/train`)).statusCode).toBe(200);
    expect((await waitForStatus(c, id, ['ready', 'failed'], 30_000)).status).toBe('ready');
    await replicate.settled();
    const m = await modelRow(id);
    const mine = replicate.deliveries.filter((d) => d.trainingId === m.trainingId);
    // completed, completed (retry), then the held-back start, twice: all accepted
    expect(mine.map((d) => d.event)).toEqual(['completed', 'completed', 'start', 'start']);
    expect(mine.every((d) => d.status === 200)).toBe(true);
    expect(replicate.created()).toBe(before + 1);
    const rows = (await h.deps.db.select().from(transactions).where(eq(transactions.userId, user.id))).filter(
      (t) => t.refType === 'model',
    );
    expect(rows.map((r) => r.amount)).toEqual([-150]);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
    replicate.assertNoViolations();
  });
});
