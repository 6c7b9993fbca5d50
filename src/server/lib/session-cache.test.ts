import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDeps } from '../bootstrap';
import { openDatabase } from '../db/client';
import { users } from '../db/schema/index';
import { createHarness, type Client, type Harness } from '../test/harness';
import { until } from '../test/until';
import type { UserRow } from '../modules/users';
import { createSessionCache } from './session-cache';

async function signedIn(h: Harness) {
  const c = h.client();
  const u = await c.register();
  expect((await c.get('/api/auth/user')).statusCode).toBe(200);
  return { c, u };
}

async function suspend(admin: Client, userId: string) {
  const res = await admin.post('/api/admin/users/set-status', { userId, status: 'suspended' });
  expect(res.statusCode).toBe(200);
}

describe('session cache, one instance (the embedded database)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({}, { startQueue: false });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('serves a signed-in read from memory once the session has been read', async () => {
    const { c } = await signedIn(h);
    // as below: a late notification of the sign-up's writes may drop the first entry it stored
    await expect
      .poll(async () => {
        expect((await c.get('/api/auth/user')).statusCode).toBe(200);
        return h.deps.sessionCache.size;
      })
      .toBeGreaterThan(0);
    expect(h.deps.sessionCache.live).toBe(true);
    expect((await c.get('/api/auth/user')).json().user.username).toMatch(/^user_/);
  });

  it('refuses a suspended user at once', async () => {
    const { c, u } = await signedIn(h);
    await suspend(await h.admin(), u.id);
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('refuses a session after logout, even replayed with the old cookie', async () => {
    const { c } = await signedIn(h);
    const cookie = c.cookie!;
    expect((await c.post('/api/auth/logout')).statusCode).toBe(200);
    const replay = await h.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
  });

  // On PGlite the notification arrives before the statement resolves; on PostgreSQL (the CI pass) a
  // write that bypasses the repositories travels on the listener connection, so it may take a moment.
  it('sees a change made straight in the database (the trigger notifies)', async () => {
    const { c, u } = await signedIn(h);
    await h.deps.db.update(users).set({ tokenBalance: 4321 }).where(eq(users.id, u.id));
    await expect
      .poll(async () => (await c.get('/api/auth/user')).json().user.tokenBalance, { timeout: 1_000 })
      .toBe(4321);
    await h.deps.db.update(users).set({ status: 'suspended' }).where(eq(users.id, u.id));
    await expect.poll(async () => (await c.get('/api/auth/user')).statusCode, { timeout: 1_000 }).toBe(401);
  });

  it("serves the gallery first page from memory until one of the owner's images changes", async () => {
    const { c, u } = await signedIn(h);
    // On PostgreSQL the notifications of the sign-up's own writes may land while the first read runs;
    // the cache then rightly refuses to store that read, so the next one is the first it keeps.
    await expect
      .poll(
        async () => {
          expect((await c.get('/api/generated-images?limit=24')).json().images).toHaveLength(0);
          return h.deps.sessionCache.readFor(u.id, 'gallery:24') !== undefined;
        },
        { timeout: 2_000 },
      )
      .toBe(true);
    const base = (await h.deps.db.query.baseModels.findMany())[0];
    await h.deps.db.execute(sql`
      insert into generated_images (user_id, base_model_id, prompt, width, height, storage_key)
      values (${u.id}::uuid, ${base.id}::uuid, 'a fox', 512, 512, ${`u/${u.id}/images/fox.jpg`})`);
    await expect
      .poll(async () => (await c.get('/api/generated-images?limit=24')).json().images.length, {
        timeout: 1_000,
      })
      .toBe(1);
    const [image] = (await c.get('/api/generated-images?limit=24')).json().images;
    expect((await c.del(`/api/generated-images/${image.id}`)).statusCode).toBe(200);
    expect((await c.get('/api/generated-images?limit=24')).json().images).toHaveLength(0);
  });

  it('ends the other sessions on "sign out everywhere"', async () => {
    const { c, u } = await signedIn(h);
    const other = h.client();
    await other.login(u.username, 'Harbor-Lamp-42');
    expect((await other.get('/api/auth/user')).statusCode).toBe(200);
    expect((await c.post('/api/auth/sessions/revoke-all')).statusCode).toBeLessThan(300);
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
  });
});

describe('session cache entries', () => {
  it('never stores a read that an invalidation overtook, and knows nothing while its listener is down', () => {
    const cache = createSessionCache({ ttlMs: 5_000 });
    const entry = {
      user: { id: 'u1' } as UserRow,
      createdAt: new Date(),
      lastSeenAt: new Date(),
      userAgent: null,
    };
    cache.set('s1', entry, Date.now() + 60_000, cache.begin());
    expect(cache.get('s1')).toBeUndefined(); // not live yet
    cache.up();
    const started = cache.begin();
    cache.forgetUser('u1'); // the user changed while the session was being read
    cache.set('s1', entry, Date.now() + 60_000, started);
    expect(cache.get('s1')).toBeUndefined();
    cache.set('s1', entry, Date.now() + 60_000, cache.begin());
    expect(cache.get('s1')?.user.id).toBe('u1');
    cache.down();
    expect(cache.get('s1')).toBeUndefined();
    cache.up();
    cache.set('s1', entry, Date.now() - 1, cache.begin()); // already expired
    expect(cache.get('s1')).toBeUndefined();
  });
});

// Two web instances on one PostgreSQL. Without TEST_DATABASE_URL there is no server to share: the
// PostgreSQL API-test pass of .ci/run (`scripts/test.mjs --only=api` with TEST_DATABASE_URL) runs it.
describe.skipIf(!process.env.TEST_DATABASE_URL)('session cache, two instances on one PostgreSQL', () => {
  let h: Harness;
  let second: { app: FastifyInstance; close: () => Promise<void> };
  beforeAll(async () => {
    h = await createHarness({}, { startQueue: false });
    const database = await openDatabase({ url: h.databaseUrl!, onError: () => {} });
    const deps = await createDeps(h.config, { database, log: pino({ level: 'silent' }) as never });
    const app = await buildApp(deps, { webRoot: path.join(h.config.dataDir, 'no-web') });
    await app.ready();
    second = {
      app,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
    // the second instance's listener connects in the background
    await until(() => deps.sessionCache.live, "the second instance's listener", 2000);
  });
  afterAll(async () => {
    await second?.close();
    await h?.close();
  });

  const onSecond = (cookie: string) =>
    second.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

  /** Polls the second instance until it refuses the cookie; the time it took, in ms. */
  async function refusedWithin(cookie: string, limitMs: number) {
    const t0 = Date.now();
    await until(
      async () => (await onSecond(cookie)).statusCode === 401,
      `the other instance to refuse the cookie within ${limitMs} ms`,
      limitMs,
      10,
    );
    return Date.now() - t0;
  }

  it('refuses on the other instance within a second once suspended on this one', async () => {
    const { c, u } = await signedIn(h);
    // the second instance has the session in memory
    expect((await onSecond(c.cookie!)).statusCode).toBe(200);
    expect((await onSecond(c.cookie!)).statusCode).toBe(200);
    await suspend(await h.admin(), u.id);
    expect(await refusedWithin(c.cookie!, 1_000)).toBeLessThan(1_000);
  });

  it('refuses on the other instance within a second after logout on this one', async () => {
    const { c } = await signedIn(h);
    const cookie = c.cookie!;
    expect((await onSecond(cookie)).statusCode).toBe(200);
    expect((await c.post('/api/auth/logout')).statusCode).toBe(200);
    expect(await refusedWithin(cookie, 1_000)).toBeLessThan(1_000);
  });
});
