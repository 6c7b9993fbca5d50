import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports, jobs, mailOutbox } from '../../db/schema/index';
import { createHarness, type Harness } from '../../test/harness';
import { secondWorker } from '../../test/second-worker';
import { livedInAccount } from '../../test/account-fixtures';
import { JOB_EXPORT_BUILD } from './data-exports.job';
import { until } from '../../test/until';

// A worker killed while it writes an export's archive, another taking over after the lease: the
// export is built again from the start, ends ready and complete, and is announced once.
let h: Harness;
let killWorkerA: () => void = () => {};
beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
});
afterAll(async () => {
  killWorkerA();
  await h?.close();
});

describe('a worker killed during an export', () => {
  it('is taken over and the archive is complete', async () => {
    const c = h.client();
    const username = `xcrash_${randomUUID().slice(0, 8)}`;
    const u = await c.register(username, 'Harbor-Lamp-42');
    await livedInAccount(h.deps, u.id, { images: 8 });
    const res = await c.post('/api/user/exports');
    expect(res.statusCode).toBe(202);
    const id = res.json().export.id as string;
    const [job] = await h.deps.db.select().from(jobs).where(eq(jobs.name, JOB_EXPORT_BUILD));

    // worker A has read five stored files into the archive when it hangs on the sixth: as good as killed
    const storage = h.deps.storage;
    const realGet = storage.get.bind(storage);
    let reads = 0;
    let worker: 'a' | 'b' = 'a';
    let kill: (err: Error) => void = () => {};
    const hung = new Promise<never>((_, reject) => (kill = reject));
    hung.catch(() => {});
    killWorkerA = () => kill(new Error('SIGKILL'));
    storage.get = async (key, range) => {
      if (worker === 'a' && ++reads > 5) return hung;
      return realGet(key, range);
    };
    h.deps.queue.start();
    await until(() => reads > 5);
    const killed = h.deps.queue.stop();
    await h.deps.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));
    expect((await c.get(`/api/user/exports/${id}`)).json().export.status).toBe('pending');
    // one at a time holds while it is unfinished
    expect((await c.post('/api/user/exports')).statusCode).toBe(409);

    worker = 'b';
    const b = secondWorker(h.deps);
    b.queue.start();
    expect((await b.queue.waitFor(job.id, 30_000))?.status).toBe('done');
    const view = (await c.get(`/api/user/exports/${id}`)).json().export;
    expect(view.status).toBe('ready');
    const [row] = await h.deps.db.select().from(dataExports).where(eq(dataExports.id, id));
    const files = unzipSync(new Uint8Array((await storage.getBuffer(row.storageKey!))!));
    expect(Object.keys(files).filter((n) => /^images\/.+\.jpg$/.test(n))).toHaveLength(8);
    expect(Object.keys(files).filter((n) => /^images\/.+\.json$/.test(n))).toHaveLength(8);
    expect(Object.keys(files)).toContain('profile.json');
    await until(async () =>
      (
        await h.deps.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, `${username}@example.com`))
      ).some((m) => m.subject === 'Your LoRA Studio data export is ready'),
    );

    killWorkerA();
    storage.get = realGet;
    await killed;
    await b.queue.stop();
    const ready = (
      await h.deps.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, `${username}@example.com`))
    ).filter((m) => m.subject === 'Your LoRA Studio data export is ready');
    expect(ready).toHaveLength(1);
    // the dead worker's half-written archive never replaced the real one, nor left a file beside it
    expect(await storage.list(`u/${u.id}/exports/`)).toEqual([row.storageKey]);
  });
});
