import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index';
import { createHarness, type Harness } from '../../test/harness';
import { describeUserAgent } from '../../lib/user-agent';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ SESSION_MAX_AGE_DAYS: '30', SESSION_IDLE_DAYS: '7' }, { startQueue: false });
});
afterAll(async () => {
  await h?.close();
});

const DAY = 86_400_000;
const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

async function onlySession(userId: string) {
  const rows = await h.deps.db.select().from(sessions).where(eq(sessions.userId, userId));
  expect(rows).toHaveLength(1);
  return rows[0];
}

describe('session lifetime', () => {
  it('ends a session unused for longer than the idle timeout', async () => {
    const c = h.client();
    const u = await c.register('idle_user');
    const s = await onlySession(u.id);
    expect(s.expiresAt.getTime() - s.createdAt.getTime()).toBeLessThanOrEqual(7 * DAY + 1000);
    await h.deps.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 6 * DAY) })
      .where(eq(sessions.id, s.id));
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
    // that use slid the idle expiry forward
    const slid = await onlySession(u.id);
    expect(slid.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    await h.deps.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(sessions.id, s.id));
    // written behind the app's back: on PostgreSQL the session cache hears of it by NOTIFY, which
    // arrives a moment after the commit (docs/decisions/018-session-cache.md: within a second)
    await expect.poll(async () => (await c.get('/api/auth/user')).statusCode, { timeout: 3000 }).toBe(401);
  });

  it('ends a session at its absolute lifetime however much it is used', async () => {
    const c = h.client();
    const u = await c.register('old_session_user');
    const s = await onlySession(u.id);
    // used an hour ago and every day before: only its age counts
    await h.deps.db
      .update(sessions)
      .set({
        createdAt: new Date(Date.now() - 29 * DAY),
        lastSeenAt: new Date(Date.now() - 2 * 3_600_000),
      })
      .where(eq(sessions.id, s.id));
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
    const touched = await onlySession(u.id);
    // never slides past created + 30 days
    expect(touched.expiresAt.getTime()).toBeLessThanOrEqual(touched.createdAt.getTime() + 30 * DAY);
    await h.deps.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 31 * DAY), expiresAt: new Date(Date.now() + DAY) })
      .where(eq(sessions.id, s.id));
    await expect.poll(async () => (await c.get('/api/auth/user')).statusCode, { timeout: 3000 }).toBe(401);
  });
});

describe('active sessions', () => {
  it('lists sessions with device and times, revokes one, and signs out everywhere else', async () => {
    const laptop = h.client();
    await laptop.register('many_devices');
    const phone = h.client();
    await phone.login('many_devices', 'Harbor-Lamp-42');
    const tablet = h.client();
    await tablet.login('many_devices', 'Harbor-Lamp-42');
    await laptop.inject({ method: 'GET', url: '/api/auth/user', headers: { 'user-agent': CHROME_WIN } });
    await phone.inject({ method: 'GET', url: '/api/auth/user', headers: { 'user-agent': SAFARI_IPHONE } });

    const list = await laptop.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: { 'user-agent': CHROME_WIN },
    });
    expect(list.statusCode).toBe(200);
    const all = list.json().sessions as { id: string; device: string; current: boolean }[];
    expect(all).toHaveLength(3);
    expect(all.filter((s) => s.current)).toMatchObject([{ device: 'Chrome on Windows' }]);
    expect(all.map((s) => s.device)).toContain('Safari on iOS');
    for (const s of all) expect(s.id).toMatch(/^[0-9a-f]{32}$/);
    const stored = await h.deps.db.select({ id: sessions.id }).from(sessions);
    // the stored key never leaves the server
    expect(stored.some((s) => all.some((x) => x.id === s.id))).toBe(false);

    const phoneSession = all.find((s) => s.device === 'Safari on iOS')!;
    expect((await laptop.post('/api/auth/sessions/revoke', { id: phoneSession.id })).statusCode).toBe(200);
    expect((await phone.get('/api/auth/user')).statusCode).toBe(401);
    expect((await laptop.post('/api/auth/sessions/revoke', { id: phoneSession.id })).statusCode).toBe(404);
    // someone else's session is not found either
    const stranger = h.client();
    await stranger.register('stranger_sessions');
    expect((await stranger.post('/api/auth/sessions/revoke', { id: all[0].id })).statusCode).toBe(404);
    expect((await stranger.post('/api/auth/sessions/revoke', {})).statusCode).toBe(400);

    expect((await laptop.post('/api/auth/sessions/revoke-all')).statusCode).toBe(200);
    expect((await tablet.get('/api/auth/user')).statusCode).toBe(401);
    expect((await laptop.get('/api/auth/user')).statusCode).toBe(200);
    expect((await laptop.get('/api/auth/sessions')).json().sessions).toHaveLength(1);
    expect((await stranger.get('/api/auth/user')).statusCode).toBe(200);
    expect((await h.client().get('/api/auth/sessions')).statusCode).toBe(401);
    expect((await h.client().post('/api/auth/sessions/revoke-all')).statusCode).toBe(401);
  });
});

describe('describeUserAgent', () => {
  it('names common browsers and systems', () => {
    expect(describeUserAgent(CHROME_WIN)).toBe('Chrome on Windows');
    expect(describeUserAgent(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Linux',
    );
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      ),
    ).toBe('Edge on macOS');
    expect(describeUserAgent(null)).toBe('Unknown device');
    expect(describeUserAgent('something')).toBe('Unknown device');
  });
});
