import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRunwareDouble, type RunwareDouble } from '../../../../tests/vendors/runware-double';
import type { Config } from '../../config';
import { TEST_TIMINGS } from '../../test/timings';
import { createUrlSigner } from '../../storage/signed-url';
import { createRunwareClient } from '../runware-client';
import type { HostUploadInput } from './hosting';
import { createRunwareHost, runwareAir, uploadIdentifier } from './runware';

// The hosting adapter against the strict Runware double, and the double's own modelUpload contract.
let rw: RunwareDouble;
let downloadable = true;
beforeAll(async () => {
  rw = await createRunwareDouble({
    apiKey: 'rw-key',
    airSources: ['acme'],
    deployMs: 150,
    fetchDownload: async () => downloadable,
  });
});
afterAll(async () => {
  await rw.close();
});
beforeEach(() => {
  downloadable = true;
});

const signer = createUrlSigner({ secret: 'x'.repeat(32), publicUrl: 'https://studio.example.com' });
const config = (airSource?: string) =>
  ({
    env: 'test',
    timings: TEST_TIMINGS,
    runware: { apiKey: 'rw-key', baseUrl: rw.url, airSource },
  }) as unknown as Config;
const host = (airSource: string | undefined = 'acme') =>
  createRunwareHost({
    config: config(airSource),
    client: createRunwareClient({ apiKey: 'rw-key', baseUrl: rw.url, sleep: async () => {} }),
    signer,
  });
const input = (modelId: string, over: Partial<HostUploadInput> = {}): HostUploadInput => ({
  modelId,
  userId: 'u1',
  modelName: 'My Face',
  triggerWord: 'zxqperson',
  taskUUID: '0b6f7d3e-1c2a-4f3b-9a51-7f0e2c1d9a10',
  series: 1,
  weightsKey: `u/u1/models/${modelId}/lora.safetensors`,
  artifactKey: null,
  submittedAt: new Date(),
  ...over,
});

describe('Runware hosting adapter', () => {
  it('uploads under the configured AIR source and reads readiness from an idempotent re-issue', async () => {
    const engine = host();
    const job = input('m-ready');
    await engine.submit(job);
    expect(await engine.poll(job)).toMatchObject({ status: 'processing' });
    rw.deployUploads();
    const ready = await engine.poll(job);
    expect(ready).toEqual({
      status: 'ready',
      air: runwareAir('acme', 'm-ready', 1),
      message: 'Model successfully deployed and ready for use.',
    });
    // three requests, one model: the same air + uniqueIdentifier each time, never getResponse
    const tasks = rw.submitted('modelUpload').filter((t) => t.air === runwareAir('acme', 'm-ready', 1));
    expect(tasks).toHaveLength(3);
    expect(new Set(tasks.map((t) => t.uniqueIdentifier))).toEqual(new Set([uploadIdentifier(job)]));
    expect(new Set(tasks.map((t) => t.taskUUID)).size).toBe(3);
    expect(rw.billedUploads().filter((u) => u.air === runwareAir('acme', 'm-ready', 1))).toHaveLength(1);
    expect(tasks[0].downloadURL).toMatch(
      /^https:\/\/studio\.example\.com\/files\/u\/u1\/models\/m-ready\/lora\.safetensors\?exp=\d+&sig=/,
    );
    rw.assertNoViolations();
  });

  it('a download Runware cannot make fails the upload with its message; an unset AIR source says so', async () => {
    downloadable = false;
    await expect(host().submit(input('m-broken'))).rejects.toMatchObject({
      retryable: false,
      message: 'Could not download the model file from downloadURL.',
    });
    await expect(host('').submit(input('m-nosource'))).rejects.toMatchObject({
      retryable: false,
      message: expect.stringMatching(/RUNWARE_AIR_SOURCE/),
    });
    rw.assertNoViolations();
  });

  it('a source the account does not own is refused with Runware’s message, not retried', async () => {
    const p = await host('someoneelse').poll(input('m-foreign'));
    expect(p).toMatchObject({
      status: 'failed',
      message: "The AIR source 'someoneelse' does not exist on this account.",
    });
    expect(rw.violations.map((v) => v.code)).toEqual(['invalidAir']);
    rw.violations.length = 0;
  });
});

describe('the strict double keeps Runware’s modelUpload contract', () => {
  it('getResponse for an upload stays processing after the model is deployed; modelSearch finds it', async () => {
    const client = createRunwareClient({ apiKey: 'rw-key', baseUrl: rw.url, retries: 0 });
    const engine = host();
    const job = input('m-search');
    await engine.submit(job);
    const [submitted] = rw
      .submitted('modelUpload')
      .filter((t) => t.air === runwareAir('acme', 'm-search', 1));
    rw.deployUploads();
    const polled = await client.request<{ status: string }>([
      { taskType: 'getResponse', taskUUID: submitted.taskUUID },
    ]);
    expect(polled.data[0].status).toBe('processing');
    const found = await client.tasks<{ results: { air: string; architecture: string }[] }>([
      {
        taskType: 'modelSearch',
        taskUUID: '1b6f7d3e-1c2a-4f3b-9a51-7f0e2c1d9a11',
        search: runwareAir('acme', 'm-search', 1),
        visibility: 'owned',
      },
    ]);
    expect(found[0].results).toEqual([
      expect.objectContaining({ air: runwareAir('acme', 'm-search', 1), architecture: 'flux1d' }),
    ]);
    rw.assertNoViolations();
  });

  it('refuses what modelUpload does not take (deliveryMethod, webhookURL) and a re-used taskUUID', async () => {
    const client = createRunwareClient({ apiKey: 'rw-key', baseUrl: rw.url, retries: 0 });
    const base = {
      taskType: 'modelUpload',
      category: 'lora',
      architecture: 'flux1d',
      format: 'safetensors',
      air: 'acme:1@1',
      uniqueIdentifier: 'x',
      name: 'n',
      version: '1',
      downloadURL: 'https://x.example/l.safetensors',
    };
    const async = await client.request([
      { ...base, taskUUID: '2b6f7d3e-1c2a-4f3b-9a51-7f0e2c1d9a12', deliveryMethod: 'async' },
    ]);
    expect(async.errors[0]).toMatchObject({ code: 'unsupportedParameter', parameter: 'deliveryMethod' });
    const again = await client.request([{ ...base, taskUUID: '2b6f7d3e-1c2a-4f3b-9a51-7f0e2c1d9a12' }]);
    expect(again.errors[0]).toMatchObject({ code: 'duplicateTaskUUID' });
    expect(rw.violations.map((v) => v.code)).toEqual(['unsupportedParameter', 'duplicateTaskUUID']);
    rw.violations.length = 0;
  });
});
