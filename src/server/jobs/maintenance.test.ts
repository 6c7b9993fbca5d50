import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, rateLimits, sessions, webVitals } from '../db/schema/index';
import { createHarness, type Harness } from '../test/harness';
import { until } from '../test/until';
import { startChain } from './chain';
import { JOB_MAINTENANCE } from './maintenance';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let h: Harness;

beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
});
afterAll(async () => {
  await h?.close();
});

describe('the maintenance chain (jobs/maintenance.ts)', () => {
  it('runs every module sweep, drops stale rate-limit windows and week-old finished jobs, and comes back in an hour', async () => {
    const now = Date.now();
    const { id: userId } = await h.client().register();
    const [live] = await h.deps.db.select().from(sessions).where(eq(sessions.userId, userId));
    // auth's sweep: an expired session goes, the live one stays
    await h.deps.db
      .insert(sessions)
      .values({ id: 'expired-session', userId, expiresAt: new Date(now - HOUR) });
    // vitals' sweep: a sample past the retention goes, a fresh one stays
    await h.deps.db.insert(webVitals).values([
      { route: '/gallery', name: 'LCP', value: 1, rating: 'good', createdAt: new Date(now - 400 * DAY) },
      { route: '/gallery', name: 'LCP', value: 2, rating: 'good', createdAt: new Date(now - HOUR) },
    ]);
    await h.deps.db.insert(rateLimits).values([
      { key: 'sweep:stale', windowStart: new Date(now - 2 * DAY), count: 3 },
      { key: 'sweep:fresh', windowStart: new Date(now - HOUR), count: 3 },
    ]);
    const finished = (name: string, daysAgo: number, status: 'done' | 'failed') => ({
      name,
      payload: {},
      status,
      runAt: new Date(now - daysAgo * DAY),
      finishedAt: new Date(now - daysAgo * DAY),
    });
    await h.deps.db
      .insert(jobs)
      .values([
        finished('sweep.old-done', 8, 'done'),
        finished('sweep.old-failed', 8, 'failed'),
        finished('sweep.recent-done', 6, 'done'),
      ]);

    await startChain(h.deps.queue, JOB_MAINTENANCE, 0);
    h.deps.queue.start();
    try {
      // the turn is over when the chain has put itself back in the queue for later
      await until(async () => {
        const [row] = await h.deps.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.name, JOB_MAINTENANCE), eq(jobs.status, 'queued')));
        return row && row.runAt.getTime() > Date.now() + 59 * 60_000;
      }, 'the maintenance chain rescheduled an hour ahead');
    } finally {
      await h.deps.queue.stop();
    }

    const sessionIds = (await h.deps.db.select().from(sessions)).map((s) => s.id);
    expect(sessionIds).toContain(live.id);
    expect(sessionIds).not.toContain('expired-session');
    const vitals = await h.deps.db.select().from(webVitals).where(eq(webVitals.route, '/gallery'));
    expect(vitals.map((v) => v.value)).toEqual([2]);
    const windows = await h.deps.db
      .select()
      .from(rateLimits)
      .where(inArray(rateLimits.key, ['sweep:stale', 'sweep:fresh']));
    expect(windows.map((w) => w.key)).toEqual(['sweep:fresh']);
    const left = await h.deps.db
      .select()
      .from(jobs)
      .where(inArray(jobs.name, ['sweep.old-done', 'sweep.old-failed', 'sweep.recent-done']));
    expect(left.map((j) => j.name)).toEqual(['sweep.recent-done']);
    // one chain: the queued turn is the only unfinished maintenance job
    const unfinished = await h.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, JOB_MAINTENANCE), inArray(jobs.status, ['queued', 'running'])));
    expect(unfinished).toHaveLength(1);
  });
});
