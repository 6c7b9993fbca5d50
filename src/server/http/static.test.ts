import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStatic } from './static';

const js = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
const html = `<!doctype html><html><head><title>LoRA Studio</title></head><body>${' '.repeat(2000)}</body></html>`;

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lora-static-'));
  await mkdir(path.join(dir, 'assets'));
  const files: Record<string, string> = { 'index.html': html, 'assets/app-abc123.js': js };
  for (const [name, body] of Object.entries(files)) {
    await writeFile(path.join(dir, name), body);
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(body));
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(body));
  }
  app = Fastify();
  await registerStatic(app, dir);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('static files', () => {
  it('sends the prebuilt brotli or gzip file the browser accepts, and the plain file otherwise', async () => {
    const br = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);

    const gz = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('serves the app page compressed, revalidated by ETag, at / and on client routes, and JSON 404s under /api', async () => {
    for (const url of ['/', '/models/some-id']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      // no session and no light/dark choice were read: the page says so, and asks for neither
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(
        html.replace('<html>', '<html data-mode="system" data-session="guest">'),
      );
      const again = await app.inject({ url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
    // the build's files are served as pages, never raw
    expect((await app.inject({ url: '/index.html' })).body).toContain('data-session="guest"');
    const api = await app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
