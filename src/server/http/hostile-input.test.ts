import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Client, type Harness } from '../test/harness';
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
});
