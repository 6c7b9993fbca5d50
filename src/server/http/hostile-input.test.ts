import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ADMIN, createHarness, type Client, type Harness } from '../test/harness';
import { schemaFields } from '../test/route-catalog';
import { parseRouteTree } from '../test/route-table';

// "No 500 on user input, ever": every registered route, called by a guest, a user and an admin with
// malformed ids, bodies, content types and query strings, answers below 500.
let h: Harness;
let user: Client;
let admin: Client;
let routes: string[];

beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
  user = h.client();
  await user.register('hostile_user');
  admin = await h.admin();
  routes = parseRouteTree(h.app.printRoutes({ commonPrefix: false })).filter(
    (r) => !r.includes('/files/') && !r.endsWith(' /*'),
  );
});
afterAll(async () => {
  await h?.close();
});

const ids = ['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1'%20or%201=1", '%00'];
const bodies: { payload?: string; type?: string }[] = [
  { payload: '{"x":', type: 'application/json' },
  { payload: '[1,2,3]', type: 'application/json' },
  { payload: '"text"', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  {
    payload: JSON.stringify({
      username: ['a'],
      email: 1,
      password: {},
      id: 'x',
      userId: 'x',
      status: 'weird',
      count: -5,
      width: 1e9,
      cursor: '!!',
      limit: 'many',
      packageId: 'x',
      tokenBalance: 'NaN',
      note: '',
      enableNSFW: 'yes',
    }),
    type: 'application/json',
  },
  { payload: 'a=b&c=d', type: 'application/x-www-form-urlencoded' },
  {
    payload:
      '--xx\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\n\r\nnot an image\r\n--xx--',
    type: 'multipart/form-data; boundary=xx',
  },
  { payload: 'garbage', type: 'multipart/form-data' },
  {},
];
const queries = [
  '',
  '?cursor=%%%',
  '?cursor=AAAA&limit=-1',
  '?limit=100000&search=' + 'x'.repeat(3000),
  '?showNsfw=maybe&dateFilter=yesterday&size=huge&nsfw=1',
];

describe('hostile input', () => {
  it('finds the API routes', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('never answers 500 on any route, whoever calls', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const [method, path] = route.split(' ');
      for (const who of [h.client(), user, admin]) {
        for (const id of ids) {
          const url = path.replace(/:[A-Za-z]+/g, id);
          for (const q of method === 'GET' ? queries : ['']) {
            for (const b of method === 'GET' || method === 'DELETE' ? [{}] : bodies) {
              const res = await who.inject({
                method: method as 'GET',
                url: url + q,
                payload: b.payload,
                headers: b.type ? { 'content-type': b.type } : {},
              });
              sent++;
              if (res.statusCode >= 500 && !(res.statusCode === 502 || res.statusCode === 503)) {
                failures.push(
                  `${method} ${url + q} [${b.type ?? 'none'}] → ${res.statusCode} ${res.body.slice(0, 120)}`,
                );
              }
              if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
                const body = res.json();
                if (
                  typeof body.error !== 'string' ||
                  body.error !== body.message ||
                  typeof body.code !== 'string'
                ) {
                  failures.push(
                    `${method} ${url} → ${res.statusCode} bad error body ${res.body.slice(0, 120)}`,
                  );
                }
              }
            }
          }
          if (!path.includes(':')) break;
        }
      }
    }
    expect(failures.slice(0, 30)).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * 3);
  }, 240_000);

  // Issue 13, point 4: text PostgreSQL cannot hold and dates it cannot take were 500s.
  const cursorOf = (ts: string) =>
    Buffer.from(`${ts}|00000000-0000-4000-8000-000000000000`).toString('base64url');
  const badCursors = [
    '2026-02-30T00:00:00.000000Z',
    '0000-01-01T00:00:00.000000Z',
    '9999-12-31T23:59:59.999999Z',
    '2026-01-01T25:61:00.000000Z',
  ].map(cursorOf);
  const NUL = '\u0000';
  const hostileQueries = [
    `?search=a${encodeURIComponent(NUL)}b`,
    `?search=${encodeURIComponent('\u0007bell')}`,
    ...badCursors.map((c) => `?cursor=${c}`),
    '?dateFilter=9999-12-31',
    '?dateFilter=0000-01-01',
    '?dateFilter=2026-02-30',
  ];
  // every top-level field any route declares (the route table's own schemas, not a hand list);
  // hostile-fields.test.ts sends them one route and one field at a time
  const nulBody = () =>
    JSON.stringify(
      Object.fromEntries(
        h.routes.flatMap((r) => schemaFields(r.schema.body)).map((f) => [f.path.split('.')[0], `x${NUL}y`]),
      ),
    );

  it('NUL in any text, impossible cursor dates and out-of-range date filters: 4xx, never 500', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ');
      const url = path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      for (const who of [user, admin]) {
        const cases =
          method === 'GET'
            ? hostileQueries.map((q) => ({ url: url + q, payload: undefined }))
            : method === 'DELETE'
              ? [{ url: `${url}?search=${encodeURIComponent(NUL)}`, payload: undefined }]
              : [{ url, payload: nulBody() }];
        for (const c of cases) {
          const res = await who.inject({
            method: method as 'GET',
            url: c.url,
            payload: c.payload,
            headers: c.payload ? { 'content-type': 'application/json' } : {},
          });
          const nul = c.url.includes('%00') || c.url.includes('%07') || c.payload !== undefined;
          if (res.statusCode >= 500 || (nul && res.statusCode < 400)) {
            failures.push(`${method} ${c.url} ${c.payload ? '[NUL body]' : ''} → ${res.statusCode}`);
          }
        }
      }
    }
    expect(failures.slice(0, 30)).toEqual([]);
  }, 240_000);

  it('lists refuse impossible cursors and date filters with 400', async () => {
    // fresh sessions: the walk above may have signed its callers out
    const admin = await h.admin();
    const user = h.client();
    await user.register();
    for (const url of ['/api/generated-images', '/api/admin/generated-images', '/api/admin/users']) {
      for (const c of badCursors) {
        const res = await admin.get(`${url}?cursor=${c}`);
        expect(res.statusCode, `${url} ${c}`).toBe(400);
      }
    }
    for (const d of ['9999-12-31', '0000-01-01', '2026-02-30', '2025-02-29']) {
      const res = await admin.get(`/api/admin/generated-images?dateFilter=${d}`);
      expect(res.statusCode, d).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await admin.get('/api/admin/generated-images?dateFilter=2024-02-29')).statusCode).toBe(200);
    const nul = await user.get(`/api/generated-images?search=${encodeURIComponent(NUL)}`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { search: 'Must not contain control characters' },
    });
  });

  // Issue 28, point 4: a multipart body with no boundary, or one that ends before its closing
  // boundary, was a 500 with an error-level log line on the upload routes. Every write route gets
  // them here, with real ids of the caller's own, through an app that keeps its log lines.
  it('malformed multipart on every write route: 4xx, never an error-level log line; uploads say 400', async () => {
    const lines: string[] = [];
    const logged = await buildApp(h.deps, {
      webRoot: path.join(h.config.dataDir, 'no-web'),
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
    });
    await logged.ready();
    const owner = h.client();
    await owner.register('multipart_owner');
    const admin = await h.admin();
    // a route that signs its caller out (logout) is walked too: a caller signs in again then
    let signIns = 0;
    const signIn = async (who: Client, username: string, password: string) => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
        remoteAddress: `10.28.4.${++signIns}`,
      });
      expect(res.statusCode).toBe(200);
      who.cookie = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
    };
    const callers = [
      { who: owner, again: () => signIn(owner, 'multipart_owner', 'Harbor-Lamp-42') },
      { who: admin, again: () => signIn(admin, ADMIN.username, ADMIN.password) },
    ];
    const model = await owner.post('/api/models', {
      name: 'Multipart model',
      triggerWord: 'ohwx',
      subjectConsent: true,
    });
    expect(model.statusCode).toBe(201);
    const id = model.json().id as string;
    const part = (field: string) =>
      `--xx\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff`;
    const malformed = [
      { name: 'no boundary', type: 'multipart/form-data', payload: part('images') + '\r\n--xx--' },
      {
        name: 'no closing boundary (images)',
        type: 'multipart/form-data; boundary=xx',
        payload: part('images'),
      },
      {
        name: 'no closing boundary (image)',
        type: 'multipart/form-data; boundary=xx',
        payload: part('image'),
      },
      { name: 'empty', type: 'multipart/form-data; boundary=xx', payload: '' },
    ];
    const failures: string[] = [];
    const answered = new Map<string, Set<string>>();
    try {
      for (const route of routes) {
        const [method, routePath] = route.split(' ');
        if (method === 'GET' || method === 'DELETE' || method === 'HEAD') continue;
        const url = routePath.replace(/:[A-Za-z]+/g, id);
        for (const { who, again } of callers) {
          for (const m of malformed) {
            const send = () =>
              logged.inject({
                method: method as 'POST',
                url,
                payload: m.payload,
                headers: { 'content-type': m.type, ...(who.cookie ? { cookie: who.cookie } : {}) },
              });
            let res = await send();
            if (res.statusCode === 401) {
              await again();
              res = await send();
            }
            if (res.statusCode >= 500 && res.statusCode !== 502 && res.statusCode !== 503)
              failures.push(`${method} ${url} [${m.name}] → ${res.statusCode} ${res.body.slice(0, 120)}`);
            const code = res.statusCode >= 400 ? String(res.json().code) : String(res.statusCode);
            answered.set(routePath, (answered.get(routePath) ?? new Set()).add(code));
          }
        }
      }
    } finally {
      await logged.close();
    }
    expect(failures.slice(0, 30)).toEqual([]);
    const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.level >= 50);
    expect(errors.map((e) => `${e.msg} ${e.err?.message ?? ''}`)).toEqual([]);
    // the upload routes read the body and refuse it as malformed, with a message saying so
    for (const upload of ['/api/models/:id/images', '/api/analyze-image', '/api/preset-styles/upload-image'])
      expect([...(answered.get(upload) ?? [])], upload).toContain('MALFORMED_MULTIPART');
    const res = await owner.inject({
      method: 'POST',
      url: `/api/models/${id}/images`,
      payload: malformed[1].payload,
      headers: { 'content-type': malformed[1].type },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MALFORMED_MULTIPART' });
    expect(res.json().error).toMatch(/not valid multipart\/form-data/);
  }, 240_000);
});
