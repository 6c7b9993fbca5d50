import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '../tests/e2e/support/server';
import { openBrowser } from '../tests/e2e/support/browser';

const root = path.resolve(import.meta.dirname, '..');

async function cannon(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 20, duration: 8, headers });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Bytes on the wire for one file when the client accepts `encoding` (a file too small to gain is sent plain). */
function servedBytes(url: string, encoding: 'gzip' | 'br'): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        const sent = res.headers['content-encoding'];
        if (sent !== undefined && sent !== encoding) reject(new Error(`${url} was sent as ${sent}`));
        let n = 0;
        res.on('data', (chunk: Buffer) => (n += chunk.length));
        res.on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

/** Foundation numbers: auth/user and static throughput, landing-page JS, cold start. */
export async function run(): Promise<Record<string, number | string>> {
  const t0 = performance.now();
  const server = await startServer({ LOG_LEVEL: 'warn' });
  const coldStartMs = Math.round(performance.now() - t0);
  try {
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'bench_user',
        email: 'bench@example.com',
        password: 'Harbor-Lamp-42',
      }),
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    const user = await cannon(`${server.url}/api/auth/user`, { cookie });

    const index = readFileSync(path.join(root, 'dist/web/index.html'), 'utf8');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    const stat = asset ? await cannon(`${server.url}${asset}`) : { rps: 0, p99: 0, errors: 0 };

    // What the landing page really loads: every script response Chromium fetches for "/".
    const browser = await openBrowser();
    const scripts = new Set<string>();
    browser.page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
    });
    await browser.page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    await browser.close();
    // measured as served: the prebuilt .gz/.br files the server sends for these requests
    let landingGzip = 0;
    let landingBrotli = 0;
    for (const s of scripts) {
      landingGzip += await servedBytes(`${server.url}${s}`, 'gzip');
      landingBrotli += await servedBytes(`${server.url}${s}`, 'br');
    }

    return {
      'cold start to first 200 (ms)': coldStartMs,
      'GET /api/auth/user req/s': user.rps,
      'GET /api/auth/user p99 (ms)': user.p99,
      'GET /api/auth/user errors': user.errors,
      'static asset req/s': stat.rps,
      'static asset p99 (ms)': stat.p99,
      'landing page JS gzip (KiB)': Math.round(landingGzip / 102.4) / 10,
      'landing page JS gzip (bytes)': landingGzip,
      'landing page JS brotli (bytes)': landingBrotli,
      'landing page JS files': scripts.size,
    };
  } finally {
    await server.stop();
  }
}
