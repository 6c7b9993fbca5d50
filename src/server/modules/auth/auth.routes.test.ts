import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Waits for the `auth.forgot-password` job a request for this input queued, and returns its row. */
async function forgotJobRun(usernameOrEmail: string) {
  const jobs = await h.deps.db.query.jobs.findMany();
  const job = jobs.find(
    (j) =>
      j.name === 'auth.forgot-password' &&
      (j.payload as { usernameOrEmail?: string }).usernameOrEmail === usernameOrEmail,
  );
  expect(job).toBeDefined();
  return h.deps.queue.waitFor(job!.id, 10_000);
}

describe('auth', () => {
  it('registers with a 50-token bonus ledger row and a session', async () => {
    const c = h.client();
    const res = await c.post('/api/auth/register', {
      username: 'alice_1',
      email: 'alice@example.com',
      password: 'Harbor-Lamp-42',
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      username: 'alice_1',
      email: 'alice@example.com',
      tokenBalance: 50,
      isAdmin: false,
      emailVerified: false,
    });
    expect(user.passwordHash).toBeUndefined();
    const cookies = [res.headers['set-cookie'] ?? []].flat();
    const cookie = cookies.find((c) => c.startsWith('sid='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // the device cookie (docs/decisions/015-login-throttling.md) is as closed to scripts
    const device = cookies.find((c) => c.startsWith('did='))!;
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/Path=\/api\/auth/);
    const me = await c.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.username).toBe('alice_1');
    const rows = await h.deps.db.query.transactions.findMany();
    expect(rows.filter((r) => r.userId === user.id)).toMatchObject([
      { type: 'bonus', amount: 50, balanceAfter: 50 },
    ]);
  });

  it('answers 401 without a session', async () => {
    const res = await h.client().get('/api/auth/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('validates with the spec messages and changes nothing', async () => {
    const c = h.client();
    const before = await h.deps.db.query.users.findMany();
    const res = await c.post('/api/auth/register', { username: 'ab', email: 'nope', password: 'short' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('Username must be at least 3 characters');
    expect(body.message).toBe(body.error);
    expect(body.fields).toMatchObject({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
    const weak = await c.post('/api/auth/register', {
      username: 'bobby',
      email: 'b@example.com',
      password: 'abcdefgh',
    });
    expect(weak.json().error).toBe('Password must contain at least one letter and one number');
    const login = await c.post('/api/auth/login', { username: 'ab', password: '123' });
    expect(login.json().fields).toMatchObject({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
    expect((await h.deps.db.query.users.findMany()).length).toBe(before.length);
  });

  it('refuses malformed JSON and non-object bodies with 400', async () => {
    const c = h.client();
    const bad = await c.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('MALFORMED_JSON');
    const arr = await c.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '[1]',
      headers: { 'content-type': 'application/json' },
    });
    expect(arr.statusCode).toBe(400);
  });

  it('rejects duplicate usernames case-insensitively with 409', async () => {
    const c = h.client();
    await c.register('Dup_User');
    const res = await h.client().post('/api/auth/register', {
      username: 'dup_user',
      email: 'other@example.com',
      password: 'Harbor-Lamp-42',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.username).toBe('Username is already taken');
  });

  it('logs in, rotates the session, and logs out', async () => {
    const c = h.client();
    await c.register('carol_x', 'Harbor-Lamp-42');
    const first = c.cookie;
    await c.login('CAROL_X', 'Harbor-Lamp-42');
    expect(c.cookie).not.toBe(first);
    const stale = h.client();
    stale.cookie = first;
    expect((await stale.get('/api/auth/user')).statusCode).toBe(401);
    const wrong = await h.client().post('/api/auth/login', { username: 'carol_x', password: 'wrongpass1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Invalid username or password');
    expect((await c.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('keeps the caller signed in when a sign-in fails, and rotates the session when one succeeds', async () => {
    const c = h.client();
    await c.register('kept_sess', 'Harbor-Lamp-42');
    const signedIn = c.cookie;
    const wrong = await c.post('/api/auth/login', { username: 'kept_sess', password: 'wrongpass1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie'] ?? '').not.toMatch(/sid=/);
    expect(c.cookie).toBe(signedIn);
    const me = await c.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.username).toBe('kept_sess');
    // a failed sign-up (name taken) leaves the session alone too
    const taken = await c.post('/api/auth/register', {
      username: 'kept_sess',
      email: 'other_kept@example.com',
      password: 'Harbor-Lamp-42',
    });
    expect(taken.statusCode).toBe(409);
    expect((await c.get('/api/auth/user')).statusCode).toBe(200);
    await c.login('kept_sess', 'Harbor-Lamp-42');
    expect(c.cookie).not.toBe(signedIn);
    const stale = h.client();
    stale.cookie = signedIn;
    expect((await stale.get('/api/auth/user')).statusCode).toBe(401);
  });

  it('rate-limits repeated failed logins with 429 and Retry-After', async () => {
    const c = h.client();
    await c.register('dave_rl', 'Harbor-Lamp-42');
    let last;
    for (let i = 0; i < 12; i++)
      last = await h.client().post('/api/auth/login', { username: 'dave_rl', password: 'badpass99' });
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['retry-after']).toBeDefined();
    // the locked name is refused before its password is checked: a right guess must not tell itself apart
    const right = await h
      .client()
      .post('/api/auth/login', { username: 'dave_rl', password: 'Harbor-Lamp-42' });
    expect(right.statusCode).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('refuses cross-site cookie writes (CSRF) but allows same origin and header-less clients', async () => {
    const c = h.client();
    await c.register('erin_csrf');
    const cross = await c.inject({
      method: 'POST',
      url: '/api/user/nsfw-settings',
      payload: { enableNSFW: true },
      headers: { origin: 'https://evil.example' },
    });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().code).toBe('CSRF_REJECTED');
    const ref = await c.inject({
      method: 'POST',
      url: '/api/user/nsfw-settings',
      payload: { enableNSFW: true },
      headers: { referer: 'https://evil.example/x' },
    });
    expect(ref.statusCode).toBe(403);
    const same = await c.inject({
      method: 'POST',
      url: '/api/user/nsfw-settings',
      payload: { enableNSFW: true },
      headers: { origin: 'http://127.0.0.1:3000' },
    });
    expect(same.statusCode).toBe(200);
    const none = await c.post('/api/user/nsfw-settings', { enableNSFW: false });
    expect(none.statusCode).toBe(200);
  });

  it('resets a password by e-mailed token, ending other sessions, and never probes accounts', async () => {
    const c = h.client();
    const u = await c.register('frank_pw', 'Harbor-Lamp-42');
    const unknown = await h.client().post('/api/auth/forgot-password', { usernameOrEmail: 'nobody_here' });
    expect(unknown.statusCode).toBe(200);
    const res = await h
      .client()
      .post('/api/auth/forgot-password', { usernameOrEmail: 'frank_pw@example.com' });
    expect(res.statusCode).toBe(200);
    expect((await forgotJobRun('frank_pw@example.com'))?.status).toBe('done');
    const mails = await h.deps.db.query.mailOutbox.findMany();
    const mail = mails.find((m) => m.to === 'frank_pw@example.com' && m.subject.includes('Reset'))!;
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const weak = await h.client().post('/api/auth/reset-password-token', { token, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    const ok = await h
      .client()
      .post('/api/auth/reset-password-token', { token, newPassword: 'NewPassword9' });
    expect(ok.statusCode).toBe(200);
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
    const again = await h
      .client()
      .post('/api/auth/reset-password-token', { token, newPassword: 'NewPassword9' });
    expect(again.statusCode).toBe(400);
    await h.client().login('frank_pw', 'NewPassword9');
    expect(u.id).toBeDefined();
  });

  it('answers forgot-password alike for known and unknown accounts; the job sends the mail', async () => {
    await h.client().register('hana_fp', 'Harbor-Lamp-42');
    const mailsTo = async (to: string) =>
      (await h.deps.db.query.mailOutbox.findMany()).filter((m) => m.to === to && m.subject.includes('Reset'));
    const known = await h.client().post('/api/auth/forgot-password', { usernameOrEmail: 'hana_fp' });
    const unknown = await h.client().post('/api/auth/forgot-password', { usernameOrEmail: 'nobody_fp' });
    const unknownMail = await h
      .client()
      .post('/api/auth/forgot-password', { usernameOrEmail: 'nobody_fp@example.com' });
    for (const res of [known, unknown, unknownMail]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(known.body);
    }
    // every answer took the same path: one queued job each, whether or not an account matches
    for (const input of ['hana_fp', 'nobody_fp', 'nobody_fp@example.com'])
      expect((await forgotJobRun(input))?.status).toBe('done');
    const mails = await mailsTo('hana_fp@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/reset-password\?token=[A-Za-z0-9_-]+/);
    expect(await mailsTo('nobody_fp@example.com')).toHaveLength(0);
  });

  it('verifies e-mail once by token', async () => {
    const c = h.client();
    await c.register('gina_ver');
    const mail = (await h.deps.db.query.mailOutbox.findMany()).find((m) => m.to === 'gina_ver@example.com')!;
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const res = await c.post('/api/auth/verify-email', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().alreadyVerified).toBe(false);
    expect((await c.get('/api/auth/user')).json().user.emailVerified).toBe(true);
    // opened again (signed out too): the address is verified, so it says so instead of failing
    const again = await h.client().post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ success: true, alreadyVerified: true });
    expect(again.json().user).toBeUndefined();
    expect((await c.post('/api/auth/verify-email', { token: 'x'.repeat(40) })).statusCode).toBe(400);
  });

  it('says whether a reset link is still usable before the form is filled', async () => {
    await h.client().register('ivy_chk', 'Harbor-Lamp-42');
    await h.client().post('/api/auth/forgot-password', { usernameOrEmail: 'ivy_chk' });
    expect((await forgotJobRun('ivy_chk'))?.status).toBe('done');
    const mail = (await h.deps.db.query.mailOutbox.findMany()).find(
      (m) => m.to === 'ivy_chk@example.com' && m.subject.includes('Reset'),
    )!;
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const check = () => h.client().post('/api/auth/reset-password-token/check', { token });
    expect((await check()).json()).toEqual({ success: true, valid: true });
    await h.client().post('/api/auth/reset-password-token', { token, newPassword: 'NewPassword9' });
    expect((await check()).json()).toEqual({ success: true, valid: false });
    const unknown = await h.client().post('/api/auth/reset-password-token/check', { token: 'y'.repeat(40) });
    expect(unknown.json().valid).toBe(false);
    expect((await h.client().post('/api/auth/reset-password-token/check', { token: 'x' })).statusCode).toBe(
      400,
    );
  });
});
