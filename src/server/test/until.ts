import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Polls `check` every `every` ms until it returns a truthy value, which it resolves with; after `ms`
 * it fails naming `what` (a function: called then, to tell the last state seen). Tests wait for a
 * condition this way instead of sleeping for a fixed time. The one place a test waits on a timer: the
 * lint rule on test files (eslint.config.js) allows setTimeout in this file alone.
 */
export async function until<T>(
  check: () => T | Promise<T>,
  what: string | (() => string) = 'the condition',
  ms = 10_000,
  every = 20,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${ms} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/**
 * Makes every job that waits out its backoff after a failed attempt due now. For tests of what happens
 * when the attempts run out (a refund, a failed state), not of how long the queue waits between them:
 * the backoffs of a real job add up to 14 s and more.
 */
export async function runRetriesNow(db: Db) {
  await db.execute(sql`update jobs set run_at = now()
    where status = 'queued' and attempts > 0 and run_at > now()`);
}

/** Settles `work` while making backed-off jobs due every `every` ms (`runRetriesNow`), e.g. a request that waits for its job. */
export async function withRetriesNow<T>(db: Db, work: Promise<T>, every = 50): Promise<T> {
  let settled = false;
  const watched = work.finally(() => (settled = true));
  // no bound of its own: `work` ends (or the test's timeout does)
  await until(
    async () => settled || (await runRetriesNow(db), settled),
    'the work to settle',
    Number.POSITIVE_INFINITY,
    every,
  );
  return watched;
}

/**
 * Waits until the job queue has nothing to do soon: no job running and none due within `soonMs`
 * (the test timings poll and back off in well under that). A test asserts what a pipeline did *not*
 * do after this, instead of sleeping for a while and hoping it would have. With `retriesNow`, a job
 * backing off after a failed attempt is made due at once (`runRetriesNow`) and waited for too.
 */
export async function drainQueue(db: Db, ms = 30_000, soonMs = 2_000, opts: { retriesNow?: boolean } = {}) {
  await until(
    async () => {
      if (opts.retriesNow) await runRetriesNow(db);
      const res = await db.execute(sql`select count(*)::int as n from jobs
        where status = 'running' or (status = 'queued' and run_at <= now() + make_interval(secs => ${soonMs / 1000}))`);
      return (res as unknown as { rows: { n: number }[] }).rows[0].n === 0;
    },
    'the job queue to drain',
    ms,
    50,
  );
}
