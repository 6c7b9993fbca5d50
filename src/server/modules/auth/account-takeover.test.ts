import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, mailOutbox, users } from '../../db/schema/index';
import { sha256 } from '../../lib/crypto';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { createAuthRepository } from './auth.repository';
import { MAIL_CAPS } from './mail-caps';

// Issue 28, points 2 and 3, sent the way the second review sent them: each caller from its own
// client address, the mails read from the outbox the way their recipients would.
const METRICS_TOKEN = 'metrics-token-for-the-takeover-tests';
const PASSWORD = 'Harbor-Lamp-42';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ METRICS_TOKEN });
});
afterAll(async () => {
  await h?.close();
});

let nextAddress = 1;
/** A guest at a client address of its own, as separate people are. */
function stranger(): Client {
  const from = `198.51.100.${nextAddress++}`;
  const c = h.client();
  const inject = c.inject;
  c.inject = (o) => inject({ ...o, remoteAddress: from });
  return c;
}

async function inbox(address: string) {
  return h.deps.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, address))
    .orderBy(asc(mailOutbox.createdAt));
}
const tokenIn = (text: string, path: string) =>
  new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];

/** Waits until every queued forgot-password job has run (the job writes the reset mail). */
async function settleForgotJobs() {
  const queued = await h.deps.db.select().from(jobs).where(eq(jobs.name, 'auth.forgot-password'));
  for (const job of queued) await h.deps.queue.waitFor(job.id, 10_000);
}

/** Signs up and verifies the address through the mailed link, as an owner would. */
async function verifiedOwner(username: string) {
  const owner = stranger();
  const user = await owner.register(username, PASSWORD);
  const [mail] = await inbox(`${username}@example.com`);
  const token = tokenIn(mail.text, 'verify-email');
  expect((await owner.post('/api/auth/verify-email', { token })).statusCode).toBe(200);
  return { owner, user };
}

describe('takeover through a never-verified address (issue 28, point 2)', () => {
  it('sends no undo link and no reset link to a typo, and refuses old links that would restore one', async () => {
    const { owner, user } = await verifiedOwner('typo_owner');
    const change = (email: string) =>
      owner.patch('/api/user/profile', { username: 'typo_owner', email, currentPassword: PASSWORD });
    // the owner mistypes the new address, then corrects it
    expect((await change('typo_owner@exmaple.com')).statusCode).toBe(200);
    expect((await change('typo_owner2@example.com')).statusCode).toBe(200);

    // the verified first address got its undo link; the typo's owner got only a verification link
    const first = await inbox('typo_owner@example.com');
    expect(first.map((m) => m.subject)).toContain('The e-mail of your LoRA Studio account was changed');
    const typo = await inbox('typo_owner@exmaple.com');
    expect(typo.map((m) => m.subject)).toEqual(['Verify your e-mail for LoRA Studio']);
    expect(typo.some((m) => m.text.includes('revert-email-change'))).toBe(false);

    // the typo's owner asks for a reset by the typo, by the name and by the current address:
    // the same answer each time, and no reset link anywhere (the current address is unverified)
    const intruder = stranger();
    for (const usernameOrEmail of ['typo_owner@exmaple.com', 'typo_owner', 'typo_owner2@example.com']) {
      const res = await intruder.post('/api/auth/forgot-password', { usernameOrEmail });
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toBe(true);
    }
    await settleForgotJobs();
    for (const address of ['typo_owner@exmaple.com', 'typo_owner2@example.com'])
      expect((await inbox(address)).filter((m) => m.subject.includes('Reset'))).toEqual([]);

    // an undo link from before this release that would restore an unverified address is refused
    const old = 'o'.repeat(43);
    await createAuthRepository(h.deps.db).createToken({
      userId: user.id,
      kind: 'revert_email',
      tokenHash: sha256(old),
      expiresAt: new Date(Date.now() + 86_400_000),
      data: { previousEmail: 'typo_owner@exmaple.com', previousVerifiedAt: null },
    });
    const refused = await intruder.post('/api/auth/revert-email-change', { token: old });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('INVALID_TOKEN');
    const [row] = await h.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row.email).toBe('typo_owner2@example.com');
    expect((await owner.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('ends outstanding undo links when the password changes', async () => {
    const { owner } = await verifiedOwner('undo_owner');
    await owner.patch('/api/user/profile', {
      username: 'undo_owner',
      email: 'undo_owner_new@example.com',
      currentPassword: PASSWORD,
    });
    const notice = (await inbox('undo_owner@example.com')).find((m) =>
      m.text.includes('revert-email-change'),
    )!;
    const token = tokenIn(notice.text, 'revert-email-change');
    expect(token).toBeDefined();
    const changed = await owner.post('/api/user/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Copper-Kite-58',
    });
    expect(changed.statusCode).toBe(200);
    const late = await stranger().post('/api/auth/revert-email-change', { token });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('INVALID_TOKEN');
    expect((await owner.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('still sends a reset link to an unverified address that is the only one the account had', async () => {
    await stranger().register('fresh_owner', PASSWORD);
    expect(
      (await stranger().post('/api/auth/forgot-password', { usernameOrEmail: 'fresh_owner' })).statusCode,
    ).toBe(200);
    await settleForgotJobs();
    const resets = (await inbox('fresh_owner@example.com')).filter((m) => m.subject.includes('Reset'));
    expect(resets).toHaveLength(1);
  });
});

describe('mail bombing (issue 28, point 3; issue 23)', () => {
  it('twelve forgot-password requests from twelve addresses put three reset mails in the inbox', async () => {
    const { user } = await verifiedOwner('bomb_target');
    const warn = vi.spyOn(h.deps.log, 'warn');
    const answers = [];
    for (let i = 0; i < 12; i++) {
      // the name and the address, in several spellings: all the same account
      const usernameOrEmail = ['bomb_target', 'BOMB_TARGET@example.com', 'Bomb_Target'][i % 3];
      const res = await stranger().post('/api/auth/forgot-password', { usernameOrEmail });
      answers.push([res.statusCode, res.body]);
    }
    // the same answer whether or not a mail went out
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0][0]).toBe(200);
    await settleForgotJobs();
    const resets = (await inbox('bomb_target@example.com')).filter((m) => m.subject.includes('Reset'));
    expect(resets).toHaveLength(MAIL_CAPS.reset.max);
    // the operator sees it: a warning per held-back mail, and the gauge
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ mail: 'reset', cap: 'account', userId: user.id }),
      'mail cap reached: mail not sent',
    );
    warn.mockRestore();
    const metrics = await h.client().inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toMatch(/lora_mail_capped\{kind="reset"\} ([1-9]\d*)/);
  });

  it('flipping e-mail addresses mails a victim a bounded number of times, and changes are limited', async () => {
    const victim = 'bomb_victim@example.com';
    // twelve accounts, each flipping its own address to the victim's and away again, then trying
    // once more than its daily changes allow
    const accounts = 12;
    let changes = 0;
    let refused = 0;
    for (let a = 0; a < accounts; a++) {
      const name = `flipper_${a}`;
      const attacker = stranger();
      await attacker.register(name, PASSWORD);
      for (let i = 0; i < MAIL_CAPS.emailChanges.max + 1; i++) {
        const res = await attacker.patch('/api/user/profile', {
          username: name,
          email: i % 2 === 1 ? victim : `${name}_${i}@example.com`,
          currentPassword: PASSWORD,
        });
        if (res.statusCode === 200) changes++;
        else {
          // the owner of the account is told to wait; nothing changed, nothing mailed
          expect(res.statusCode).toBe(429);
          expect(res.json().code).toBe('RATE_LIMITED');
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          refused++;
        }
      }
    }
    expect(changes).toBe(accounts * MAIL_CAPS.emailChanges.max);
    expect(refused).toBe(accounts);
    // twelve accounts took the victim's address once each; the inbox holds no more than its cap
    expect((await inbox(victim)).length).toBe(MAIL_CAPS.perAddress.max);
  });

  it('caps verification mails per account while the answer stays the same', async () => {
    const me = stranger();
    await me.register('resend_me', PASSWORD);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await me.post('/api/auth/resend-verification')).json());
    expect(answers).toEqual(Array(5).fill({ success: true, sent: true }));
    // the sign-up mail and four of the five resends
    expect(await inbox('resend_me@example.com')).toHaveLength(MAIL_CAPS.verify.max);
  });
});

// Issue 28, point 6: a 403 to a wrong password would have told a guesser the account is suspended;
// a 403 only to the right one is the one answer that tells the owner why they cannot sign in.
describe('a suspended account', () => {
  it('answers a wrong password exactly as any account does, and says suspended only to the right one', async () => {
    const { user } = await verifiedOwner('gone_owner');
    const admin = await h.admin();
    const set = await admin.post('/api/admin/users/set-status', { userId: user.id, status: 'suspended' });
    expect(set.statusCode).toBe(200);
    await stranger().register('still_here', PASSWORD);
    const login = (username: string, password: string) =>
      stranger().post('/api/auth/login', { username, password });
    const suspendedWrong = await login('gone_owner', 'Wrong-Guess-11');
    const activeWrong = await login('still_here', 'Wrong-Guess-11');
    const unknownWrong = await login('never_was', 'Wrong-Guess-11');
    for (const res of [suspendedWrong, activeWrong, unknownWrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe(unknownWrong.body);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const right = await login('gone_owner', PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('ACCOUNT_SUSPENDED');
    expect(right.headers['set-cookie']).toBeUndefined();
  });
});
