import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVendorsCheck } from './vendors-check';

// Local doubles of the three read-only calls, answering as the vendors document them.
const GOOD = { replicate: 'r8_good', runware: 'rw_good', stripe: 'sk_test_good' };
const REPLICATE_SECRET = 'whsec_c2VjcmV0';
type Seen = { method: string; path: string; auth?: string; body: string };
const seen: Seen[] = [];
let server: http.Server;
let url: string;
let closedPort: number;

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const auth = req.headers.authorization;
      seen.push({ method: req.method ?? '', path, auth, body });
      if (path === '/replicate/v1/account' && req.method === 'GET') {
        if (auth !== `Bearer ${GOOD.replicate}`)
          return json(res, 401, {
            title: 'Unauthenticated',
            detail: 'You did not pass a valid authentication token',
            status: 401,
          });
        return json(res, 200, { type: 'organization', username: 'acme', name: 'Acme', github_url: null });
      }
      if (path === '/replicate/v1/webhooks/default/secret' && req.method === 'GET')
        return json(res, 200, { key: REPLICATE_SECRET });
      if (path === '/runware/v1' && req.method === 'POST') {
        if (auth !== `Bearer ${GOOD.runware}`)
          return json(res, 401, { errors: [{ code: 'invalidApiKey', message: 'Invalid API key.' }] });
        const [task] = JSON.parse(body);
        if (
          task.taskType !== 'modelSearch' ||
          typeof task.search !== 'string' ||
          typeof task.taskUUID !== 'string'
        )
          return json(res, 400, { errors: [{ code: 'invalidTask', message: 'bad task' }] });
        const results =
          task.search === 'acme'
            ? [
                {
                  air: 'acme:1042@1',
                  name: 'x',
                  category: 'lora',
                  architecture: 'flux1d',
                  capabilities: [],
                  source: 'community',
                  heroImage: null,
                  private: true,
                },
              ]
            : [];
        return json(res, 200, {
          data: [{ taskType: 'modelSearch', taskUUID: task.taskUUID, totalResults: results.length, results }],
        });
      }
      if (path === '/v1/balance' && req.method === 'GET') {
        if (auth !== `Bearer ${GOOD.stripe}`)
          return json(res, 401, {
            error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
          });
        return json(res, 200, {
          object: 'balance',
          livemode: false,
          available: [{ amount: 0, currency: 'usd' }],
          pending: [],
        });
      }
      json(res, 404, { detail: 'Not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // a loopback port nobody listens on: take one, then free it
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const base = { DATA_DIR: '/tmp/lora-vendors-check-test', SESSION_SECRET: 'x'.repeat(40) };
function env(over: Record<string, string> = {}) {
  return {
    ...base,
    REPLICATE_API_TOKEN: GOOD.replicate,
    REPLICATE_WEBHOOK_SECRET: REPLICATE_SECRET,
    REPLICATE_API_URL: `${url}/replicate/v1`,
    RUNWARE_API_KEY: GOOD.runware,
    RUNWARE_AIR_SOURCE: 'acme',
    RUNWARE_API_URL: `${url}/runware/v1`,
    STRIPE_SECRET_KEY: GOOD.stripe,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_good',
    STRIPE_WEBHOOK_SECRET: 'whsec_stripe',
    STRIPE_API_URL: url,
    ...over,
  };
}

async function run(e: Record<string, string>, timeoutMs = 2000, fetchImpl?: typeof fetch) {
  const lines: string[] = [];
  const code = await runVendorsCheck(e, (l) => lines.push(l), { timeoutMs, fetch: fetchImpl });
  return { code, out: lines.join('\n'), lines };
}

const vendorLine = (lines: string[], vendor: string) =>
  lines.find((l) => l.trimStart().startsWith(vendor)) ?? '';

describe('npm run vendors:check', () => {
  it('with no vendor keys says the offline engines are in use and exits 0', async () => {
    const { code, out } = await run(base);
    expect(code).toBe(0);
    expect(out).toMatch(/No vendor keys are set: the offline engines are in use/);
  });

  it('reports OK per vendor with what it learned, using the documented calls and auth', async () => {
    seen.length = 0;
    const { code, lines, out } = await run(env());
    expect(code).toBe(0);
    expect(vendorLine(lines, 'Replicate')).toMatch(
      /OK\s+authenticated as acme \(organization\); the webhook signing secret matches/,
    );
    expect(vendorLine(lines, 'Runware')).toMatch(
      /OK\s+authenticated; 1 model\(s\) found under AIR source "acme" \(e\.g\. acme:1042@1\)/,
    );
    expect(vendorLine(lines, 'Stripe')).toMatch(/OK\s+balance readable \(test mode/);
    // the local PUBLIC_URL is tolerated because every base URL is overridden, and said so
    expect(out).toMatch(
      /WARN\s+PUBLIC_URL: not set, so links use http:\/\/127\.0\.0\.1:3000, which is not a public https:\/\/ origin .*REPLICATE_API_URL, RUNWARE_API_URL, STRIPE_API_URL point/,
    );
    expect(seen.map((s) => `${s.method} ${s.path} ${s.auth}`).sort()).toEqual([
      `GET /replicate/v1/account Bearer ${GOOD.replicate}`,
      `GET /replicate/v1/webhooks/default/secret Bearer ${GOOD.replicate}`,
      `GET /v1/balance Bearer ${GOOD.stripe}`,
      `POST /runware/v1 Bearer ${GOOD.runware}`,
    ]);
    const [task] = JSON.parse(seen.find((s) => s.method === 'POST')!.body);
    expect(task).toMatchObject({ taskType: 'modelSearch', search: 'acme', visibility: 'owned' });
    expect(task.taskUUID).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says when the AIR source has no models yet and what to make sure of', async () => {
    const { code, lines } = await run(env({ RUNWARE_AIR_SOURCE: 'newsource' }));
    expect(code).toBe(0);
    expect(vendorLine(lines, 'Runware')).toMatch(
      /no models under AIR source "newsource" yet .*exists on your Runware dashboard/,
    );
  });

  it('turns 401s into FAILED lines with the fix, and exits 1', async () => {
    const { code, lines, out } = await run(
      env({ REPLICATE_API_TOKEN: 'r8_bad', RUNWARE_API_KEY: 'rw_bad', STRIPE_SECRET_KEY: 'sk_test_bad' }),
    );
    expect(code).toBe(1);
    expect(vendorLine(lines, 'Replicate')).toMatch(/FAILED\s+401: the token is wrong or revoked/);
    expect(out).toMatch(
      /fix: create a token at https:\/\/replicate\.com\/account\/api-tokens and set REPLICATE_API_TOKEN/,
    );
    expect(vendorLine(lines, 'Runware')).toMatch(
      /FAILED\s+401: the API key is wrong or revoked \(Invalid API key\.\)/,
    );
    expect(out).toMatch(/fix: create a key on the API Keys page of your Runware dashboard/);
    expect(vendorLine(lines, 'Stripe')).toMatch(/FAILED\s+401: the secret key is wrong or revoked/);
    expect(out).toMatch(/fix: copy the secret key .* from https:\/\/dashboard\.stripe\.com\/apikeys/);
  });

  it("catches a webhook secret that is not the account's and keys of mixed Stripe modes", async () => {
    const { code, lines } = await run(
      env({ REPLICATE_WEBHOOK_SECRET: 'whsec_other', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }),
    );
    expect(code).toBe(1);
    expect(vendorLine(lines, 'Replicate')).toMatch(
      /FAILED\s+authenticated as acme .*REPLICATE_WEBHOOK_SECRET is not this account's webhook signing secret/,
    );
    expect(vendorLine(lines, 'Stripe')).toMatch(/FAILED\s+.*STRIPE_PUBLISHABLE_KEY is a live key/);
  });

  it('gives a clear verdict, no stack trace, when a vendor cannot be reached (a closed loopback port)', async () => {
    const dead = `http://127.0.0.1:${closedPort}`;
    const { code, lines, out } = await run(
      env({ REPLICATE_API_URL: `${dead}/v1`, RUNWARE_API_URL: `${dead}/v1`, STRIPE_API_URL: dead }),
    );
    expect(code).toBe(1);
    for (const v of ['Replicate', 'Runware', 'Stripe']) {
      expect(vendorLine(lines, v)).toMatch(
        new RegExp(`FAILED\\s+could not reach 127\\.0\\.0\\.1:${closedPort} \\(ECONNREFUSED\\)`),
      );
    }
    expect(out).toMatch(/fix: check that REPLICATE_API_URL is right and that service is running/);
    expect(out).not.toMatch(/\n\s+at /);
  });

  it('gives up after the timeout on a vendor that does not answer', async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as AddressInfo).port;
    try {
      const started = Date.now();
      const { code, lines } = await run(env({ STRIPE_API_URL: `http://127.0.0.1:${port}` }), 300);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(code).toBe(1);
      expect(vendorLine(lines, 'Stripe')).toMatch(/FAILED\s+127\.0\.0\.1:\d+ did not answer within 300 ms/);
    } finally {
      silent.closeAllConnections();
      await new Promise((r) => silent.close(r));
    }
  });

  it('prints the setup errors the start would refuse with, and exits 1 even when the vendors answer', async () => {
    const { REPLICATE_WEBHOOK_SECRET: _, ...e } = env({
      REPLICATE_API_URL: 'https://api.replicate.com/v1',
      PUBLIC_URL: 'http://192.168.1.5:3000',
    });
    // the real Replicate is configured here: stand in for a machine without network
    const offline = (async () => {
      throw new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } });
    }) as unknown as typeof fetch;
    const { code, out, lines } = await run({ ...e, NODE_ENV: 'production' }, 2000, offline);
    expect(code).toBe(1);
    expect(vendorLine(lines, 'Replicate')).toMatch(
      /FAILED\s+could not reach api\.replicate\.com \(ENOTFOUND\)/,
    );
    expect(out).toMatch(/fix: check this machine's network, DNS, firewall and proxy settings/);
    expect(out).toMatch(
      /ERROR\s+PUBLIC_URL: http:\/\/192\.168\.1\.5:3000 is not a public https:\/\/ origin .*private address.*REPLICATE_API_TOKEN is set/,
    );
    expect(out).toMatch(/ERROR\s+REPLICATE_WEBHOOK_SECRET: required when REPLICATE_API_TOKEN is set/);
    expect(out).toMatch(/The server refuses to start until the ERROR lines are fixed/);
  });

  it("stops with the variable's name on a malformed value (exit 2)", async () => {
    const { code, out } = await run(env({ REPLICATE_API_URL: 'https://api.replicate.com' }));
    expect(code).toBe(2);
    expect(out).toMatch(/REPLICATE_API_URL: give the API base with its version path/);
  });
});
