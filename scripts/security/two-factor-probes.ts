// (f) second-factor probes (issue 40, docs/decisions/056-second-factor.md): skip the second step, forge
// or replay it, guess codes. Each caller speaks from a client address of its own, as in (e).
import { LOGIN_THROTTLE } from '../../src/server/modules/auth/login-throttle';
import { totpCode } from '../../src/server/modules/two-factor/totp';
import type { Context } from './checks';
import { createSession, type Reply } from './http';

const PASSWORD = 'Probe-Harbor-Lamp-77';
const STEP_MS = 30_000;

export async function twoFactorProbes(ctx: Context) {
  let next = 0;
  const client = () => {
    const n = ++next;
    const from = `198.19.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    const s = createSession(ctx.baseUrl, `2fa probe ${from}`);
    const send = (method: string, path: string, value?: unknown): Promise<Reply> =>
      s.send(
        method,
        path,
        value === undefined ? undefined : { payload: JSON.stringify(value), contentType: 'application/json' },
        { 'x-forwarded-for': from },
      );
    return { s, send };
  };
  const find = (detail: string) => ctx.findings.push({ check: '2fa probes', detail });
  const checks: string[] = [];

  // an account with an authenticator app
  const owner = client();
  const username = `probe_2fa_${Date.now().toString(36)}`;
  await owner.send('POST', '/api/auth/register', {
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
  });
  const secret = JSON.parse((await owner.send('POST', '/api/user/2fa/totp', { password: PASSWORD })).text)
    .secret as string;
  const confirmed = await owner.send('POST', '/api/user/2fa/totp/confirm', { code: totpCode(secret) });
  if (confirmed.status !== 200) {
    find(`could not enrol TOTP for the probes (${confirmed.status})`);
    return { summary: 'not run: enrolment failed' };
  }
  const passwordStep = async () => {
    const c = client();
    const res = await c.send('POST', '/api/auth/login', { username, password: PASSWORD });
    if (res.status !== 200 || !JSON.parse(res.text).twoFactorRequired)
      find(`password step answered ${res.status} ${res.text.slice(0, 80)}`);
    if (c.s.cookies.has('sid')) find('the password step set a session cookie');
    return c;
  };

  // 1. skip the second step: nothing behind a session answers
  const skipper = await passwordStep();
  for (const [method, path] of [
    ['GET', '/api/auth/user'],
    ['GET', '/api/user/2fa'],
    ['GET', '/api/transactions'],
    ['POST', '/api/user/2fa/totp'],
  ] as const) {
    const res = await skipper.send(method, path, method === 'POST' ? { password: PASSWORD } : undefined);
    if (res.status !== 401) find(`after the password step alone ${method} ${path} answered ${res.status}`);
  }
  checks.push('skip the code step: 4 calls refused');

  // 2. a forged pending sign-in (an unsigned or made-up cookie) finishes nothing, even with a right code
  const forger = client();
  forger.s.cookies.set('l2f', 'made-up-token');
  const forged = await forger.send('POST', '/api/auth/login/2fa', {
    code: totpCode(secret, Date.now() + STEP_MS),
  });
  if (forged.status === 200) find('a made-up pending sign-in cookie was accepted');
  checks.push(`forged pending sign-in: ${forged.status}`);

  // 3. replay: a code that finished one sign-in never finishes another
  const code = totpCode(secret, Date.now() + STEP_MS);
  const first = await passwordStep();
  const ok = await first.send('POST', '/api/auth/login/2fa', { code });
  if (ok.status !== 200) find(`a right code was refused (${ok.status})`);
  const second = await passwordStep();
  const replay = await second.send('POST', '/api/auth/login/2fa', { code });
  if (replay.status === 200) find('a TOTP code was accepted twice (replay)');
  checks.push(`replayed code: ${replay.status}`);

  // 4. guessing: the code step is throttled like the password step; a right code waits too
  const guesser = await passwordStep();
  const right = totpCode(secret, Date.now() + STEP_MS);
  let firstHeld = 0;
  for (let i = 1; i <= LOGIN_THROTTLE.clientFree + 3 && !firstHeld; i++) {
    const guess = String((Number(right) + i) % 1_000_000).padStart(6, '0');
    const res = await guesser.send('POST', '/api/auth/login/2fa', { code: guess });
    if (res.status === 429) firstHeld = i;
    else if (res.status === 200) find('a wrong code signed in');
  }
  if (firstHeld !== LOGIN_THROTTLE.clientFree + 1)
    find(
      `guessed codes were held back from attempt ${firstHeld || 'never'} (expected ${LOGIN_THROTTLE.clientFree + 1})`,
    );
  const held = await guesser.send('POST', '/api/auth/login/2fa', { code: right });
  if (held.status !== 429) find(`a throttled client's right code answered ${held.status}, not 429`);
  checks.push(`guessing held from attempt ${firstHeld}`);

  return { summary: checks.join('; ') };
}
