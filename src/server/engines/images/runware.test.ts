import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRunwareDouble, type RunwareDouble } from '../../../../tests/vendors/runware-double';
import { createRunwareVisionEngine } from '../vision/runware';
import { type RenderRequest } from './images';
import { createRunwareImageEngine, inferenceTask } from './runware';
import { createRunwareClient } from '../runware-client';
import { EngineError } from '../engine-error';

/**
 * Happy paths run against the strict contract double (tests/vendors/runware-double.ts). This raw
 * double only adds the failure shapes: HTTP errors, an error item in a 200, garbage, a hang.
 */
type Mode = 'ok' | '400' | '401' | '429' | '500' | 'errors-200' | 'hang' | 'garbage' | 'caption';
let server: http.Server;
let base: string;
let mode: Mode = 'ok';
let received: { auth?: string; body: any }[] = [];
let jpeg: Buffer;

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 512, height: 384, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/image/')) {
      if (req.url.includes('missing')) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      return;
    }
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const body = JSON.parse(raw);
      received.push({ auth: req.headers.authorization, body });
      const task = body[0];
      const json = (status: number, payload: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      const error = (code: string, message: string) => ({
        errors: [{ code, message, parameter: 'model', taskUUID: task.taskUUID }],
      });
      switch (mode) {
        case 'hang':
          return; // never answers: the client's timeout must fire
        case '400':
          return json(400, error('invalidModel', "Invalid value for 'model' parameter."));
        case '401':
          return json(401, { errors: [{ code: 'invalidApiKey', message: 'Invalid API key.' }] });
        case '429':
          return json(429, error('queueFull', 'Too many requests in queue.'));
        case '500':
          return json(500, error('serverError', 'Internal error.'));
        case 'errors-200':
          return json(200, error('timeoutProvider', 'The provider timed out.'));
        case 'garbage':
          res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>');
          return;
        case 'caption':
          return json(200, {
            data: [
              {
                taskType: 'caption',
                taskUUID: task.taskUUID,
                text: 'a portrait of a smiling woman in soft window light, 85mm',
              },
            ],
          });
        default: {
          const data = Array.from({ length: task.numberResults }, (_, i) => ({
            taskType: 'imageInference',
            taskUUID: task.taskUUID,
            imageUUID: `img-${i}`,
            imageURL: `${base}/image/ws/${task.taskUUID}/${i}.jpg`,
            seed: task.seed + i,
            NSFWContent: i === 1,
          }));
          return json(200, { data });
        }
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
let rw: RunwareDouble;
beforeAll(async () => {
  rw = await createRunwareDouble({
    apiKey: 'rw-key',
    airSources: ['acme'],
    checkpoints: { 'runware:101@1': 'flux1d', 'runware:100@1': 'flux1s' },
    loras: { 'acme:42@1': 'flux1d', 'civitai:1@2': 'flux1d' },
    nsfw: (_prompt, i) => i === 1,
  });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await rw.close();
});
beforeEach(() => {
  mode = 'ok';
  received = [];
});

const req = (over: Partial<RenderRequest> = {}): RenderRequest => ({
  taskId: '0b6f7d3e-1c2a-4f3b-9a51-7f0e2c1d9a10',
  prompt: 'me on a mountain',
  negativePrompt: 'blurry',
  width: 1024,
  height: 576,
  count: 2,
  seed: 421337,
  baseModel: { id: 'b', name: 'FLUX.1 Dev', air: 'runware:101@1' },
  style: {
    id: 's',
    name: 'Anime',
    prompt: 'anime style',
    negativePrompt: '',
    isNsfw: false,
    loras: [{ id: 'civitai:1@2', weight: 0.75, triggerWord: 'anmstl' }],
  },
  personalModel: {
    id: 'm',
    name: 'Me',
    triggerWord: 'zxqperson',
    promptModifier: 'a photo of',
    airName: 'acme:42@1',
    weight: 0.9,
    artifact: null,
  },
  ...over,
});
const strict = (o: { retries?: number } = {}) =>
  createRunwareClient({ apiKey: 'rw-key', baseUrl: rw.url, sleep: async () => {}, ...o });
const raw = () => createRunwareClient({ apiKey: 'rw-key', baseUrl: base, timeoutMs: 300, retries: 0 });

describe('Runware imageInference adapter', () => {
  it('sends the contract task (async, safety.checkContent, lora by AIR), polls getResponse and downloads every result', async () => {
    const engine = createRunwareImageEngine(strict(), { pollMs: 5 });
    const out = await engine.render(req());
    const [task] = rw.submitted('imageInference');
    expect(task).toEqual({
      taskType: 'imageInference',
      taskUUID: '0b6f7d3e-1c2a-4f3b-9a51-7f0e2c1d9a10',
      model: 'runware:101@1',
      positivePrompt: 'zxqperson a photo of, me on a mountain, anime style, anmstl',
      negativePrompt: 'blurry',
      width: 1024,
      height: 576,
      numberResults: 2,
      seed: 421337,
      outputType: 'URL',
      // Runware drops its copy of the person's pictures after an hour, not on its own schedule
      ttl: 3600,
      outputFormat: 'JPG',
      deliveryMethod: 'async',
      safety: { checkContent: true },
      lora: [
        { model: 'acme:42@1', weight: 0.9 },
        { model: 'civitai:1@2', weight: 0.75 },
      ],
    });
    expect(rw.received.every((r) => r.auth === 'Bearer rw-key')).toBe(true);
    expect(out).toHaveLength(2);
    expect((await sharp(out[0].data).metadata()).format).toBe('jpeg');
    // the content check's answer (NSFWContent) decides the flag
    expect(out.map((o) => o.isNsfw)).toEqual([false, true]);
    expect(out.map((o) => o.seed)).toEqual([421337, 421338]);
    // generated images are public: fetched without credentials
    expect(rw.imageGets.length).toBe(2);
    expect(rw.imageGets.every((g) => !g.auth)).toBe(true);
    rw.assertNoViolations();
  });

  it('adopts a render an earlier attempt started instead of rendering (and paying) again', async () => {
    const engine = createRunwareImageEngine(strict(), { pollMs: 5 });
    const first = { ...req(), taskId: '1b6f7d3e-1c2a-4f3b-9a51-7f0e2c1d9a10' };
    await engine.render(first);
    const before = rw.billedRenders().length;
    const again = await engine.render({
      ...req(),
      taskId: '2b6f7d3e-1c2a-4f3b-9a51-7f0e2c1d9a10',
      count: 1,
      adoptable: [
        { taskId: '3b6f7d3e-1c2a-4f3b-9a51-7f0e2c1d9a10', skip: 0 },
        { taskId: first.taskId, skip: 1 },
      ],
    });
    expect(rw.billedRenders().length).toBe(before);
    expect(again).toHaveLength(1);
    expect(again[0].isNsfw).toBe(true);
    // nothing to adopt: a new task
    await engine.render({
      ...req(),
      taskId: '4b6f7d3e-1c2a-4f3b-9a51-7f0e2c1d9a10',
      adoptable: [{ taskId: '5b6f7d3e-1c2a-4f3b-9a51-7f0e2c1d9a10', skip: 0 }],
    });
    expect(rw.billedRenders().length).toBe(before + 1);
    rw.assertNoViolations();
  });

  it('a request refused as a whole without a taskUUID (capacity) is sent again, not failed', async () => {
    const engine = createRunwareImageEngine(strict(), { pollMs: 5 });
    rw.failNext(503, 'serviceUnavailable', 'Temporary capacity');
    rw.failNext(200, 'timeoutProvider', 'The provider timed out');
    const out = await engine.render({ ...req(), taskId: '6b6f7d3e-1c2a-4f3b-9a51-7f0e2c1d9a10' });
    expect(out).toHaveLength(2);
    rw.assertNoViolations();
  });

  it('the strict double refuses legacy and unknown parameters the way Runware does', async () => {
    const client = strict({ retries: 0 });
    const legacy = await client.request([
      {
        ...inferenceTask({ ...req(), taskId: '7b6f7d3e-1c2a-4f3b-9a51-7f0e2c1d9a10' }),
        safety: undefined,
        checkNSFW: true,
      },
    ]);
    expect(legacy.errors[0]).toMatchObject({
      code: 'unsupportedParameter',
      parameter: 'checkNSFW',
      taskUUID: '7b6f7d3e-1c2a-4f3b-9a51-7f0e2c1d9a10',
    });
    const unknown = await client.request([
      {
        taskType: 'caption',
        taskUUID: '8b6f7d3e-1c2a-4f3b-9a51-7f0e2c1d9a10',
        model: 'runware:150@2',
        inputImage: 'data:image/jpeg;base64,AAAA',
      },
    ]);
    expect(unknown.errors[0]).toMatchObject({ code: 'unsupportedParameter', parameter: 'inputImage' });
    // a task error keeps its own message
    await expect(
      createRunwareImageEngine(client).render({
        ...req(),
        taskId: '9b6f7d3e-1c2a-4f3b-9a51-7f0e2c1d9a10',
        width: 1000,
      }),
    ).rejects.toMatchObject({ message: "Invalid value for 'width' parameter.", retryable: false });
    expect(rw.violations.map((v) => v.code)).toEqual([
      'unsupportedParameter',
      'unsupportedParameter',
      'invalidWidth',
    ]);
    rw.violations.length = 0;
  });

  it('omits lora and a too-short negative prompt when there are none', () => {
    const task = inferenceTask(req({ style: null, personalModel: null, negativePrompt: 'x', seed: 0 }));
    expect(task).not.toHaveProperty('lora');
    expect(task).not.toHaveProperty('negativePrompt');
    expect(task.seed).toBe(1);
    expect(inferenceTask(req({ style: null, personalModel: null, prompt: 'x' })).positivePrompt).toBe('x.');
  });

  it('maps errors: 400/401 final, 429/5xx/timeouts retryable, messages kept', async () => {
    // a short limit only where the double never answers: under a loaded CI an answer took over 300 ms
    const engine = createRunwareImageEngine(raw(), { requestTimeoutMs: 10_000 });
    const impatient = createRunwareImageEngine(raw(), { requestTimeoutMs: 300 });
    const cases: [Mode, boolean, RegExp][] = [
      ['400', false, /Invalid value for 'model'/],
      ['401', false, /API key/],
      ['429', true, /Too many requests/],
      ['500', true, /Internal error/],
      ['errors-200', true, /The provider timed out/],
      ['garbage', true, /unreadable/],
      ['hang', true, /did not answer in time/],
    ];
    for (const [m, retryable, message] of cases) {
      mode = m;
      const err = await (m === 'hang' ? impatient : engine).render(req()).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, m).toBeInstanceOf(EngineError);
      expect((err as EngineError).retryable, m).toBe(retryable);
      expect((err as EngineError).message, m).toMatch(message);
    }
  });

  it('refuses a personal model that has no AIR yet, without calling the vendor', async () => {
    const engine = createRunwareImageEngine(raw());
    const personalModel = { ...req().personalModel!, airName: null };
    await expect(engine.render(req({ personalModel }))).rejects.toMatchObject({ retryable: false });
    expect(received).toHaveLength(0);
  });

  it('reports an unreachable host as retryable', async () => {
    const engine = createRunwareImageEngine(
      createRunwareClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 2000 }),
    );
    await expect(engine.render(req())).rejects.toMatchObject({ retryable: true });
  });
});

describe('Runware caption adapter', () => {
  it('sends the picture inline as inputs.image and returns the caption as the prompt', async () => {
    const engine = createRunwareVisionEngine(strict());
    const out = await engine.analyze(jpeg);
    const task = rw.submitted('caption').at(-1)!;
    expect(Object.keys(task).sort()).toEqual(['inputs', 'model', 'taskType', 'taskUUID']);
    expect(task).toMatchObject({ taskType: 'caption', model: 'runware:150@2' });
    expect((task.inputs as { image: string }).image).toMatch(/^data:image\/jpeg;base64,/);
    expect(out.formattedPrompt).toMatch(/^a portrait of a smiling person/);
    expect(out.structuredAnalysis).toMatchObject({
      source: 'runware',
      width: 512,
      height: 384,
      orientation: 'landscape',
      aspectRatio: '4:3',
    });
    rw.assertNoViolations();
  });

  it('maps caption errors the same way', async () => {
    const engine = createRunwareVisionEngine(raw());
    mode = '401';
    await expect(engine.analyze(jpeg)).rejects.toMatchObject({ retryable: false });
    mode = 'hang';
    await expect(engine.analyze(jpeg)).rejects.toMatchObject({ retryable: true });
  });
});
