import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunwareDouble, type RunwareDouble } from '../../../../tests/vendors/runware-double';
import { createHarness, type Harness } from '../../test/harness';
import { drainQueue, until } from '../../test/until';
import { ledgerMismatches } from '../tokens/ledger.service';
import { signReplicateWebhook } from '../../engines/training/replicate-webhook';
import { grantTokens, modelWithPhotos, waitForStatus } from '../../test/training-helpers';

// A local double of Replicate speaking docs/vendors/providers.md's shapes, errors and quirks; Runware is the strict
// contract double (tests/vendors/runware-double.ts).

function tarOf(name: string, data: Buffer) {
  const header = Buffer.alloc(512, 0);
  header.write(name, 0, 'utf8');
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  let sum = 0;
  for (const b of header) sum += b;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  const pad = Buffer.alloc((512 - (data.length % 512)) % 512, 0);
  return Buffer.concat([header, data, pad, Buffer.alloc(1024, 0)]);
}

type Call = { method: string; url: string; body: any; auth?: string };

const LORA = Buffer.from('fake-safetensors-weights');
const SECRET = `whsec_${Buffer.from('replicate-test-signing-key').toString('base64')}`;

let h: Harness;
let rw: RunwareDouble;
// models whose weights Runware cannot download
const brokenModels = new Set<string>();
let server: http.Server;
const calls: Call[] = [];
const state = {
  modelExists: false,
  trainingPolls: 0,
  throttledOnce: false,
  trainingStatus: 'processing' as string,
};

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const body = raw ? JSON.parse(raw) : undefined;
    const url = req.url ?? '';
    calls.push({ method: req.method!, url, body, auth: req.headers.authorization });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (url === '/weights.tar') {
      res.writeHead(200, { 'content-type': 'application/x-tar' });
      return res.end(tarOf('output/flux_train_replicate/lora.safetensors', LORA));
    }
    if (req.headers.authorization !== 'Bearer r8_test')
      return send(res, 401, { title: 'Unauthenticated', detail: 'Invalid token', status: 401 });
    if (url === '/v1/account')
      return send(res, 200, { type: 'organization', username: 'acme', name: 'Acme' });
    if (url.startsWith('/v1/models/acme/'))
      return state.modelExists
        ? send(res, 200, { owner: 'acme' })
        : send(res, 404, { detail: 'Not found', status: 404 });
    if (url === '/v1/models' && req.method === 'POST') {
      state.modelExists = true;
      return send(res, 201, { owner: body.owner, name: body.name, visibility: body.visibility });
    }
    if (url === '/v1/models/ostris/flux-dev-lora-trainer')
      return send(res, 200, { latest_version: { id: 'trainer-v1' } });
    if (url.endsWith('/versions/trainer-v1/trainings') && req.method === 'POST') {
      if (!state.throttledOnce) {
        state.throttledOnce = true;
        return send(
          res,
          429,
          { detail: 'Request was throttled. Your rate limit resets in ~1s.' },
          { 'retry-after': '1' },
        );
      }
      return send(res, 201, {
        id: 'trn_1',
        status: 'starting',
        urls: { get: `${base}/v1/predictions/trn_1`, cancel: `${base}/v1/predictions/trn_1/cancel` },
      });
    }
    if (url === '/v1/trainings/trn_1' && req.method === 'GET') {
      state.trainingPolls++;
      if (state.trainingPolls === 2) return send(res, 502, { detail: 'bad gateway' });
      const loader = 'Loading checkpoint shards: 100%|##########| 3/3 [00:05<00:00, 1.6s/it]\n';
      const pct = Math.min(100, state.trainingPolls * 25);
      const logs = `${loader}flux_train_replicate:  ${pct}%|####      | ${pct * 10}/1000 [05:00<06:06, 1.50it/s, lr: 4.0e-04 loss: 3.5e-01]\n`;
      if (state.trainingPolls < 5)
        return send(res, 200, { id: 'trn_1', status: 'processing', logs, output: null });
      return send(res, 200, {
        id: 'trn_1',
        status: 'succeeded',
        logs,
        output: { version: 'acme/x:abc', weights: `${base}/weights.tar` },
      });
    }
    if (url === '/v1/trainings/trn_1/cancel') return send(res, 200, { id: 'trn_1', status: 'canceled' });
    send(res, 404, { detail: 'Not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  rw = await createRunwareDouble({
    apiKey: 'rw-key',
    airSources: ['acme'],
    deployMs: 200,
    fetchDownload: async (url) => {
      if ([...brokenModels].some((id) => url.includes(id))) return false;
      const u = new URL(url);
      const res = await h.app.inject({ method: 'GET', url: u.pathname + u.search });
      return res.statusCode === 200 && res.rawPayload.equals(LORA);
    },
  });
  h = await createHarness({
    REPLICATE_API_TOKEN: 'r8_test',
    REPLICATE_API_URL: `http://127.0.0.1:${port}/v1`,
    REPLICATE_WEBHOOK_SECRET: SECRET,
    RUNWARE_API_KEY: 'rw-key',
    RUNWARE_API_URL: rw.url,
    RUNWARE_AIR_SOURCE: 'acme',
  });
});

afterAll(async () => {
  await h?.close();
  await rw?.close();
  await new Promise((r) => server.close(r));
});

describe('Replicate trainer and Runware host against local doubles', () => {
  it('creates the destination, retries 429/5xx, filters loader bars, copies the weights and hosts on Runware', async () => {
    const c = h.client();
    const user = await c.register();
    await grantTokens(h, user.id, 150);
    const id = await modelWithPhotos(c, 5, 300);
    expect((await c.post(`/api/models/${id}/train`)).statusCode).toBe(200);
    const seen: number[] = [];
    let status = '';
    await until(
      async () => {
        const st = (await c.get(`/api/models/${id}/training-status`)).json();
        if (st.model.status === 'training' && st.progress !== null) seen.push(st.progress);
        status = st.model.status;
        return status === 'ready' || status === 'failed';
      },
      () => `the training to end (status ${status})`,
      30_000,
      50,
    );
    expect(status).toBe('ready');
    const create = calls.find((x) => x.url === '/v1/models' && x.method === 'POST');
    expect(create?.body).toMatchObject({ owner: 'acme', visibility: 'private', hardware: 'gpu-t4' });
    const training = calls.filter((x) => x.url.endsWith('/trainings') && x.method === 'POST');
    expect(training).toHaveLength(2);
    expect(training[1].body.destination).toBe(create!.body.owner + '/' + create!.body.name);
    expect(training[1].body.input.input_images).toMatch(/\/files\/u\/.+\/training-1\.zip\?exp=\d+&sig=/);
    expect(training[1].body.input.trigger_word).toMatch(/^ZQ/);
    // progress is read from the training bar only (the 3/3 loader bar is ignored)
    expect(seen.every((p) => p <= 100)).toBe(true);
    const model = await h.deps.db.query.models.findFirst({ where: (m, { eq }) => eq(m.id, id) });
    expect(model!.trainingProvider).toBe('replicate');
    expect(model!.hostingProvider).toBe('runware');
    expect(model!.replicateModelId).toBe(create!.body.owner + '/' + create!.body.name);
    expect(await h.deps.storage.getBuffer(model!.weightsKey!)).toEqual(LORA);
    const upload = rw.submitted('modelUpload')[0];
    expect(upload).toMatchObject({
      category: 'lora',
      architecture: 'flux1d',
      format: 'safetensors',
      private: true,
    });
    expect(upload.air).toMatch(/^acme:\d+@1$/);
    expect(upload.downloadURL).toMatch(/lora\.safetensors\?exp=/);
    expect(model!.runwareAirName).toBe(upload.air);
    expect(rw.billedUploads()).toHaveLength(1);
    rw.assertNoViolations();
    const zip = await h.deps.storage.getBuffer(model!.zipKey!);
    expect(zip!.subarray(0, 2).toString()).toBe('PK');
  });

  it('a host upload that keeps failing is retried 5 times, then the model fails and is refunded once', async () => {
    const c = h.client();
    const user = await c.register();
    await grantTokens(h, user.id, 150);
    state.trainingPolls = 10;
    const res = await c.post('/api/models', { name: 'Broken upload', description: '', subjectConsent: true });
    const id = res.json().id;
    brokenModels.add(id);
    const { makePhoto, multipartBody } = await import('../../test/photo-fixtures');
    const photos = await Promise.all(Array.from({ length: 5 }, (_, i) => makePhoto(400 + i, { size: 256 })));
    const mp = multipartBody(photos.map((data, i) => ({ name: `p${i}.jpg`, data })));
    await c.inject({
      method: 'POST',
      url: `/api/models/${id}/images`,
      payload: mp.body,
      headers: { 'content-type': mp.contentType },
    });
    expect((await c.post(`/api/models/${id}/train`)).statusCode).toBe(200);
    const failed = await waitForStatus(c, id, ['failed', 'ready'], 30_000);
    expect(failed.status).toBe('failed');
    expect(
      rw.uploads.filter((u) => u.air.includes(':') && u.failed && u.downloadURL.includes(id)),
    ).toHaveLength(5);
    const admin = await h.admin();
    const logs = (await admin.get(`/api/admin/models/upload-logs?status=failed&search=Broken`)).json();
    expect(logs.uploadLogs).toHaveLength(1);
    expect(logs.uploadLogs[0]).toMatchObject({
      status: 'failed',
      retryCount: 5,
      errorDetails: 'Could not download the model file from downloadURL.',
    });
    expect((await c.get('/api/auth/user')).json().user.tokenBalance).toBe(200);
    const refunds = (
      await h.deps.db.query.transactions.findMany({ where: (t, { eq }) => eq(t.userId, user.id) })
    ).filter((t) => t.type === 'refund');
    expect(refunds).toHaveLength(1);
    // an admin retry starts a fresh series (and fails again here); no second refund
    const retry = await admin.post(`/api/admin/models/upload-logs/${logs.uploadLogs[0].id}/retry`);
    expect(retry.statusCode).toBe(200);
    await drainQueue(h.deps.db);
    const again = (await admin.get(`/api/admin/models/upload-logs?search=Broken`)).json();
    expect(again.uploadLogs).toHaveLength(2);
    expect((await c.get('/api/auth/user')).json().user.tokenBalance).toBe(200);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });

  it('verifies webhook signatures (id, timestamp within 5 min) and treats bodies as hints', async () => {
    const body = JSON.stringify({ id: 'trn_unknown', status: 'succeeded' });
    const ts = Math.floor(Date.now() / 1000);
    const ok = await h.app.inject({
      method: 'POST',
      url: '/api/webhooks/replicate',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(ts),
        'webhook-signature': `v1,bad ${signReplicateWebhook(body, 'msg_1', ts, SECRET)}`,
      },
    });
    expect(ok.statusCode).toBe(200);
    // duplicate delivery: same answer, nothing changes
    const dup = await h.app.inject({
      method: 'POST',
      url: '/api/webhooks/replicate',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(ts),
        'webhook-signature': signReplicateWebhook(body, 'msg_1', ts, SECRET),
      },
    });
    expect(dup.statusCode).toBe(200);
    const forged = await h.app.inject({
      method: 'POST',
      url: '/api/webhooks/replicate',
      payload: body.replace('succeeded', 'failed'),
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(ts),
        'webhook-signature': signReplicateWebhook(body, 'msg_1', ts, SECRET),
      },
    });
    expect(forged.statusCode).toBe(401);
    const old = ts - 600;
    const stale = await h.app.inject({
      method: 'POST',
      url: '/api/webhooks/replicate',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_2',
        'webhook-timestamp': String(old),
        'webhook-signature': signReplicateWebhook(body, 'msg_2', old, SECRET),
      },
    });
    expect(stale.statusCode).toBe(401);
  });
});
