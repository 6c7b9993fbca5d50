import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARS_MESSAGE } from '../../shared/schemas/common';
import { createHarness, type Client, type Harness } from '../test/harness';
import { schemaFields, setPath, type RouteEntry } from '../test/route-catalog';

// Issue 13, point 4 ("every route × {NUL, bad cursor date, huge date} → 400"), driven by the routes the
// app really registers and the fields their schemas really declare (an onRoute collector), so a new
// route or field is covered without editing this file. Every case is refused before any handler runs.

let h: Harness;
let admin: Client;
const ID = '00000000-0000-4000-8000-000000000000';
const NUL = 'x\u0000y';

beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
  admin = await h.admin();
});
afterAll(async () => {
  await h?.close();
});

const urlOf = (r: RouteEntry, id = ID) => r.url.replace(/:[A-Za-z]+/g, encodeURIComponent(id));
const cursorOf = (ts: string) => Buffer.from(`${ts}|${ID}`).toString('base64url');

type Case = { route: RouteEntry; url: string; payload?: unknown; field?: string; message?: string };

async function refused(cases: Case[], code = 'VALIDATION_ERROR') {
  const failures: string[] = [];
  for (const c of cases) {
    const res = await admin.inject({
      method: c.route.method as 'GET',
      url: c.url,
      payload: c.payload as object | undefined,
    });
    const body = res.headers['content-type']?.toString().includes('json') ? res.json() : {};
    const where = `${c.route.method} ${c.url} ${c.payload ? JSON.stringify(c.payload) : ''}`;
    if (res.statusCode !== 400) failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    else if (body.code !== code) failures.push(`${where} → code ${body.code}`);
    else if (c.field && (body.fields?.[c.field] ?? '') !== (c.message ?? body.fields?.[c.field] ?? '?'))
      failures.push(`${where} → fields ${JSON.stringify(body.fields)} (expected ${c.field})`);
  }
  return failures;
}

describe('hostile input, field by field, on every registered route', () => {
  it('collects the real route table with its schemas', () => {
    expect(h.routes.length).toBeGreaterThan(80);
    expect(h.routes.filter((r) => schemaFields(r.schema.body).length > 0).length).toBeGreaterThan(30);
  });

  it('a NUL byte in any path parameter, query parameter (declared or not) or body field → 400', async () => {
    const cases: Case[] = [];
    for (const route of h.routes) {
      const url = urlOf(route);
      // a parameter nobody declared is refused too: the guard reads the whole query
      cases.push({
        route,
        url: `${url}?undeclared=${encodeURIComponent(NUL)}`,
        field: 'undeclared',
        message: CONTROL_CHARS_MESSAGE,
      });
      for (const f of schemaFields(route.schema.params)) {
        cases.push({ route, url: urlOf(route, NUL), field: f.path, message: CONTROL_CHARS_MESSAGE });
      }
      for (const f of schemaFields(route.schema.querystring)) {
        cases.push({
          route,
          url: `${url}?${f.path}=${encodeURIComponent(NUL)}`,
          field: f.path,
          message: CONTROL_CHARS_MESSAGE,
        });
      }
      for (const f of schemaFields(route.schema.body)) {
        cases.push({
          route,
          url,
          payload: setPath({}, f.path, NUL),
          field: f.path,
          message: CONTROL_CHARS_MESSAGE,
        });
      }
    }
    expect(cases.length).toBeGreaterThan(250);
    expect(await refused(cases)).toEqual([]);
  }, 180_000);

  it('every cursor parameter refuses dates PostgreSQL cannot take (Feb 30, year 0000, 9999, hour 25) → 400', async () => {
    const bad = [
      '2026-02-30T00:00:00.000000Z',
      '0000-01-01T00:00:00.000000Z',
      '9999-12-31T23:59:59.999999Z',
      '2026-01-01T25:61:00.000000Z',
    ].map(cursorOf);
    const routes = h.routes.filter((r) =>
      schemaFields(r.schema.querystring).some((f) => f.path === 'cursor'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(6);
    const cases = routes.flatMap((route) => bad.map((c) => ({ route, url: `${urlOf(route)}?cursor=${c}` })));
    expect(await refused(cases, 'INVALID_CURSOR')).toEqual([]);
  }, 60_000);

  it('every date parameter refuses year 0000, year 9999 and impossible days → 400', async () => {
    const routes = h.routes.flatMap((route) =>
      schemaFields(route.schema.querystring)
        .filter((f) => /date/i.test(f.path))
        .map((f) => ({ route, field: f.path })),
    );
    expect(routes.length).toBeGreaterThanOrEqual(1);
    const cases = routes.flatMap(({ route, field }) =>
      ['9999-12-31', '0000-01-01', '2026-02-30', '2025-02-29'].map((d) => ({
        route,
        url: `${urlOf(route)}?${field}=${d}`,
        field,
      })),
    );
    expect(await refused(cases)).toEqual([]);
  }, 60_000);

  it('half a UTF-16 surrogate pair in a JSON body → 400, not a database error (found by npm run security)', async () => {
    const res = await h.client().inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: '{"usernameOrEmail":"x\\ud800y"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ usernameOrEmail: CONTROL_CHARS_MESSAGE });
  });

  it('a route that needs a session answers a guest 401 whatever it sends (decisions §1: no 400 that shows the schema)', async () => {
    const routes = h.routes.filter((r) => r.needsSession);
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const route of routes) {
      for (const id of ['not-an-id', ID]) {
        const res = await h.client().inject({
          method: route.method as 'GET',
          url: `${urlOf(route, id)}?limit=many&cursor=%25`,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : { junk: [1] },
        });
        if (res.statusCode !== 401) failures.push(`${route.method} ${urlOf(route, id)} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('router errors (an over-long id, a broken %-escape in the path) answer with the pinned error body', async () => {
    const long = await admin.get(`/api/models/${'9'.repeat(400)}`);
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual({ error: 'Not found', message: 'Not found', code: 'NOT_FOUND' });
    const broken = await admin.get('/api/models/%E0%A4%A');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'Invalid URL', message: 'Invalid URL', code: 'BAD_REQUEST' });
  });
});
