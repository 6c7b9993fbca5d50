import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rateLimits, webVitals } from '../../db/schema/index';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { VITALS_PER_MINUTE, vitalsLimitKey, pruneWebVitals } from './vitals.service';

let h: Harness;
let admin: Client;
let address = 0;
/** A fresh client address per test, so one test's beacons never meet another's rate limit. */
const nextAddress = () => `203.0.113.${++address}`;

beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
  admin = await h.admin();
});
afterAll(async () => {
  await h?.close();
});

function beacon(body: unknown, remoteAddress = nextAddress(), headers: Record<string, string> = {}) {
  return h
    .client()
    .inject({ method: 'POST', url: '/api/vitals', payload: body as object, remoteAddress, headers });
}

describe('POST /api/vitals', () => {
  it('takes a page pattern measurement from anyone: 204, no body, one stored row', async () => {
    const res = await beacon({ route: '/gallery', name: 'LCP', value: 1234.5, rating: 'good' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const rows = await h.deps.db
      .select()
      .from(webVitals)
      .where(sql`${webVitals.route} = '/gallery'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ route: '/gallery', name: 'LCP', value: 1234.5, rating: 'good' });
  });

  it('stores a concrete path as its page pattern, never the id in it', async () => {
    const id = '4f0c2a8e-1b7d-4c3e-9a55-0d6f1e2b3c4d';
    expect(
      (await beacon({ route: `/models/${id}`, name: 'INP', value: 88, rating: 'good' })).statusCode,
    ).toBe(204);
    expect(
      (await beacon({ route: `/admin/preset-styles/edit/${id}/`, name: 'CLS', value: 0.02, rating: 'good' }))
        .statusCode,
    ).toBe(204);
    // a static page wins over a page with a parameter, as in the router
    expect(
      (await beacon({ route: '/models/create', name: 'FCP', value: 900, rating: 'good' })).statusCode,
    ).toBe(204);
    const routes = (await h.deps.db.select({ route: webVitals.route }).from(webVitals)).map((r) => r.route);
    expect(routes).toEqual(
      expect.arrayContaining(['/models/:id', '/admin/preset-styles/edit/:id', '/models/create']),
    );
    expect(routes.join(' ')).not.toContain(id);
  });

  it('refuses what is not a measurement of one of our pages: 400 naming the field', async () => {
    const bad: [unknown, string][] = [
      [{ route: '/nowhere/at/all', name: 'LCP', value: 1, rating: 'good' }, 'route'],
      [{ route: '/gallery?user=42', name: 'LCP', value: 1, rating: 'good' }, 'route'],
      [{ route: 'https://evil.example/', name: 'LCP', value: 1, rating: 'good' }, 'route'],
      [{ route: `/${'a'.repeat(300)}`, name: 'LCP', value: 1, rating: 'good' }, 'route'],
      [{ name: 'LCP', value: 1, rating: 'good' }, 'route'],
      [{ route: '/gallery', name: 'FID', value: 1, rating: 'good' }, 'name'],
      [{ route: '/gallery', name: 'LCP', value: -1, rating: 'good' }, 'value'],
      [{ route: '/gallery', name: 'LCP', value: '12', rating: 'good' }, 'value'],
      [{ route: '/gallery', name: 'LCP', value: 1e9, rating: 'good' }, 'value'],
      [{ route: '/gallery', name: 'CLS', value: 500, rating: 'poor' }, 'value'],
      [{ route: '/gallery', name: 'LCP', value: 1, rating: 'fine' }, 'rating'],
    ];
    for (const [body, field] of bad) {
      const res = await beacon(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const notJson = await h.client().inject({
      method: 'POST',
      url: '/api/vitals',
      payload: 'route=/gallery',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(notJson.statusCode).toBeLessThan(500);
  });

  it('answers 429 once an address sent its minute’s share; another address still gets through', async () => {
    const ip = nextAddress();
    // the counter of this address, one short of its limit (counting to 60 through HTTP proves nothing more)
    await h.deps.db
      .insert(rateLimits)
      .values({ key: vitalsLimitKey(ip), windowStart: new Date(), count: VITALS_PER_MINUTE - 1 });
    const ok = { route: '/', name: 'TTFB', value: 120, rating: 'good' };
    expect((await beacon(ok, ip)).statusCode).toBe(204);
    const refused = await beacon(ok, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await beacon(ok)).statusCode).toBe(204);
  });

  it('takes a same-origin beacon from a signed-in browser (CSRF lets it through), refuses a cross-site one', async () => {
    const user = h.client();
    await user.register();
    const body = { route: '/dashboard', name: 'FCP', value: 700, rating: 'good' };
    const same = await user.inject({
      method: 'POST',
      url: '/api/vitals',
      payload: body,
      remoteAddress: nextAddress(),
      headers: { origin: h.config.publicUrl },
    });
    expect(same.statusCode).toBe(204);
    const cross = await user.inject({
      method: 'POST',
      url: '/api/vitals',
      payload: body,
      remoteAddress: nextAddress(),
      headers: { origin: 'https://evil.example' },
    });
    expect(cross.statusCode).toBe(403);
  });
});

describe('GET /metrics: Web Vitals histograms', () => {
  it('counts each accepted beacon in its vital’s histogram, by route, in seconds (CLS as a score)', async () => {
    await beacon({ route: '/generate', name: 'INP', value: 150, rating: 'good' });
    await beacon({ route: '/generate', name: 'INP', value: 650, rating: 'poor' });
    await beacon({ route: '/generate', name: 'CLS', value: 0.3, rating: 'poor' });
    const res = await admin.get('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^# TYPE lora_web_vitals_inp_seconds histogram$/m);
    expect(res.body).toMatch(/^# TYPE lora_web_vitals_cls histogram$/m);
    const line = (name: string, labels: string) =>
      res.body.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
    expect(line('lora_web_vitals_inp_seconds_bucket', 'le="0.2",route="/generate"')).toMatch(/ 1$/);
    expect(line('lora_web_vitals_inp_seconds_bucket', 'le="0.5",route="/generate"')).toMatch(/ 1$/);
    expect(line('lora_web_vitals_inp_seconds_bucket', 'le="+Inf",route="/generate"')).toMatch(/ 2$/);
    expect(line('lora_web_vitals_inp_seconds_sum', 'route="/generate"')).toMatch(/ 0\.8$/);
    expect(line('lora_web_vitals_cls_bucket', 'le="0.25",route="/generate"')).toMatch(/ 0$/);
    expect(line('lora_web_vitals_cls_bucket', 'le="0.5",route="/generate"')).toMatch(/ 1$/);
  });

  it('does not count a refused beacon', async () => {
    await beacon({ route: '/packs', name: 'LCP', value: -5, rating: 'good' });
    expect((await admin.get('/metrics')).body).not.toContain('route="/packs"');
  });
});

describe('GET /api/admin/vitals', () => {
  it('is refused to a guest (401) and a user (403)', async () => {
    expect((await h.client().get('/api/admin/vitals')).statusCode).toBe(401);
    const user = h.client();
    await user.register();
    expect((await user.get('/api/admin/vitals?hours=24')).statusCode).toBe(403);
  });

  it('validates the window', async () => {
    for (const hours of ['0', '169', 'abc', '1.5', '-3']) {
      const res = await admin.get(`/api/admin/vitals?hours=${hours}`);
      expect(res.statusCode, hours).toBe(400);
      expect(res.json().fields).toHaveProperty('hours');
    }
  });

  it('gives each route × vital its p75 and sample count over the window, leaving older samples out', async () => {
    const old = new Date(Date.now() - 30 * 3_600_000);
    await h.deps.db.insert(webVitals).values([
      ...[100, 200, 300, 400].map((value) => ({
        route: '/billing-history',
        name: 'LCP',
        value,
        rating: 'good',
      })),
      { route: '/billing-history', name: 'LCP', value: 99_000, rating: 'poor', createdAt: old },
      { route: '/referrals', name: 'TTFB', value: 50, rating: 'good', createdAt: old },
    ]);
    const res = await admin.get('/api/admin/vitals?hours=24');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.hours).toBe(24);
    // percentile_cont over 100, 200, 300, 400: 325
    expect(body.vitals).toContainEqual({ route: '/billing-history', name: 'LCP', p75: 325, samples: 4 });
    expect(body.vitals.some((v: { route: string }) => v.route === '/referrals')).toBe(false);
    // the default window is a day
    expect((await admin.get('/api/admin/vitals')).json().hours).toBe(24);
    const wide = (await admin.get('/api/admin/vitals?hours=48')).json();
    expect(wide.vitals).toContainEqual({ route: '/referrals', name: 'TTFB', p75: 50, samples: 1 });
  });

  it('prunes samples past the retention in maintenance', async () => {
    const ancient = new Date(Date.now() - 40 * 86_400_000);
    await h.deps.db
      .insert(webVitals)
      .values({ route: '/support', name: 'FCP', value: 1, rating: 'good', createdAt: ancient });
    await pruneWebVitals(h.deps.db, h.deps.config.vitals.retentionDays);
    const left = await h.deps.db
      .select()
      .from(webVitals)
      .where(sql`${webVitals.route} = '/support'`);
    expect(left).toHaveLength(0);
    expect((await h.deps.db.select().from(webVitals)).length).toBeGreaterThan(0);
  });
});
