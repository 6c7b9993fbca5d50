import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_BONUS } from '../../../shared/constants';
import { deletedEmailHashes, jobs, transactions } from '../../db/schema/index';
import { sha256 } from '../../lib/crypto';
import { JOB_ACCOUNT_DELETE } from '../account-deletion/account-deletion.job';
import { runRetention } from '../retention/retention.job';
import { createHarness, type Harness } from '../../test/harness';
import { until } from '../../test/until';
import { deletedEmailHash } from './deleted-emails';

// Security review (issue 40, finding 5): delete the account, register again with the same e-mail,
// collect the welcome bonus again. A deleted account's address is kept as a keyed hash, for this
// rule only, DELETED_EMAIL_RETENTION_DAYS.

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ DELETED_EMAIL_RETENTION_DAYS: '30' });
});
afterAll(async () => {
  await h?.close();
});

const PASSWORD = 'Harbor-Lamp-42';

async function deleted(username: string) {
  const c = h.client();
  const u = await c.register(username, PASSWORD);
  expect(u.tokenBalance).toBe(SIGNUP_BONUS);
  const res = await c.inject({ method: 'DELETE', url: '/api/user/account', payload: { password: PASSWORD } });
  expect(res.statusCode).toBeLessThan(300);
  // the address is free once the deletion job has run
  await until(
    async () =>
      (
        await h.deps.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.name, JOB_ACCOUNT_DELETE), inArray(jobs.status, ['queued', 'running'])))
      ).length === 0,
    'the deletion job',
    30_000,
  );
  return u;
}

describe("a deleted account's e-mail", () => {
  it('gets no second welcome bonus, in any letter case; the address is kept only as a keyed hash', async () => {
    await deleted('bonus_hunter');
    const again = h.client();
    const res = await again.post('/api/auth/register', {
      username: 'bonus_hunter2',
      email: 'Bonus_Hunter@Example.com',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    const reborn = res.json().user;
    expect(reborn.tokenBalance).toBe(0);
    const rows = await h.deps.db.select().from(transactions).where(eq(transactions.userId, reborn.id));
    expect(rows.filter((r) => r.description === 'Welcome bonus')).toEqual([]);
    // a new address still gets it
    expect((await h.client().register('fresh_person', PASSWORD)).tokenBalance).toBe(SIGNUP_BONUS);
    // what is stored: neither the address nor its plain hash
    const stored = await h.deps.db.select().from(deletedEmailHashes);
    const text = JSON.stringify(stored);
    expect(text).not.toContain('bonus_hunter');
    expect(text).not.toContain(sha256('bonus_hunter@example.com'));
    expect(stored.map((r) => r.emailHash)).toContain(
      deletedEmailHash(h.config.sessionSecret, 'bonus_hunter@example.com'),
    );
  });

  it('is forgotten by the retention job after DELETED_EMAIL_RETENTION_DAYS', async () => {
    await deleted('short_memory');
    const hash = deletedEmailHash(h.config.sessionSecret, 'short_memory@example.com');
    const kept = () =>
      h.deps.db.select().from(deletedEmailHashes).where(eq(deletedEmailHashes.emailHash, hash));
    expect(h.config.privacy.deletedEmailRetentionDays).toBe(30);
    expect((await runRetention(h.deps, new Date(Date.now() + 29 * 86_400_000))).deletedEmails).toBe(0);
    expect(await kept()).toHaveLength(1);
    expect(
      (await runRetention(h.deps, new Date(Date.now() + 31 * 86_400_000))).deletedEmails,
    ).toBeGreaterThanOrEqual(1);
    expect(await kept()).toEqual([]);
    // then the address is new again
    expect((await h.client().register('short_memory', PASSWORD)).tokenBalance).toBe(SIGNUP_BONUS);
  });
});
