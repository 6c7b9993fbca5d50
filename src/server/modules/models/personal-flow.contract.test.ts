import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOUBLE_LORA,
  startReplicateDouble,
  type ReplicateDouble,
} from '../../../../tests/vendors/replicate-double';
import { createRunwareDouble, type RunwareDouble } from '../../../../tests/vendors/runware-double';
import { models as modelsTable, presetStyles } from '../../db/schema/index';
import { createHarness, type Harness } from '../../test/harness';
import { startStripeDouble, type StripeDouble } from '../../test/stripe-double';
import { catalog, vendorCatalog } from '../../test/generation-helpers';
import { ledgerMismatches } from '../tokens/ledger.service';
import { modelWithPhotos, waitForStatus } from '../../test/training-helpers';

// The whole personal flow with every vendor key set, each vendor a strict contract double
// (tests/vendors/*, src/server/test/stripe-double.ts): buy tokens → create a model → train on
// Replicate → weights copied → uploaded to Runware → ready → generate with the personal LoRA and a
// style LoRA → stored → caption → the payment is refunded and disputed. No request may break a contract.

const PUBLIC_URL = 'https://studio.example.com';
const STYLE_LORA = 'civitai:58390@62833';
let replicate: ReplicateDouble;
let runware: RunwareDouble;
let stripe: StripeDouble;
let h: Harness;
let appUrl = '';

beforeAll(async () => {
  replicate = await startReplicateDouble({
    pollsToProcess: 1,
    pollsToFinish: 3,
    deliverTo: (u) => u.replace(PUBLIC_URL, appUrl),
  });
  const checkpoints: Record<string, string> = {};
  runware = await createRunwareDouble({
    apiKey: 'rw-flow',
    airSources: ['acme'],
    checkpoints,
    loras: { [STYLE_LORA]: 'flux1d' },
    deployMs: 300,
    // Runware fetches the weights itself, through the signed link, with no credentials
    fetchDownload: async (url) => {
      const u = new URL(url);
      const res = await h.app.inject({ method: 'GET', url: u.pathname + u.search });
      return res.statusCode === 200 && res.rawPayload.equals(DOUBLE_LORA);
    },
  });
  stripe = await startStripeDouble({ secretKey: 'sk_test_whole', webhookSecret: 'whsec_whole' });
  h = await createHarness({
    PUBLIC_URL,
    STRIPE_SECRET_KEY: 'sk_test_whole',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_whole',
    STRIPE_WEBHOOK_SECRET: 'whsec_whole',
    STRIPE_API_URL: stripe.url,
    REPLICATE_API_TOKEN: replicate.token,
    REPLICATE_API_URL: replicate.url,
    REPLICATE_WEBHOOK_SECRET: replicate.webhookSecret,
    RUNWARE_API_KEY: 'rw-flow',
    RUNWARE_API_URL: runware.url,
    RUNWARE_AIR_SOURCE: 'acme',
  });
  Object.assign(checkpoints, await vendorCatalog(h.deps));
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await h?.close();
  await replicate?.close();
  await runware?.close();
  await stripe?.close();
});

describe('the whole personal flow against the vendors’ contracts', () => {
  it('buys, trains, hosts, generates with the personal and a style LoRA, captions, and takes tokens back on refund and dispute', async () => {
    const engines = (await h.client().get('/api/config')).json().engines;
    expect(engines).toMatchObject({
      training: 'replicate',
      hosting: 'runware',
      images: 'runware',
      vision: 'runware',
      payments: 'stripe',
    });
    const cat = await catalog(h.deps);
    await h.deps.db
      .update(presetStyles)
      .set({ loraModels: [{ id: STYLE_LORA, weight: 0.6, triggerWord: 'anmstl' }] })
      .where(eq(presetStyles.id, cat.style.id));

    // buy tokens with a card
    const c = h.client();
    const user = await c.register();
    const pkg = (await c.get('/api/token-packages')).json()[0] as { id: string; tokenAmount: number };
    const intent = (await c.post('/api/create-payment-intent', { packageId: pkg.id })).json();
    stripe.pay(intent.paymentIntentId);
    expect(
      (await c.post('/api/purchase-tokens', { paymentIntentId: intent.paymentIntentId })).statusCode,
    ).toBe(200);

    // create → train on Replicate → weights copied → uploaded to Runware → ready
    const modelId = await modelWithPhotos(c, 6, 40);
    expect((await c.post(`/api/models/${modelId}/train`)).statusCode).toBe(200);
    const ready = await waitForStatus(c, modelId, ['ready', 'failed'], 45_000);
    expect(ready.status).toBe('ready');
    await replicate.settled();
    expect(replicate.created()).toBe(1);
    const row = (await h.deps.db.select().from(modelsTable).where(eq(modelsTable.id, modelId)))[0];
    expect(row).toMatchObject({ trainingProvider: 'replicate', hostingProvider: 'runware' });
    expect(await h.deps.storage.getBuffer(row.weightsKey!)).toEqual(DOUBLE_LORA);
    expect(runware.billedUploads()).toHaveLength(1);
    const [upload] = runware.submitted('modelUpload');
    expect(row.runwareAirName).toBe(upload.air);

    // generate with the personal LoRA and a style LoRA; the images are ours
    const res = await c.post('/api/generate-image', {
      prompt: 'on a mountain ridge',
      baseModelId: cat.dev.id,
      modelId,
      styleId: cat.style.id,
      count: 2,
      width: 512,
      height: 512,
      loraStrength: 0.9,
      calculatedTokenCost: (15 + cat.style.tokenCost) * 2,
    });
    expect(res.statusCode).toBe(200);
    const [task] = runware.submitted('imageInference');
    expect(task.lora).toEqual([
      { model: upload.air, weight: 0.9 },
      { model: STYLE_LORA, weight: 0.6 },
    ]);
    const out = res.json();
    const listed = (await c.get('/api/generated-images')).json().images.map((i: { id: string }) => i.id);
    expect(listed).toContain(out.id);
    expect((await c.get(out.imageUrl)).statusCode).toBe(200);

    // caption an image for the prompt helper
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const boundary = 'flow';
    const analyzed = await c.inject({
      method: 'POST',
      url: '/api/analyze-image',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        jpeg,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(analyzed.statusCode).toBe(200);
    expect(analyzed.json().structuredAnalysis.source).toBe('runware');

    // a partial refund, then a dispute of the rest: tokens go back through the ledger, never below zero
    const balance = async () => (await c.get('/api/auth/user')).json().user.tokenBalance as number;
    const before = await balance();
    const chargeId = stripe.intents.get(intent.paymentIntentId)!.latest_charge!;
    const priceInCents = stripe.charges.get(chargeId)!.amount;
    stripe.refund(intent.paymentIntentId, Math.floor(priceInCents / 2));
    expect(
      (
        await stripe.sendEvent(
          `${appUrl}/api/webhooks/stripe`,
          'charge.refunded',
          stripe.charges.get(chargeId),
        )
      ).status,
    ).toBe(200);
    const afterRefund = await balance();
    expect(afterRefund).toBeLessThan(before);
    const dispute = stripe.dispute(intent.paymentIntentId);
    expect(
      (await stripe.sendEvent(`${appUrl}/api/webhooks/stripe`, 'charge.dispute.created', dispute)).status,
    ).toBe(200);
    // the same event again changes nothing
    expect(
      (await stripe.sendEvent(`${appUrl}/api/webhooks/stripe`, 'charge.dispute.created', dispute)).status,
    ).toBe(200);
    const afterDispute = await balance();
    expect(afterDispute).toBeGreaterThanOrEqual(0);
    expect(afterDispute).toBeLessThan(afterRefund);
    const admin = await h.admin();
    const [flagged] = (await admin.get(`/api/admin/users?search=${user.username}`)).json();
    expect(flagged.paymentFlag).toBeTruthy();

    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
    replicate.assertNoViolations();
    runware.assertNoViolations();
  });
});
