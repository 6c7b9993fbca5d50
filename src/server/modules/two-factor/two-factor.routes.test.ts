import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, ADMIN, type Harness } from '../../test/harness';
import { until } from '../../test/until';
import { LOGIN_THROTTLE } from '../auth/login-throttle';
import { totpCode } from './totp';

let h: Harness;
beforeAll(async () => {
  // the product's default: an admin must enrol before the admin routes open
  h = await createHarness({ ADMIN_2FA: 'required' });
});
afterAll(async () => {
  await h?.close();
});

const PASSWORD = 'Harbor-Lamp-42';
const STEP_MS = 30_000;

/** A browser at one address that keeps every cookie it is given (session, device, pending sign-in). */
function browser(remoteAddress = '203.0.113.77') {
  const jar = new Map<string, string>();
  const send = async (o: InjectOptions) => {
    const res = await h.app.inject({
      ...o,
      remoteAddress,
      headers: {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36',
        ...(o.headers ?? {}),
      },
      cookies: Object.fromEntries(jar),
    });
    for (const c of res.cookies) {
      if (c.value && (c.maxAge === undefined || c.maxAge > 0)) jar.set(c.name, c.value);
      else jar.delete(c.name);
    }
    return res;
  };
  return {
    jar,
    get: (url: string) => send({ method: 'GET', url }),
    post: (url: string, payload?: object) => send({ method: 'POST', url, payload }),
    del: (url: string, payload?: object) => send({ method: 'DELETE', url, payload }),
    login: (username: string, password = PASSWORD) =>
      send({ method: 'POST', url: '/api/auth/login', payload: { username, password } }),
  };
}
type Browser = ReturnType<typeof browser>;

async function signUp(b: Browser) {
  const username = `u_${randomUUID().slice(0, 8)}`;
  const res = await b.post('/api/auth/register', {
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().user.id as string, username };
}

/** Enrols TOTP through the API; answers the secret and the backup codes. */
async function enrol(b: Browser, password = PASSWORD) {
  const start = await b.post('/api/user/2fa/totp', { password });
  expect(start.statusCode).toBe(200);
  const { secret, otpauthUrl } = start.json();
  const confirm = await b.post('/api/user/2fa/totp/confirm', { code: totpCode(secret) });
  expect(confirm.statusCode).toBe(200);
  return {
    secret: secret as string,
    otpauthUrl: otpauthUrl as string,
    backupCodes: confirm.json().backupCodes as string[],
  };
}

const code = (res: LightMyRequestResponse) => res.json().code;
/** the harness admin's backup codes, once the admin test has enrolled it */
const adminBackupCodes: string[] = [];

describe('TOTP enrolment', () => {
  it('needs a session and the password, then a code from the app; answers ten backup codes once', async () => {
    const guest = browser();
    expect((await guest.post('/api/user/2fa/totp', { password: PASSWORD })).statusCode).toBe(401);
    const b = browser();
    const { username } = await signUp(b);
    const wrong = await b.post('/api/user/2fa/totp', { password: 'not-my-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(code(wrong)).toBe('INVALID_PASSWORD');

    const start = await b.post('/api/user/2fa/totp', { password: PASSWORD });
    const { secret, otpauthUrl } = start.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`otpauth://totp/LoRA%20Studio:${username}?`);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    // the secret is stored sealed, never as given
    const stored = await h.deps.db.execute(
      sql`select count(*)::int as n from totp_credentials where secret_enc like ${'%' + secret + '%'}`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);

    const bad = await b.post('/api/user/2fa/totp/confirm', {
      code: '000000' === totpCode(secret) ? '111111' : '000000',
    });
    expect(bad.statusCode).toBe(400);
    expect(code(bad)).toBe('INVALID_CODE');
    expect((await b.get('/api/user/2fa')).json()).toMatchObject({ totp: false });

    const ok = await b.post('/api/user/2fa/totp/confirm', { code: totpCode(secret) });
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().backupCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await b.get('/api/user/2fa')).json()).toEqual({
      totp: true,
      backupCodesLeft: 10,
      passkeys: [],
      required: false,
    });
    expect((await b.get('/api/auth/user')).json().user.twoFactorEnabled).toBe(true);
    // a second enrolment while one is on is refused, and confirming again shows no codes
    expect((await b.post('/api/user/2fa/totp', { password: PASSWORD })).statusCode).toBe(409);
    expect(
      (await b.post('/api/user/2fa/totp/confirm', { code: totpCode(secret, Date.now() + STEP_MS) }))
        .statusCode,
    ).toBe(409);
  });
});

describe('signing in with a second factor', () => {
  it('answers twoFactorRequired and no session; the code step finishes it; codes are never replayed', async () => {
    const owner = browser();
    const { username } = await signUp(owner);
    const { secret } = await enrol(owner);

    const b = browser('198.51.100.20');
    const step1 = await b.login(username);
    expect(step1.statusCode).toBe(200);
    expect(step1.json()).toEqual({ twoFactorRequired: true, methods: ['totp', 'backup'] });
    expect(step1.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(b.jar.has('l2f')).toBe(true);
    // skipping the second step: the password alone opens nothing
    expect((await b.get('/api/auth/user')).statusCode).toBe(401);
    expect((await b.get('/api/user/2fa')).statusCode).toBe(401);
    expect((await b.get('/api/transactions')).statusCode).toBe(401);

    // the confirm used this step's code: the same code again is a replay
    const replay = await b.post('/api/auth/login/2fa', { code: totpCode(secret) });
    expect(replay.statusCode).toBe(401);
    expect(code(replay)).toBe('INVALID_CODE');

    const next = totpCode(secret, Date.now() + STEP_MS);
    const done = await b.post('/api/auth/login/2fa', { code: next });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.username).toBe(username);
    expect(b.jar.has('sid')).toBe(true);
    expect(b.jar.has('l2f')).toBe(false);
    expect((await b.get('/api/auth/user')).statusCode).toBe(200);

    // a new sign-in cannot reuse the code that finished the last one
    const again = browser('198.51.100.21');
    await again.login(username);
    const reused = await again.post('/api/auth/login/2fa', { code: next });
    expect(reused.statusCode).toBe(401);
    expect(code(reused)).toBe('INVALID_CODE');
  });

  it('takes each backup code once, and a code with no pending sign-in is refused', async () => {
    const owner = browser();
    const { username } = await signUp(owner);
    const { backupCodes } = await enrol(owner);

    const none = await browser().post('/api/auth/login/2fa', { code: backupCodes[0] });
    expect(none.statusCode).toBe(401);
    expect(code(none)).toBe('LOGIN_EXPIRED');

    const b = browser();
    await b.login(username);
    // as a person types it: upper case, a space instead of the dash
    const ok = await b.post('/api/auth/login/2fa', { code: backupCodes[0]!.toUpperCase().replace('-', ' ') });
    expect(ok.statusCode).toBe(200);
    expect((await b.get('/api/user/2fa')).json().backupCodesLeft).toBe(9);

    const c = browser();
    await c.login(username);
    expect((await c.post('/api/auth/login/2fa', { code: backupCodes[0] })).statusCode).toBe(401);
    expect((await c.post('/api/auth/login/2fa', { code: backupCodes[1] })).statusCode).toBe(200);
  });

  it('ends a pending sign-in after five minutes', async () => {
    const owner = browser();
    const { id, username } = await signUp(owner);
    const { secret } = await enrol(owner);
    const b = browser();
    await b.login(username);
    await h.deps.db.execute(
      sql`update login_challenges set expires_at = now() - interval '1 second' where user_id = ${id}`,
    );
    const res = await b.post('/api/auth/login/2fa', { code: totpCode(secret, Date.now() + STEP_MS) });
    expect(res.statusCode).toBe(401);
    expect(code(res)).toBe('LOGIN_EXPIRED');
  });

  it('throttles guessed codes like passwords: after the free tries even the right code waits', async () => {
    const owner = browser();
    const { username } = await signUp(owner);
    const { secret } = await enrol(owner);
    const b = browser('192.0.2.50');
    await b.login(username);
    const right = totpCode(secret, Date.now() + STEP_MS);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < LOGIN_THROTTLE.clientFree; i++)
      expect((await b.post('/api/auth/login/2fa', { code: wrong })).statusCode).toBe(401);
    const held = await b.post('/api/auth/login/2fa', { code: right });
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(b.jar.has('sid')).toBe(false);
  });
});

describe('turning TOTP off', () => {
  it('takes the password and a code; then the password alone signs in', async () => {
    const b = browser();
    const { username } = await signUp(b);
    const { backupCodes } = await enrol(b);
    const noCode = await b.del('/api/user/2fa/totp', { password: PASSWORD, code: 'aaaaa-bbbbb' });
    expect(noCode.statusCode).toBe(400);
    expect(code(noCode)).toBe('INVALID_CODE');
    const noPassword = await b.del('/api/user/2fa/totp', { password: 'Wrong-pass-99', code: backupCodes[0] });
    expect(code(noPassword)).toBe('INVALID_PASSWORD');
    expect((await b.del('/api/user/2fa/totp', { password: PASSWORD, code: backupCodes[0] })).statusCode).toBe(
      200,
    );
    expect((await b.get('/api/user/2fa')).json()).toMatchObject({ totp: false, backupCodesLeft: 0 });
    const plain = await browser().login(username);
    expect(plain.json().user.twoFactorEnabled).toBe(false);
  });
});

describe('admins under ADMIN_2FA=required', () => {
  it('refuses admin routes with SECOND_FACTOR_REQUIRED until the admin enrols', async () => {
    const admin = browser('127.0.0.1');
    const first = await admin.login(ADMIN.username, ADMIN.password);
    expect(first.statusCode).toBe(200);
    const refused = await admin.get('/api/admin/users');
    expect(refused.statusCode).toBe(403);
    expect(code(refused)).toBe('SECOND_FACTOR_REQUIRED');
    expect((await admin.get('/api/user/2fa')).json().required).toBe(true);
    expect((await h.app.inject({ method: 'GET', url: '/api/config' })).json().admin2fa).toBe('required');
    // the client is told it is an admin (to send it to enrol), yet its password alone carries no
    // admin reads on the user routes either: another person's model is not found
    expect((await admin.get('/api/auth/user')).json().user).toMatchObject({
      isAdmin: true,
      twoFactorEnabled: false,
    });
    const owner = h.client();
    await owner.register();
    const made = await owner.post('/api/models', {
      name: 'Not yours',
      description: 'x',
      subjectConsent: true,
    });
    expect(made.statusCode).toBe(201);
    const modelId = made.json().id as string;
    expect((await admin.get(`/api/models/${modelId}`)).statusCode).toBe(404);

    const { secret, backupCodes } = await enrol(admin, ADMIN.password);
    adminBackupCodes.push(...backupCodes);
    expect((await admin.get('/api/admin/users')).statusCode).toBe(200);
    expect((await admin.get(`/api/models/${modelId}`)).statusCode).toBe(200);

    // the next sign-in asks for the code, and the admin routes open after it
    const next = browser('127.0.0.1');
    expect((await next.login(ADMIN.username, ADMIN.password)).json().twoFactorRequired).toBe(true);
    expect((await next.get('/api/admin/users')).statusCode).toBe(401);
    await next.post('/api/auth/login/2fa', { code: totpCode(secret, Date.now() + STEP_MS) });
    expect((await next.get('/api/admin/users')).statusCode).toBe(200);
  });
});

describe('security activity', () => {
  it('lists sign-ins, failed attempts and 2FA changes with a coarse address; admins read it per user', async () => {
    const b = browser('203.0.113.77');
    const { id, username } = await signUp(b);
    await browser('203.0.113.9').login(username, 'Not-the-password-1');
    await enrol(b);
    await b.login(username);
    const events = await until(async () => {
      const list = (await b.get('/api/user/security-activity')).json().events as { kind: string }[];
      return list.some((e) => e.kind === 'sign_in_failed') ? list : null;
    }, 'the failed sign-in in the log');
    const kinds = events.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['sign_in_failed', 'totp_enabled']));
    const failed = events.find((e) => e.kind === 'sign_in_failed') as Record<string, unknown>;
    expect(failed).toMatchObject({
      address: '203.0.113.0/24',
      device: 'Chrome on Linux',
      detail: { step: 'password' },
    });

    // another user may not read it; an admin (with a second factor) may
    expect((await b.get(`/api/admin/users/${id}/security-activity`)).statusCode).toBe(403);
    const admin = browser('127.0.0.1');
    expect((await admin.login(ADMIN.username, ADMIN.password)).json().twoFactorRequired).toBe(true);
    expect((await admin.post('/api/auth/login/2fa', { code: adminBackupCodes.shift() })).statusCode).toBe(
      200,
    );
    const seen = await admin.get(`/api/admin/users/${id}/security-activity`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().events.map((e: { kind: string }) => e.kind)).toEqual(kinds);
  });
});

describe('passkeys (the browser ceremony itself is tested in tests/e2e/two-factor.test.ts)', () => {
  it('asks for the password before options, and refuses an answer that is not a passkey', async () => {
    const b = browser();
    await signUp(b);
    expect(code(await b.post('/api/user/2fa/passkeys/options', { password: 'Wrong-pass-99' }))).toBe(
      'INVALID_PASSWORD',
    );
    const options = await b.post('/api/user/2fa/passkeys/options', { password: PASSWORD });
    expect(options.statusCode).toBe(200);
    expect(options.json().options).toMatchObject({
      rp: { name: 'LoRA Studio', id: '127.0.0.1' },
      attestation: 'none',
    });
    expect(options.json().options.challenge).toEqual(expect.any(String));
    const forged = await b.post('/api/user/2fa/passkeys', {
      name: 'Laptop',
      response: { id: 'abc', type: 'public-key' },
    });
    expect(forged.statusCode).toBe(400);
    expect(code(forged)).toBe('INVALID_PASSKEY');
    expect((await b.get('/api/user/2fa')).json().passkeys).toEqual([]);
    expect((await b.del(`/api/user/2fa/passkeys/${randomUUID()}`, { password: PASSWORD })).statusCode).toBe(
      404,
    );
  });

  it('signs in only with a live, single-use challenge and a known credential', async () => {
    const b = browser();
    const noChallenge = await b.post('/api/auth/passkey', { response: { id: 'abc' } });
    expect(code(noChallenge)).toBe('LOGIN_EXPIRED');
    const options = await b.post('/api/auth/passkey/options');
    expect(options.statusCode).toBe(200);
    expect(b.jar.has('pkc')).toBe(true);
    const unknown = await b.post('/api/auth/passkey', { response: { id: 'not-a-registered-credential' } });
    expect(unknown.statusCode).toBe(401);
    expect(code(unknown)).toBe('INVALID_PASSKEY');
    // the challenge went with that answer: it cannot be tried again
    expect(code(await b.post('/api/auth/passkey', { response: { id: 'abc' } }))).toBe('LOGIN_EXPIRED');
    expect(b.jar.has('sid')).toBe(false);
  });
});

describe('the operator reset (npm run admin:reset-2fa)', () => {
  it('removes every second factor, ends the sessions, and logs it; unknown names and no name fail', async () => {
    const { resetSecondFactorsCommand } = await import('./reset-command');
    const b = browser();
    const { username } = await signUp(b);
    await enrol(b);
    const lines: string[] = [];
    expect(await resetSecondFactorsCommand(h.deps, username.toUpperCase(), (l) => lines.push(l))).toBe(0);
    expect(lines[0]).toContain('is reset');
    expect((await b.get('/api/auth/user')).statusCode).toBe(401);
    const again = browser();
    const res = await again.login(username);
    expect(res.json().user.twoFactorEnabled).toBe(false);
    const kinds = (await again.get('/api/user/security-activity'))
      .json()
      .events.map((e: { kind: string }) => e.kind);
    expect(kinds).toContain('second_factor_reset');
    expect(await resetSecondFactorsCommand(h.deps, 'nobody_here', () => {})).toBe(1);
    expect(await resetSecondFactorsCommand(h.deps, undefined, () => {})).toBe(2);
  });
});
