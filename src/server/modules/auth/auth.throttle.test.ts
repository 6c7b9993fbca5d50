import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness';
import { createUsersRepository } from '../users/users.repository';
import { LOGIN_THROTTLE, waitAfterFailures } from './login-throttle';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A browser at one client address that keeps every cookie it is given (the session and the device). */
function browser(remoteAddress: string) {
  const jar = new Map<string, string>();
  return {
    jar,
    async login(username: string, password: string, from = remoteAddress) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
        remoteAddress: from,
        cookies: Object.fromEntries(jar),
      });
      for (const c of res.cookies) jar.set(c.name, c.value);
      return res;
    },
  };
}

const retryAfter = (res: LightMyRequestResponse) => Number(res.headers['retry-after']);
const sessionCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'sid');

/** Moves an account's failure records back in time, as if the caller had waited that long. */
async function waitFor(username: string, seconds: number) {
  // the counters are keyed on the account, not on the name (issue 28, point 1)
  const user = await createUsersRepository(h.deps.db).byUsername(username);
  await h.deps.db.execute(sql`
    update rate_limits set window_start = window_start - make_interval(secs => ${seconds})
    where key like ${`login:%${user!.id}%`}`);
}

describe('login throttling', () => {
  it('makes one client wait after five failures, twice as long after each further one, up to a cap', async () => {
    await h.client().register('grow_user', 'Harbor-Lamp-42');
    const b = browser('10.0.0.1');
    for (let i = 0; i < LOGIN_THROTTLE.clientFree; i++)
      expect((await b.login('grow_user', 'wrongpass1')).statusCode).toBe(401);
    const first = await b.login('grow_user', 'wrongpass1');
    expect(first.statusCode).toBe(429);
    expect(retryAfter(first)).toBeGreaterThanOrEqual(29);
    expect(retryAfter(first)).toBeLessThanOrEqual(30);
    // a right guess while waiting is refused the same way, before the password is looked at
    const right = await b.login('grow_user', 'Harbor-Lamp-42');
    expect(right.statusCode).toBe(429);
    expect(sessionCookie(right)).toBeUndefined();

    await waitFor('grow_user', 30);
    expect((await b.login('grow_user', 'wrongpass1')).statusCode).toBe(401);
    const second = await b.login('grow_user', 'wrongpass1');
    expect(second.statusCode).toBe(429);
    expect(retryAfter(second)).toBeGreaterThanOrEqual(59);
    expect(retryAfter(second)).toBeLessThanOrEqual(60);

    await waitFor('grow_user', 60);
    expect((await b.login('grow_user', 'wrongpass1')).statusCode).toBe(401);
    const third = await b.login('grow_user', 'wrongpass1');
    expect(third.statusCode).toBe(429);
    expect(retryAfter(third)).toBeGreaterThanOrEqual(119);
    expect(retryAfter(third)).toBeLessThanOrEqual(120);

    // another client is not held back by this one's failures
    const other = await browser('10.0.0.2').login('grow_user', 'Harbor-Lamp-42');
    expect(other.statusCode).toBe(200);
    expect(sessionCookie(other)).toBeDefined();

    // the wait never grows past the cap
    const { clientFree, clientBaseMs, capMs } = LOGIN_THROTTLE;
    expect(waitAfterFailures(clientFree + 3, clientFree, clientBaseMs, capMs)).toBe(8 * clientBaseMs);
    expect(waitAfterFailures(clientFree + 50, clientFree, clientBaseMs, capMs)).toBe(capMs);
    expect(waitAfterFailures(5000, clientFree, clientBaseMs, capMs)).toBe(capMs);
  });

  it('lets only one of many attempts sent at once through when a wait ends', async () => {
    await h.client().register('burst_user', 'Harbor-Lamp-42');
    const b = browser('10.0.0.9');
    for (let i = 0; i < LOGIN_THROTTLE.clientFree; i++)
      expect((await b.login('burst_user', 'wrongpass1')).statusCode).toBe(401);
    await waitFor('burst_user', 30);
    const burst = await Promise.all(Array.from({ length: 6 }, () => b.login('burst_user', 'wrongpass1')));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429]);
  });

  it('lets the owner sign in from a known device while an attacker hammers the name; unknown devices wait', async () => {
    await h.client().register('victim_x', 'Harbor-Lamp-42');
    const victim = browser('192.0.2.10');
    expect((await victim.login('victim_x', 'Harbor-Lamp-42')).statusCode).toBe(200);
    expect(victim.jar.get('did')).toBeDefined();

    // an attacker spreads guesses over many addresses, each under its own client limit
    const perAddress = 2;
    const addresses = LOGIN_THROTTLE.ceilingFree / perAddress;
    for (let a = 0; a < addresses; a++) {
      const attacker = browser(`203.0.113.${a + 1}`);
      for (let i = 0; i < perAddress; i++)
        expect((await attacker.login('victim_x', `guess${a}x${i}`)).statusCode).toBe(401);
    }
    // the name has reached its ceiling: further guesses from fresh addresses wait
    const more = await browser('203.0.113.200').login('victim_x', 'guessmore1');
    expect(more.statusCode).toBe(429);
    expect(retryAfter(more)).toBeGreaterThan(0);
    expect(retryAfter(more)).toBeLessThanOrEqual(LOGIN_THROTTLE.ceilingBaseMs / 1000);

    // an unknown device with the right password is slowed as well (429, Retry-After, no session)
    const unknown = await browser('198.51.100.7').login('victim_x', 'Harbor-Lamp-42');
    expect(unknown.statusCode).toBe(429);
    expect(retryAfter(unknown)).toBeGreaterThan(0);
    expect(sessionCookie(unknown)).toBeUndefined();

    // the owner's known device signs in, from its own address and from one the attacker used
    expect((await victim.login('victim_x', 'Harbor-Lamp-42')).statusCode).toBe(200);
    const viaAttackerAddress = await victim.login('victim_x', 'Harbor-Lamp-42', '203.0.113.1');
    expect(viaAttackerAddress.statusCode).toBe(200);
    expect(sessionCookie(viaAttackerAddress)).toBeDefined();

    // a device cookie of another account, or a forged one, does not lift the ceiling
    await h.client().register('mallory_x', 'Harbor-Lamp-42');
    const mallory = browser('203.0.113.50');
    expect((await mallory.login('mallory_x', 'Harbor-Lamp-42')).statusCode).toBe(200);
    expect((await mallory.login('victim_x', 'Harbor-Lamp-42')).statusCode).toBe(429);
    const [victimId] = decodeURIComponent(victim.jar.get('did')!).split('.');
    expect(victimId).toMatch(/^[0-9a-f-]{36}$/);
    const forged = browser('203.0.113.51');
    // the right shape and account, but not signed by the server
    forged.jar.set('did', `${victimId}.AAAAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA`);
    expect((await forged.login('victim_x', 'Harbor-Lamp-42')).statusCode).toBe(429);

    // a known device still has a throttle of its own
    for (let i = 0; i < LOGIN_THROTTLE.clientFree; i++)
      expect((await victim.login('victim_x', 'wrongpass1')).statusCode).toBe(401);
    const own = await victim.login('victim_x', 'Harbor-Lamp-42');
    expect(own.statusCode).toBe(429);
    expect(retryAfter(own)).toBeGreaterThanOrEqual(29);
  });

  // Issue 28, point 1, as the review sent it: the ceiling of a name reached from 30 addresses, then
  // other spellings of the same name from fresh addresses.
  it('keys every counter on the account: no spelling of a name escapes its ceiling', async () => {
    await h.client().register('vic_iris_7', 'Harbor-Lamp-42');
    for (let a = 0; a < 30; a++) {
      const res = await browser(`198.18.0.${a + 1}`).login('vic_iris_7', `guess-${a}-x`);
      expect([401, 429]).toContain(res.statusCode);
    }
    const plain = await browser('198.18.1.1').login('vic_iris_7', 'Harbor-Lamp-42');
    expect(plain.statusCode).toBe(429);

    // a dotted capital I: PostgreSQL's lower() and JavaScript's disagree on it. Refused unseen, with
    // the very answer a wrong password gets, for the wrong and the right password alike
    const wrong = await browser('198.18.2.1').login('v\u0130c_iris_7', 'guess-x-y');
    const right = await browser('198.18.2.2').login('v\u0130c_iris_7', 'Harbor-Lamp-42');
    const plainWrong = await browser('198.18.2.3').login('nobody_here', 'guess-x-y');
    for (const res of [wrong, right]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(plainWrong.json());
      expect(sessionCookie(res)).toBeUndefined();
    }
    // spellings that do name the account (case, fullwidth letters and digits under NFKC) share
    // its counters: held back like the plain name
    for (const [i, spelling] of [
      'VIC_IRIS_7',
      'Vic_Iris_7',
      '\uff56\uff49\uff43_iris_7',
      'vic_iris_\uff17',
    ].entries()) {
      const res = await browser(`198.18.3.${i + 1}`).login(spelling, 'Harbor-Lamp-42');
      expect(res.statusCode, spelling).toBe(429);
    }
    // and the owner is not shut out for good: once the wait is over the right password signs in
    await waitFor('vic_iris_7', 15 * 60);
    expect((await browser('198.18.4.1').login('Vic_Iris_7', 'Harbor-Lamp-42')).statusCode).toBe(200);
  });

  // Issue 28, point 2: device cookies end with the password they were issued under.
  it('a password change retires every device cookie issued before it', async () => {
    const owner = h.client();
    await owner.register('dev_owner', 'Harbor-Lamp-42');
    const device = browser('192.0.2.60');
    expect((await device.login('dev_owner', 'Harbor-Lamp-42')).statusCode).toBe(200);
    for (let a = 0; a < LOGIN_THROTTLE.ceilingFree; a++)
      await browser(`203.0.114.${a + 1}`).login('dev_owner', `guess${a}abc`);
    // before the change the device skips the ceiling
    expect((await device.login('dev_owner', 'Harbor-Lamp-42')).statusCode).toBe(200);
    const changed = await owner.post('/api/user/change-password', {
      currentPassword: 'Harbor-Lamp-42',
      newPassword: 'Copper-Kite-58',
    });
    expect(changed.statusCode).toBe(200);
    // the same cookie, now for the new password, is an unknown device under the ceiling
    const after = await device.login('dev_owner', 'Copper-Kite-58');
    expect(after.statusCode).toBe(429);
    expect(sessionCookie(after)).toBeUndefined();
  });
});
