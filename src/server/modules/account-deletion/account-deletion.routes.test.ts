import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox, payments, transactions, users } from '../../db/schema/index';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { until } from '../../test/until';
import { livedInAccount, rowsOfUser, tablesMentioning, tablesWithUserId } from '../../test/account-fixtures';
import { settleFileJobs } from '../../test/storage-jobs';
import { userPrefix } from '../../storage/keys';
import { ledgerMismatches } from '../tokens/ledger.service';
import { JOB_ACCOUNT_DELETE, JOB_FAREWELL_MAIL } from './account-deletion.job';

// Issue 22, item 4: "Delete my account" and the admin's deletion, on PGlite and local disk storage
// (TEST_DATABASE_URL runs the same file on PostgreSQL).
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const PASSWORD = 'Harbor-Lamp-42';

/** Waits until no account job is queued or running, then for the file jobs it enqueued. */
async function settleDeletion(timeoutMs = 20_000) {
  await until(
    async () => {
      const open = await h.deps.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.name, [JOB_ACCOUNT_DELETE, JOB_FAREWELL_MAIL]),
            inArray(jobs.status, ['queued', 'running']),
          ),
        );
      if (!open.length) return true;
      h.deps.queue.kick();
      return false;
    },
    'the deletion to finish',
    timeoutMs,
    50,
  );
  await settleFileJobs(h.deps);
  const failed = await h.deps.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, JOB_ACCOUNT_DELETE), eq(jobs.status, 'failed')));
  expect(failed).toEqual([]);
}

/** Signs in with a fresh client and returns it with its device cookie (decision 015). */
async function signIn(username: string, password = PASSWORD) {
  const c = h.client();
  const res = await c.post('/api/auth/login', { username, password });
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const did = set.find((s) => s.startsWith('did='))?.split(';')[0];
  return { c, res, did };
}

async function newAccount(): Promise<{ c: Client; id: string; username: string; email: string }> {
  const c = h.client();
  const username = `gone_${randomUUID().slice(0, 8)}`;
  const u = await c.register(username, PASSWORD);
  return { c, id: u.id, username, email: `${username}@example.com` };
}

describe('DELETE /api/user/account', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const a = await newAccount();
    const res = await a.c.inject({
      method: 'DELETE',
      url: '/api/user/account',
      payload: { password: 'not-my-password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PASSWORD');
    expect((await a.c.get('/api/auth/user')).statusCode).toBe(200);
    const [row] = await h.deps.db.select().from(users).where(eq(users.id, a.id));
    expect(row.deletedAt).toBeNull();
    const queued = await h.deps.db.select().from(jobs).where(eq(jobs.name, JOB_ACCOUNT_DELETE));
    expect(queued.filter((j) => (j.payload as { userId: string }).userId === a.id)).toEqual([]);
  });

  it('needs a password and a session', async () => {
    const a = await newAccount();
    const empty = await a.c.inject({ method: 'DELETE', url: '/api/user/account', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_ERROR');
    const guest = await h.client().inject({
      method: 'DELETE',
      url: '/api/user/account',
      payload: { password: PASSWORD },
    });
    expect(guest.statusCode).toBe(401);
  });

  it('deletes everything, keeps the ledger and purchases anonymised, and frees the name', async () => {
    const a = await newAccount();
    const { did } = await signIn(a.username);
    expect(did).toBeTruthy();
    const second = (await signIn(a.username)).c;
    const seeded = await livedInAccount(h.deps, a.id);
    expect((await h.deps.storage.list(userPrefix(a.id))).length).toBeGreaterThan(5);
    const ledgerBefore = await h.deps.db.select().from(transactions).where(eq(transactions.userId, a.id));

    const res = await a.c.inject({
      method: 'DELETE',
      url: '/api/user/account',
      payload: { password: PASSWORD },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().success).toBe(true);
    // every session refused at once, whatever the job has done yet
    expect((await a.c.get('/api/auth/user')).statusCode).toBe(401);
    expect((await second.get('/api/auth/user')).statusCode).toBe(401);
    expect((await signIn(a.username)).res.statusCode).toBe(401);

    await settleDeletion();

    // storage: nothing under the user's prefix
    expect(await h.deps.storage.list(userPrefix(a.id))).toEqual([]);
    // database: no row of any table with a user_id names the user
    const tables = await tablesWithUserId(h.deps);
    expect(tables).toEqual(
      expect.arrayContaining(['transactions', 'payments', 'models', 'generated_images']),
    );
    for (const t of tables) expect(`${t}: ${await rowsOfUser(h.deps, t, a.id)}`).toBe(`${t}: 0`);
    // nor any other row, anywhere (the farewell mail aside, which goes to the address by nature)
    const outbox = await h.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, a.email));
    expect(outbox.map((m) => m.subject)).toEqual(['Your LoRA Studio account has been deleted']);
    expect(await tablesMentioning(h.deps, [a.id, a.username, a.email], ['jobs', 'mail_outbox'])).toEqual([]);

    // the ledger and purchases stay, on one tombstone without name or e-mail
    const [payment] = await h.deps.db.select().from(payments).where(eq(payments.id, seeded.payment.id));
    const tombstoneId = payment.userId;
    expect(tombstoneId).not.toBe(a.id);
    const [tomb] = await h.deps.db.select().from(users).where(eq(users.id, tombstoneId));
    expect(tomb.username).toMatch(/^deleted-[0-9a-f]{16}$/);
    expect(tomb.email).toMatch(/@deleted\.invalid$/);
    expect(tomb.deletedAt).not.toBeNull();
    const ledger = await h.deps.db.select().from(transactions).where(eq(transactions.userId, tombstoneId));
    expect(ledger.map((r) => r.id)).toEqual(expect.arrayContaining(ledgerBefore.map((r) => r.id)));
    // work in flight cancelled without a charge: the training and the generation refunded once
    const refunds = ledger.filter((r) => r.type === 'refund');
    expect(refunds.map((r) => r.refId).sort()).toEqual([seeded.inflight.id, seeded.training.id].sort());
    expect(refunds.map((r) => r.amount).sort((x, y) => x - y)).toEqual([20, 150]);
    expect(tomb.tokenBalance).toBe(ledger.reduce((s, r) => s + r.amount, 0));
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
    // admins no longer see the account or its tombstone in the user list
    const admin = await h.admin();
    const list = (await admin.get('/api/admin/users?search=deleted-')).json() as { id: string }[];
    expect(list.map((u) => u.id)).not.toContain(tombstoneId);

    // the old device cookie opens nothing, and the name and e-mail are free again
    const stale = await h.client().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: a.username, password: PASSWORD },
      headers: { cookie: did! },
    });
    expect(stale.statusCode).toBe(401);
    const again = h.client();
    const reborn = await again.register(a.username, 'Other-Pass-9911');
    expect(reborn.id).not.toBe(a.id);
    expect((await again.get('/api/auth/user')).json().user.username).toBe(a.username);
  });

  it('the job is idempotent: running it again for a deleted user changes nothing', async () => {
    const a = await newAccount();
    await livedInAccount(h.deps, a.id);
    await a.c.inject({ method: 'DELETE', url: '/api/user/account', payload: { password: PASSWORD } });
    await settleDeletion();
    const ledgerCount = (await h.deps.db.select().from(transactions)).length;
    const mails = (await h.deps.db.select().from(mailOutbox)).length;
    const id = await h.deps.queue.enqueue(JOB_ACCOUNT_DELETE, { userId: a.id });
    expect((await h.deps.queue.waitFor(id!, 10_000))?.status).toBe('done');
    expect((await h.deps.db.select().from(transactions)).length).toBe(ledgerCount);
    expect((await h.deps.db.select().from(mailOutbox)).length).toBe(mails);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('deletes a user the same way, without a password', async () => {
    const a = await newAccount();
    await livedInAccount(h.deps, a.id, { images: 1 });
    const admin = await h.admin();
    const res = await admin.del(`/api/admin/users/${a.id}`);
    expect(res.statusCode).toBe(202);
    expect((await a.c.get('/api/auth/user')).statusCode).toBe(401);
    // asked twice while it runs (or after): a clear answer, never a second deletion
    expect([404, 409]).toContain((await admin.del(`/api/admin/users/${a.id}`)).statusCode);
    await settleDeletion();
    expect(await h.deps.storage.list(userPrefix(a.id))).toEqual([]);
    for (const t of await tablesWithUserId(h.deps)) expect(await rowsOfUser(h.deps, t, a.id)).toBe(0);
    expect((await admin.del(`/api/admin/users/${a.id}`)).statusCode).toBe(404);
  });

  it('is for admins only, and an admin cannot delete themselves', async () => {
    const a = await newAccount();
    const b = await newAccount();
    expect((await a.c.del(`/api/admin/users/${b.id}`)).statusCode).toBe(403);
    expect((await h.client().del(`/api/admin/users/${b.id}`)).statusCode).toBe(401);
    const admin = await h.admin();
    const me = (await admin.get('/api/auth/user')).json().user;
    const self = await admin.del(`/api/admin/users/${me.id}`);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('CANNOT_CHANGE_SELF');
    expect((await admin.del(`/api/admin/users/${randomUUID()}`)).statusCode).toBe(404);
    expect((await b.c.get('/api/auth/user')).statusCode).toBe(200);
  });
});
