import { asc, eq, inArray, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox, rateLimits } from '../../db/schema/index';
import { createHarness, type Harness } from '../../test/harness';
import { until } from '../../test/until';
import { JOB_ACCOUNT_DELETE } from './account-deletion.job';

// Issue 40, point 1: deleting one account cleared every counter whose key held the deleted name as a
// segment, so registering "user" and deleting it freed every throttled account and reset the mail caps.
// Written as the attacker sends it: register a name equal to a segment the code puts in its keys, delete
// the account, and look at a stranger's throttle and mail cap.
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const PASSWORD = 'Harbor-Lamp-42';

/** Every word the code uses as a segment of a counter's key (lib/rate-limiter.ts callers) that is a valid username. */
const KEY_SEGMENTS = [
  'user',
  'client',
  'device',
  'name',
  'login',
  'mail',
  'reset',
  'verify',
  'notice',
  'capped',
  'register',
  'forgot',
  'reauth',
  'ticket',
  'zip',
  'recheck',
  'analyze',
  'apikey',
  'gallery',
  'email',
];

let address = 0;
/** Each request from an address of its own, so no per-address limit of the test's own making interferes. */
const nextAddress = () => `10.40.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

function post(url: string, payload: object, remoteAddress = nextAddress(), cookie?: string) {
  return h.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
}

const sessionOf = (res: { cookies: { name: string; value: string }[] }) =>
  `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;

async function register(username: string) {
  const res = await post('/api/auth/register', {
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().user.id as string, cookie: sessionOf(res) };
}

const inbox = (to: string) =>
  h.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));

async function resetMails(to: string) {
  return (await inbox(to)).filter((m) => m.text.includes('reset-password?token=')).length;
}

/** Waits until every forgot-password job has run (the job writes the reset mail, if a cap lets it). */
async function settleForgotJobs() {
  const queued = await h.deps.db.select().from(jobs).where(eq(jobs.name, 'auth.forgot-password'));
  for (const job of queued) await h.deps.queue.waitFor(job.id, 10_000);
}

const victimCounters = (id: string) =>
  h.deps.db
    .select({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.ownerId, id))
    .orderBy(asc(rateLimits.key));

describe('account deletion and the rate-limit counters', () => {
  it('deletes only the deleted account’s counters, whatever its name', async () => {
    // a stranger with a verified address, throttled at one client and at the reset-mail cap
    const victim = await register('victim_throttled');
    const verify = (await inbox('victim_throttled@example.com'))[0];
    const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(verify.text)![1];
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    const attacker = '10.41.0.1';
    for (let i = 0; i < 5; i++)
      expect(
        (await post('/api/auth/login', { username: 'victim_throttled', password: 'wrong-1' }, attacker))
          .statusCode,
      ).toBe(401);
    expect(
      (await post('/api/auth/login', { username: 'victim_throttled', password: PASSWORD }, attacker))
        .statusCode,
    ).toBe(429);
    for (let i = 0; i < 4; i++)
      expect(
        (await post('/api/auth/forgot-password', { usernameOrEmail: 'victim_throttled' })).statusCode,
      ).toBe(200);
    await settleForgotJobs();
    expect(await resetMails('victim_throttled@example.com')).toBe(3);
    // as after a long attack: the client's wait is at its 15-minute cap, so it outlasts this test
    await h.deps.db
      .update(rateLimits)
      .set({ count: 15 })
      .where(eq(rateLimits.key, `login:client:user:${victim.id}:${attacker}`));
    const before = await victimCounters(victim.id);
    expect(before.map((c) => c.key)).toEqual(
      expect.arrayContaining([`login:user:${victim.id}`, `mail:reset:user:${victim.id}`]),
    );

    // the attacker registers each key segment as a name, leaves counters of its own, and deletes it
    const deleted: string[] = [];
    for (const username of KEY_SEGMENTS) {
      const account = await register(username);
      expect((await post('/api/auth/login', { username, password: 'wrong-1' })).statusCode).toBe(401);
      const res = await h.app.inject({
        method: 'DELETE',
        url: '/api/user/account',
        payload: { password: PASSWORD },
        remoteAddress: nextAddress(),
        headers: { cookie: account.cookie },
      });
      expect(res.statusCode, res.body).toBe(202);
      deleted.push(account.id);
    }
    await until(
      async () => {
        h.deps.queue.kick();
        const runs = await h.deps.db
          .select({ status: jobs.status })
          .from(jobs)
          .where(eq(jobs.name, JOB_ACCOUNT_DELETE));
        return runs.length === deleted.length && runs.every((j) => j.status === 'done');
      },
      'every deletion to finish',
      60_000,
    );

    // the stranger's counters are untouched: still throttled, still at the mail cap
    expect(await victimCounters(victim.id)).toEqual(before);
    expect(
      (await post('/api/auth/login', { username: 'victim_throttled', password: PASSWORD }, attacker))
        .statusCode,
    ).toBe(429);
    expect(
      (await post('/api/auth/forgot-password', { usernameOrEmail: 'victim_throttled' })).statusCode,
    ).toBe(200);
    await settleForgotJobs();
    expect(await resetMails('victim_throttled@example.com')).toBe(3);

    // and each deleted account's own counters are gone
    const left = await h.deps.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(
        or(inArray(rateLimits.ownerId, deleted), ...deleted.map((id) => like(rateLimits.key, `%${id}%`))),
      );
    expect(left).toEqual([]);
  }, 180_000);
});
