import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Polls `check` every `every` ms until it returns a truthy value, which it resolves with; after `ms`
 * it fails naming `what`. Tests wait for a condition this way instead of sleeping for a fixed time.
 */
export async function until<T>(
  check: () => T | Promise<T>,
  what = 'the condition',
  ms = 10_000,
  every = 20,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/**
 * Waits until the job queue has nothing to do soon: no job running and none due within `soonMs`
 * (the test timings poll and back off in well under that). A test asserts what a pipeline did *not*
 * do after this, instead of sleeping for a while and hoping it would have.
 */
export async function drainQueue(db: Db, ms = 30_000, soonMs = 2_000) {
  await until(
    async () => {
      const res = await db.execute(sql`select count(*)::int as n from jobs
        where status = 'running' or (status = 'queued' and run_at <= now() + make_interval(secs => ${soonMs / 1000}))`);
      return (res as unknown as { rows: { n: number }[] }).rows[0].n === 0;
    },
    'the job queue to drain',
    ms,
    50,
  );
}
