import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index';
import { createHarness, type Harness } from '../../test/harness';
import { startS3Server, type S3TestServer } from '../../test/s3-server';
import { livedInAccount, rowsOfUser, tablesWithUserId } from '../../test/account-fixtures';
import { settleFileJobs } from '../../test/storage-jobs';
import { userPrefix } from '../../storage/keys';
import { JOB_EXPORT_BUILD } from '../data-exports/data-exports.job';
import { JOB_ACCOUNT_DELETE } from './account-deletion.job';

// The export and the deletion with S3 storage (a real S3-compatible server, decision 016): the
// archive is written part by part, and after the deletion no object is left under u/<userId>/.
let s3: S3TestServer;
let h: Harness;
beforeAll(async () => {
  s3 = await startS3Server();
  h = await createHarness(s3.env);
});
afterAll(async () => {
  await h?.close();
  await s3?.stop();
});

async function jobOf(name: string, match: (p: Record<string, unknown>) => boolean) {
  const rows = await h.deps.db.select().from(jobs).where(eq(jobs.name, name));
  return rows.find((j) => match(j.payload))!;
}

describe('export and deletion on S3', () => {
  it('exports to the bucket, then deletes every object and row of the user', async () => {
    expect(h.deps.storage.kind).toBe('s3');
    const c = h.client();
    const u = await c.register('s3_gone', 'Harbor-Lamp-42');
    await livedInAccount(h.deps, u.id, { images: 4 });
    const ex = await c.post('/api/user/exports');
    expect(ex.statusCode).toBe(202);
    const build = await jobOf(JOB_EXPORT_BUILD, (p) => p.exportId === ex.json().export.id);
    expect((await h.deps.queue.waitFor(build.id, 30_000))?.status).toBe('done');
    const ready = (await c.get(`/api/user/exports/${ex.json().export.id}`)).json().export;
    expect(ready.status).toBe('ready');
    expect(await h.deps.storage.list(`${userPrefix(u.id)}exports/`)).toHaveLength(1);

    const res = await c.inject({
      method: 'DELETE',
      url: '/api/user/account',
      payload: { password: 'Harbor-Lamp-42' },
    });
    expect(res.statusCode).toBe(202);
    const del = await jobOf(JOB_ACCOUNT_DELETE, (p) => p.userId === u.id);
    expect((await h.deps.queue.waitFor(del.id, 30_000))?.status).toBe('done');
    await settleFileJobs(h.deps);
    const open = await h.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, JOB_ACCOUNT_DELETE), inArray(jobs.status, ['queued', 'running'])));
    expect(open).toEqual([]);
    expect(await h.deps.storage.list(userPrefix(u.id))).toEqual([]);
    for (const t of await tablesWithUserId(h.deps)) expect(await rowsOfUser(h.deps, t, u.id)).toBe(0);
    expect((await c.get('/api/auth/user')).statusCode).toBe(401);
  });
});
