import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox, transactions } from '../../db/schema/index';
import { createHarness, type Harness } from '../../test/harness';
import { secondWorker } from '../../test/second-worker';
import { livedInAccount, rowsOfUser, tablesWithUserId } from '../../test/account-fixtures';
import { settleFileJobs } from '../../test/storage-jobs';
import { userPrefix } from '../../storage/keys';
import { ledgerMismatches } from '../tokens/ledger.service';
import { JOB_ACCOUNT_DELETE } from './account-deletion.job';
import { until } from '../../test/until';

// A worker killed in the middle of an account deletion (some files deleted, the rest not, the
// database untouched), another worker taking over once the lease runs out: the deletion finishes,
// no file is deleted twice, nothing is left behind, the refunds happen once and one mail goes out.
let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
});
// a failed assertion must not leave the "killed" worker hanging the harness's close
let killWorkerA: () => void = () => {};
afterAll(async () => {
  killWorkerA();
  await h?.close();
});

describe('a worker killed during an account deletion', () => {
  it('is taken over after the lease and the deletion finishes exactly once', async () => {
    const c = h.client();
    const username = `crash_${randomUUID().slice(0, 8)}`;
    const u = await c.register(username, 'Harbor-Lamp-42');
    const seeded = await livedInAccount(h.deps, u.id, { images: 6 });
    const stored = await h.deps.storage.list(userPrefix(u.id));
    expect(stored.length).toBeGreaterThan(10);
    const res = await c.inject({
      method: 'DELETE',
      url: '/api/user/account',
      payload: { password: 'Harbor-Lamp-42' },
    });
    expect(res.statusCode).toBe(202);
    const [job] = await h.deps.db.select().from(jobs).where(eq(jobs.name, JOB_ACCOUNT_DELETE));

    // worker A deletes four files, then hangs on the fifth: the process is as good as killed
    const storage = h.deps.storage;
    const realDelete = storage.delete.bind(storage);
    const deletedBy: Record<string, string[]> = { a: [], b: [] };
    let worker: 'a' | 'b' = 'a';
    let kill: (err: Error) => void = () => {};
    const hung = new Promise<void>((_, reject) => (kill = reject));
    hung.catch(() => {});
    killWorkerA = () => kill(new Error('SIGKILL'));
    storage.delete = async (key: string) => {
      if (worker === 'a' && deletedBy.a.length >= 4) return hung;
      await realDelete(key);
      deletedBy[worker].push(key);
    };
    h.deps.queue.start();
    await until(() => deletedBy.a.length === 4);
    const killed = h.deps.queue.stop();
    const [held] = await h.deps.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(held.status).toBe('running');
    // ... time passes: the dead worker's lease runs out
    await h.deps.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));

    worker = 'b';
    const b = secondWorker(h.deps);
    b.queue.start();
    const done = await b.queue.waitFor(job.id, 20_000);
    expect(done?.status).toBe('done');
    await settleFileJobs(b);
    // the farewell mail job
    await until(
      async () =>
        (
          await h.deps.db
            .select()
            .from(mailOutbox)
            .where(eq(mailOutbox.to, `${username}@example.com`))
        ).length === 1,
    );

    // nothing deleted twice, nothing left
    expect(deletedBy.b.filter((k) => deletedBy.a.includes(k))).toEqual([]);
    // (model folders go through the training service's prefix deletion, not key by key)
    expect(deletedBy.a.length + deletedBy.b.length).toBeGreaterThan(4);
    expect(await h.deps.storage.list(userPrefix(u.id))).toEqual([]);
    for (const t of await tablesWithUserId(h.deps)) expect(await rowsOfUser(h.deps, t, u.id)).toBe(0);
    // the refunds happened once each
    const refunds = await h.deps.db.select().from(transactions).where(eq(transactions.type, 'refund'));
    expect(refunds.filter((r) => r.refId === seeded.training.id)).toHaveLength(1);
    expect(refunds.filter((r) => r.refId === seeded.inflight.id)).toHaveLength(1);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);

    // the killed worker never comes back to life: its hung call fails, its writes are fenced off
    kill(new Error('SIGKILL'));
    storage.delete = realDelete;
    await killed;
    await b.queue.stop();
    const [after] = await h.deps.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(after.status).toBe('done');
  });
});
