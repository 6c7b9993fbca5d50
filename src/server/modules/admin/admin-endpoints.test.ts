import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { parseRouteTree } from '../../test/route-table';

/**
 * docs/product/decisions.md §1: every admin endpoint answers 401 to a guest and 403 to a user — and changes nothing —
 * and works for an admin. The endpoints are read from the app's own route table: everything under
 * /api/admin plus the admin-only routes elsewhere (ADMIN_ELSEWHERE). An admin route without a request
 * fixture below fails the test, so a new endpoint cannot slip past it.
 */

// Admin-only routes outside /api/admin (docs/product/spec-part-2.md §6–7, docs/product/decisions.md §2, §12).
const ADMIN_ELSEWHERE = [
  'POST /api/auth/reset-password',
  'POST /api/theme/update',
  'POST /api/preset-styles',
  'PUT /api/preset-styles/:id',
  'DELETE /api/preset-styles/:id',
  'POST /api/preset-styles/upload-image',
  'PATCH /api/support/tickets/:id/status',
  'PATCH /api/support/tickets/:id/priority',
  'POST /api/support/tickets/:id/notes',
  // models engineer's admin actions on a model
  'POST /api/models/:id/status',
  'POST /api/models/:id/reupload',
  'POST /api/models/:id/reupload-runware',
  // operator view (an admin session, or the METRICS_TOKEN bearer this walk does not send)
  'GET /metrics',
];
// Routes of this issue that must exist.
const MUST_EXIST = [
  'GET /api/admin/stats',
  'GET /api/admin/users',
  'POST /api/admin/users',
  'POST /api/admin/users/update-balance',
  'POST /api/admin/users/toggle-admin',
  'POST /api/admin/users/toggle-nsfw',
  'POST /api/admin/users/set-status',
  'GET /api/admin/outbox',
  'GET /api/admin/system',
  'GET /api/admin/audit',
  ...ADMIN_ELSEWHERE.filter((r) => !r.includes('/api/models/')),
];

type Ctx = {
  victimId: string;
  victimName: string;
  doomedUserId: string;
  ticketId: string;
  styleId: string;
  doomedStyleId: string;
  packageId: string | null;
  doomedPackageId: string | null;
  modelId: string;
  hostModelIds: [string, string];
  failedLogId: string;
  photoPackId: string;
};
type Call = { url: string; payload?: unknown; headers?: Record<string, string> };

function multipartImage(png: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const b = '----walk' + Date.now();
  const head = Buffer.from(
    `--${b}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, png, Buffer.from(`\r\n--${b}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${b}` },
  };
}

let png: Buffer;
const styleBody = {
  name: 'Walked Style',
  description: 'Made by the walk test',
  prompt: 'a walked style prompt',
};

const walkPack = {
  name: 'Walk Photo Pack',
  prompts: [1, 2, 3, 4].map((i) => ({ prompt: `walk prompt ${i}` })),
};

// One valid request per admin endpoint. Order matters only for the admin pass (deletes run last).
const FIXTURES: Record<string, (c: Ctx) => Call> = {
  'GET /api/admin/stats': () => ({ url: '/api/admin/stats' }),
  'GET /api/admin/outbox': () => ({ url: '/api/admin/outbox' }),
  'GET /api/admin/system': () => ({ url: '/api/admin/system' }),
  'GET /api/admin/audit': () => ({ url: '/api/admin/audit?limit=5' }),
  'GET /metrics': () => ({ url: '/metrics' }),
  'GET /api/admin/users': () => ({ url: '/api/admin/users?search=walk' }),
  'POST /api/admin/users': () => ({
    url: '/api/admin/users',
    payload: {
      username: `walk_new_${Date.now() % 100000}`,
      email: `walk${Date.now()}@example.com`,
      password: 'Quiet-River-81',
      tokenBalance: 5,
    },
  }),
  'POST /api/admin/users/update-balance': (c) => ({
    url: '/api/admin/users/update-balance',
    payload: { userId: c.victimId, tokenBalance: 77 },
  }),
  // a real change (a no-op toggle records no audit entry)
  'POST /api/admin/users/toggle-admin': (c) => ({
    url: '/api/admin/users/toggle-admin',
    payload: { userId: c.victimId, isAdmin: true },
  }),
  'POST /api/admin/users/toggle-nsfw': (c) => ({
    url: '/api/admin/users/toggle-nsfw',
    payload: { userId: c.victimId, enableNSFW: true },
  }),
  'POST /api/admin/users/set-status': (c) => ({
    url: '/api/admin/users/set-status',
    payload: { userId: c.victimId, status: 'suspended' },
  }),
  'POST /api/auth/reset-password': (c) => ({
    url: '/api/auth/reset-password',
    payload: { username: c.victimName, newPassword: 'Walked-Ferry-27' },
  }),
  'POST /api/theme/update': () => ({ url: '/api/theme/update', payload: { primary: '#00a2c0' } }),
  'POST /api/preset-styles': () => ({ url: '/api/preset-styles', payload: styleBody }),
  'PUT /api/preset-styles/:id': (c) => ({
    url: `/api/preset-styles/${c.styleId}`,
    payload: { ...styleBody, tokenCost: 7 },
  }),
  'POST /api/preset-styles/upload-image': () => ({
    url: '/api/preset-styles/upload-image',
    ...multipartImage(png),
  }),
  'PATCH /api/support/tickets/:id/status': (c) => ({
    url: `/api/support/tickets/${c.ticketId}/status`,
    payload: { status: 'in_progress' },
  }),
  'PATCH /api/support/tickets/:id/priority': (c) => ({
    url: `/api/support/tickets/${c.ticketId}/priority`,
    payload: { priority: 'high' },
  }),
  'POST /api/support/tickets/:id/notes': (c) => ({
    url: `/api/support/tickets/${c.ticketId}/notes`,
    payload: { note: 'Walked.' },
  }),
  // endpoints built by the models, generation and tokens engineers (issue #6 names their shapes)
  'GET /api/admin/models': () => ({ url: '/api/admin/models?search=walk' }),
  'GET /api/admin/models/upload-logs': () => ({ url: '/api/admin/models/upload-logs' }),
  'POST /api/admin/models/upload-logs/:id/retry': (c) => ({
    url: `/api/admin/models/upload-logs/${c.failedLogId}/retry`,
  }),
  'POST /api/models/:id/status': (c) => ({
    url: `/api/models/${c.modelId}/status`,
    payload: { status: 'uploaded' },
  }),
  'POST /api/models/:id/reupload': (c) => ({ url: `/api/models/${c.hostModelIds[0]}/reupload` }),
  'POST /api/models/:id/reupload-runware': (c) => ({
    url: `/api/models/${c.hostModelIds[1]}/reupload-runware`,
  }),
  'GET /api/admin/generated-images': () => ({ url: '/api/admin/generated-images' }),
  'GET /api/admin/generated-images/count': () => ({ url: '/api/admin/generated-images/count' }),
  'GET /api/admin/token-packages': () => ({ url: '/api/admin/token-packages' }),
  'POST /api/admin/token-packages': () => ({
    url: '/api/admin/token-packages',
    payload: { name: 'Walk Pack', tokenAmount: 10, priceInCents: 199, isDiscounted: false },
  }),
  'PATCH /api/admin/token-packages/:id': (c) => ({
    url: `/api/admin/token-packages/${c.packageId}`,
    payload: { name: 'Walked Pack', tokenAmount: 11, priceInCents: 299, isDiscounted: true },
  }),
  // photo packs (issue 26, part 1; modules/packs)
  'GET /api/admin/packs': () => ({ url: '/api/admin/packs' }),
  'POST /api/admin/packs': () => ({ url: '/api/admin/packs', payload: walkPack }),
  'PUT /api/admin/packs/:id': (c) => ({
    url: `/api/admin/packs/${c.photoPackId}`,
    payload: { ...walkPack, name: 'Walked Photo Pack' },
  }),
  'PATCH /api/admin/packs/:id/active': (c) => ({
    url: `/api/admin/packs/${c.photoPackId}/active`,
    payload: { isActive: false },
  }),
  'POST /api/admin/packs/cover': () => ({ url: '/api/admin/packs/cover', ...multipartImage(png) }),
  'GET /api/admin/upscale-prices': () => ({ url: '/api/admin/upscale-prices' }),
  'PUT /api/admin/upscale-prices': () => ({
    url: '/api/admin/upscale-prices',
    payload: { factor: 2, tokenCost: 11 },
  }),
  'GET /api/admin/stats/daily': () => ({ url: '/api/admin/stats/daily?days=7' }),
  'GET /api/admin/vitals': () => ({ url: '/api/admin/vitals?hours=24' }),
  'GET /api/admin/users/:id/security-activity': (c) => ({
    url: `/api/admin/users/${c.victimId}/security-activity`,
  }),
  'GET /api/admin/sales': () => ({ url: '/api/admin/sales' }),
  'GET /api/admin/ledger-check': () => ({ url: '/api/admin/ledger-check' }),
  'DELETE /api/admin/token-packages/:id': (c) => ({ url: `/api/admin/token-packages/${c.doomedPackageId}` }),
  'DELETE /api/preset-styles/:id': (c) => ({ url: `/api/preset-styles/${c.doomedStyleId}` }),
  'DELETE /api/admin/users/:id': (c) => ({ url: `/api/admin/users/${c.doomedUserId}` }),
};

/** Turns Fastify's printRoutes() tree into "METHOD /full/path" lines. */

let h: Harness;
let admin: Client;
let user: Client;
let ctx: Ctx;
let adminRoutes: string[];

async function snapshot() {
  const tables: Record<string, unknown> = {};
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const name = getTableName(value);
    if (name === 'rate_limits') continue;
    const rows = await h.deps.db.select().from(value);
    tables[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  const files: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else files.push(p);
    }
  };
  await walk(path.join(h.config.dataDir, 'files'));
  return { tables, files: files.sort() };
}

beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#0af' } })
    .png()
    .toBuffer();
  admin = await h.admin();
  user = h.client();
  const u = await user.register('walk_user');
  const victim = h.client();
  const v = await victim.register('walk_victim');
  const doomedUser = await h.client().register('walk_doomed');
  const ticket = (
    await user.post('/api/support/tickets', { subject: 'Walk', message: 'Walking the endpoints' })
  ).json();
  const style = (await admin.post('/api/preset-styles', { ...styleBody, name: 'Walk Keep' })).json();
  const doomed = (await admin.post('/api/preset-styles', { ...styleBody, name: 'Walk Doomed' })).json();
  const [model] = await h.deps.db
    .insert(schema.models)
    .values({ userId: u.id, name: 'Walk Model', triggerWord: 'ohwx', status: 'failed' })
    .returning();
  // trained models whose host upload failed: what the re-upload and retry actions act on
  const hosted = await h.deps.db
    .insert(schema.models)
    .values(
      [0, 1, 2].map((i) => ({
        userId: u.id,
        name: `Walk Hosted ${i}`,
        triggerWord: 'ohwx',
        status: 'failed' as const,
        weightsKey: `u/${u.id}/walk-${i}.safetensors`,
      })),
    )
    .returning();
  const [failedLog] = await h.deps.db
    .insert(schema.uploadLogs)
    .values({ modelId: hosted[2].id, userId: u.id, status: 'failed', message: 'walk' })
    .returning();
  const [pkg] = await h.deps.db.select().from(schema.tokenPackages).limit(1);
  const [doomedPkg] = await h.deps.db
    .insert(schema.tokenPackages)
    .values({ name: 'Walk Doomed Pack', tokenAmount: 5, priceInCents: 100 })
    .returning();
  ctx = {
    victimId: v.id,
    victimName: v.username,
    doomedUserId: doomedUser.id,
    ticketId: ticket.id,
    styleId: style.id,
    doomedStyleId: doomed.id,
    packageId: pkg?.id ?? null,
    doomedPackageId: doomedPkg.id,
    modelId: model.id,
    hostModelIds: [hosted[0].id, hosted[1].id],
    failedLogId: failedLog.id,
    photoPackId: (await h.deps.db.select().from(schema.packs).limit(1))[0]!.id,
  };
  const all = parseRouteTree(h.app.printRoutes({ commonPrefix: false }));
  adminRoutes = all.filter((r) => r.split(' ')[1].startsWith('/api/admin/') || ADMIN_ELSEWHERE.includes(r));
});
afterAll(async () => {
  await h?.close();
});

describe('every admin endpoint', () => {
  it('is found in the route table, each with a request fixture', () => {
    for (const r of MUST_EXIST) expect(adminRoutes, r).toContain(r);
    expect(adminRoutes).not.toContain('POST /api/auth/reset-password-token');
    const missing = adminRoutes.filter((r) => !FIXTURES[r]);
    expect(
      missing,
      `admin routes without a fixture in admin-endpoints.test.ts: ${missing.join(', ')}`,
    ).toEqual([]);
  });

  it('answers 401 to a guest and 403 to a user, and changes nothing', async () => {
    const before = await snapshot();
    const results: string[] = [];
    for (const route of adminRoutes) {
      const [method] = route.split(' ');
      const call = FIXTURES[route](ctx);
      for (const [who, client, want] of [
        ['guest', h.client(), 401],
        ['user', user, 403],
      ] as const) {
        const res = await client.inject({
          method: method as 'GET',
          url: call.url,
          payload: call.payload as string,
          headers: call.headers,
        });
        if (res.statusCode !== want) results.push(`${route} as ${who}: ${res.statusCode} (want ${want})`);
        else expect(res.json().code).toBe(want === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
      }
    }
    expect(results).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // the user is still signed in and still not an admin
    expect((await user.get('/api/auth/user')).json().user).toMatchObject({
      username: 'walk_user',
      isAdmin: false,
    });
  });

  // docs/product/decisions.md §1: who is calling is checked before the request is validated, so a malformed request
  // still reads 401/403 and never a 400 that describes the admin endpoint's schema.
  it('answers 401/403 before validating a malformed request', async () => {
    const results: string[] = [];
    for (const route of adminRoutes) {
      const [method, pattern] = route.split(' ');
      const url = `${pattern.replace(':id', 'not-a-uuid')}?cursor=%25bad&limit=-1&status=bogus&showNsfw=maybe&search=${'x'.repeat(300)}`;
      for (const [who, client, want] of [
        ['guest', h.client(), 401],
        ['user', user, 403],
      ] as const) {
        const payload =
          method === 'GET' || method === 'DELETE'
            ? undefined
            : { primary: 'nope', status: 'bogus', name: '', tokenAmount: -1 };
        const res = await client.inject({ method: method as 'GET', url, payload });
        if (res.statusCode !== want) results.push(`${route} as ${who}: ${res.statusCode} (want ${want})`);
      }
    }
    expect(results).toEqual([]);
  });

  // docs/decisions/027-admin-audit-log.md: every admin write leaves exactly one audit entry, every read none
  it('answers 2xx to an admin, and each write adds exactly one audit log entry', async () => {
    const failures: string[] = [];
    const unaudited: string[] = [];
    const auditCount = async () => (await h.deps.db.select().from(schema.adminAuditLog)).length;
    for (const route of adminRoutes) {
      const [method] = route.split(' ');
      const call = FIXTURES[route](ctx);
      const before = await auditCount();
      const res = await admin.inject({
        method: method as 'GET',
        url: call.url,
        payload: call.payload as string,
        headers: call.headers,
      });
      if (res.statusCode < 200 || res.statusCode > 299)
        failures.push(`${route}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      const added = (await auditCount()) - before;
      if (added !== (method === 'GET' ? 0 : 1)) unaudited.push(`${route}: ${added} entries`);
    }
    expect(failures).toEqual([]);
    expect(unaudited).toEqual([]);
  });
});
