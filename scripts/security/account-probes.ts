// (e) account probes: issue 28's sign-in and mail attacks, sent as the second review sent them —
// every caller from a client address of its own (X-Forwarded-For, which the run's server believes
// from loopback only) — against the running product. See docs/operators/security.md.
import { LOGIN_THROTTLE } from '../../src/server/modules/auth/login-throttle';
import { MAIL_CAPS } from '../../src/server/modules/auth/mail-caps';
import type { Context } from './checks';
import { createSession, type Reply } from './http';

const PASSWORD = 'Probe-Harbor-Lamp-77';

type Outbox = { to: string; subject: string }[];

export async function accountProbes(ctx: Context) {
  let next = 0;
  /** A fresh browser at a client address no other probe used. */
  const stranger = () => {
    const n = ++next;
    const from = `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    const s = createSession(ctx.baseUrl, `probe ${from}`);
    return {
      post: (path: string, value: unknown): Promise<Reply> =>
        s.send(
          'POST',
          path,
          { payload: JSON.stringify(value), contentType: 'application/json' },
          { 'x-forwarded-for': from },
        ),
      patch: (path: string, value: unknown): Promise<Reply> =>
        s.send(
          'PATCH',
          path,
          { payload: JSON.stringify(value), contentType: 'application/json' },
          { 'x-forwarded-for': from },
        ),
    };
  };
  const find = (detail: string) => ctx.findings.push({ check: 'account probes', detail });
  const outbox = async (): Promise<Outbox> => {
    await ctx.relogin(ctx.admin);
    const res = await ctx.admin.json('GET', '/api/admin/outbox?limit=500');
    return res.status === 200 ? (JSON.parse(res.text) as Outbox) : [];
  };

  // 1. Unicode spellings of a throttled name (decision 015, issue 28 point 1)
  const name = 'probe_vic_iris';
  const owner = stranger();
  const reg = await owner.post('/api/auth/register', {
    username: name,
    email: `${name}@example.com`,
    password: PASSWORD,
  });
  if (reg.status !== 201) find(`could not register ${name}: ${reg.status}`);
  for (let i = 0; i < LOGIN_THROTTLE.ceilingFree + 10; i++)
    await stranger().post('/api/auth/login', { username: name, password: `wrong-guess-${i}` });
  const plain = await stranger().post('/api/auth/login', { username: name, password: PASSWORD });
  if (plain.status !== 429)
    find(
      `after ${LOGIN_THROTTLE.ceilingFree + 10} guesses from as many addresses, ${name} answered ${plain.status}, not 429`,
    );
  const unknown = await stranger().post('/api/auth/login', {
    username: 'probe_nobody',
    password: 'wrong-guess-x',
  });
  // every way to spell the i's (dotted capital I, dotless i, fullwidth), capitals, and fullwidth text
  const letters: Record<string, string[]> = { i: ['i', '\u0130', '\u0131', '\uff49'] };
  const variants = new Set<string>([
    name.toUpperCase(),
    name.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
  ]);
  for (const a of letters.i)
    for (const b of letters.i) for (const c of letters.i) variants.add(`probe_v${a}c_${b}r${c}s`);
  variants.delete(name);
  let escaped = 0;
  for (const spelling of variants) {
    for (const password of [PASSWORD, 'wrong-guess-y']) {
      const res = await stranger().post('/api/auth/login', { username: spelling, password });
      if (res.status === 200) {
        escaped++;
        find(`"${spelling}" signed in to the throttled ${name} from a fresh address`);
      } else if (res.status === 401 && res.text !== unknown.text) {
        find(`"${spelling}" answered 401 unlike a wrong password: ${res.text.slice(0, 120)}`);
      } else if (res.status !== 401 && res.status !== 429) {
        find(`"${spelling}" answered ${res.status}`);
      }
    }
  }
  const unicode = `${variants.size} spellings of a throttled name, right and wrong password: ${escaped} escaped`;

  // 2. Mail caps (issue 28 point 3, issue 23): reset requests from many addresses, e-mail flips
  const target = 'probe_mail_target';
  await stranger().post('/api/auth/register', {
    username: target,
    email: `${target}@example.com`,
    password: PASSWORD,
  });
  const answers = new Set<string>();
  for (let i = 0; i < 12; i++) {
    const usernameOrEmail = [target, `${target.toUpperCase()}@EXAMPLE.COM`, `${target}@example.com`][i % 3];
    const res = await stranger().post('/api/auth/forgot-password', { usernameOrEmail });
    answers.add(`${res.status} ${res.text}`);
  }
  if (answers.size !== 1)
    find(`forgot-password answered in ${answers.size} ways: ${[...answers].join(' | ')}`);
  // the mails are written by a job: give the queue a moment
  let resets = 0;
  for (let wait = 0; wait < 30; wait++) {
    await new Promise((r) => setTimeout(r, 500));
    const n = (await outbox()).filter(
      (m) => m.to === `${target}@example.com` && /reset/i.test(m.subject),
    ).length;
    if (n === resets && wait >= 6) break;
    resets = n;
  }
  if (resets > MAIL_CAPS.reset.max)
    find(
      `12 reset requests from 12 addresses put ${resets} reset mails in one inbox (cap ${MAIL_CAPS.reset.max})`,
    );

  const victim = 'probe_bomb_victim@example.com';
  const flipper = stranger();
  await flipper.post('/api/auth/register', {
    username: 'probe_flipper',
    email: 'probe_flipper@example.com',
    password: PASSWORD,
  });
  let flips = 0;
  let current = 'probe_flipper@example.com';
  for (let i = 0; i < 10; i++) {
    // alternately the victim's address and a fresh one of the flipper's: each is a change
    const email = current === victim ? `probe_flipper_${i}@example.com` : victim;
    const res = await flipper.patch('/api/user/profile', {
      username: 'probe_flipper',
      email,
      currentPassword: PASSWORD,
    });
    if (res.status === 200) {
      flips++;
      current = email;
    } else if (res.status !== 429) find(`e-mail change ${i + 1} answered ${res.status}`);
  }
  if (flips > MAIL_CAPS.emailChanges.max)
    find(
      `one account changed its e-mail ${flips} times in a row (limit ${MAIL_CAPS.emailChanges.max} a day)`,
    );
  const victimMails = (await outbox()).filter((m) => m.to === victim).length;
  if (victimMails > MAIL_CAPS.perAddress.max)
    find(`e-mail flips put ${victimMails} mails in one inbox (cap ${MAIL_CAPS.perAddress.max} a day)`);
  const mail = `12 resets → ${resets} mails (cap ${MAIL_CAPS.reset.max}); 10 e-mail flips → ${flips} allowed, ${victimMails} mails to the victim`;
  return { summary: `${unicode}; ${mail}` };
}
