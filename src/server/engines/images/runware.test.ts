import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRunwareVisionEngine } from '../vision/runware';
import { type RenderRequest } from './images';
import { createRunwareImageEngine, inferenceTask } from './runware';
import { createRunwareClient } from '../runware-client';
import { EngineError } from '../engine-error';

/**
 * A local double of Runware's REST endpoint (providers.md B.1, B.2, B.5, B.7): it records the task
 * array, answers with the documented envelope, and serves the "vendor" image URLs it hands out.
 */
type Mode = 'ok' | '400' | '401' | '429' | '500' | 'errors-200' | 'hang' | 'garbage' | 'caption';
let server: http.Server;
let base: string;
let mode: Mode = 'ok';
let received: { auth?: string; body: any }[] = [];
let jpeg: Buffer;

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 512, height: 384, channels: 3, background: '#336699' } }).jpeg().toBuffer();
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
      const json = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      const error = (code: string, message: string) => ({ errors: [{ code, message, parameter: 'model', taskUUID: task.taskUUID }] });
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
          return json(200, { data: [{ taskType: 'caption', taskUUID: task.taskUUID, text: 'a portrait of a smiling woman in soft window light, 85mm' }] });
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
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
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
  style: { id: 's', name: 'Anime', prompt: 'anime style', negativePrompt: '', isNsfw: false, loras: [{ id: 'civitai:1@2', weight: 0.75, triggerWord: 'anmstl' }] },
  personalModel: { id: 'm', name: 'Me', triggerWord: 'zxqperson', promptModifier: 'a photo of', airName: 'lorastudio:42@1', weight: 0.9, artifact: null },
  ...over,
});

describe('Runware imageInference adapter', () => {
  it('sends the documented task and downloads every result', async () => {
    const engine = createRunwareImageEngine(createRunwareClient({ apiKey: 'rw-key', baseUrl: base }));
    const out = await engine.render(req());
    expect(received).toHaveLength(1);
    expect(received[0].auth).toBe('Bearer rw-key');
    expect(Array.isArray(received[0].body)).toBe(true);
    expect(received[0].body[0]).toEqual({
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
      outputFormat: 'JPG',
      checkNSFW: true,
      lora: [
        { model: 'lorastudio:42@1', weight: 0.9 },
        { model: 'civitai:1@2', weight: 0.75 },
      ],
    });
    expect(out).toHaveLength(2);
    expect(out[0].data.equals(jpeg)).toBe(true);
    expect(out.map((o) => o.isNsfw)).toEqual([false, true]);
    expect(out.map((o) => o.seed)).toEqual([421337, 421338]);
  });

  it('omits lora and a too-short negative prompt when there are none', () => {
    const task = inferenceTask(req({ style: null, personalModel: null, negativePrompt: 'x', seed: 0 }));
    expect(task).not.toHaveProperty('lora');
    expect(task).not.toHaveProperty('negativePrompt');
    expect(task.seed).toBe(1);
  });

  it('maps errors: 400/401 final, 429/5xx/timeouts retryable', async () => {
    const engine = createRunwareImageEngine(createRunwareClient({ apiKey: 'rw-key', baseUrl: base, timeoutMs: 300 }));
    const cases: [Mode, boolean, RegExp][] = [
      ['400', false, /Invalid value for 'model'/],
      ['401', false, /API key/],
      ['429', true, /Too many requests/],
      ['500', true, /Internal error/],
      ['errors-200', true, /timed out/],
      ['garbage', true, /unreadable/],
      ['hang', true, /did not answer in time/],
    ];
    for (const [m, retryable, message] of cases) {
      mode = m;
      const err = await engine.render(req()).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, m).toBeInstanceOf(EngineError);
      expect((err as EngineError).retryable, m).toBe(retryable);
      expect((err as EngineError).message, m).toMatch(message);
    }
  });

  it('refuses a personal model that has no AIR yet, without calling the vendor', async () => {
    const engine = createRunwareImageEngine(createRunwareClient({ apiKey: 'rw-key', baseUrl: base }));
    const personalModel = { ...req().personalModel!, airName: null };
    await expect(engine.render(req({ personalModel }))).rejects.toMatchObject({ retryable: false });
    expect(received).toHaveLength(0);
  });

  it('reports an unreachable host as retryable', async () => {
    const engine = createRunwareImageEngine(createRunwareClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 2000 }));
    await expect(engine.render(req())).rejects.toMatchObject({ retryable: true });
  });
});

describe('Runware caption adapter', () => {
  it('sends the picture inline and returns the caption as the prompt', async () => {
    mode = 'caption';
    const engine = createRunwareVisionEngine(createRunwareClient({ apiKey: 'rw-key', baseUrl: base }));
    const out = await engine.analyze(jpeg);
    const task = received[0].body[0];
    expect(task).toMatchObject({ taskType: 'caption', model: 'runware:150@2' });
    expect(task.taskUUID).toMatch(/^[0-9a-f-]{36}$/);
    expect(task.inputImage).toMatch(/^data:image\/jpeg;base64,/);
    expect(out.formattedPrompt).toBe('a portrait of a smiling woman in soft window light, 85mm');
    expect(out.structuredAnalysis).toMatchObject({ source: 'runware', width: 512, height: 384, orientation: 'landscape', aspectRatio: '4:3' });
  });

  it('maps caption errors the same way', async () => {
    const engine = createRunwareVisionEngine(createRunwareClient({ apiKey: 'rw-key', baseUrl: base, timeoutMs: 300 }));
    mode = '401';
    await expect(engine.analyze(jpeg)).rejects.toMatchObject({ retryable: false });
    mode = 'hang';
    await expect(engine.analyze(jpeg)).rejects.toMatchObject({ retryable: true });
  });
});
