import { and, inArray, lte } from 'drizzle-orm';
import { jobs } from '../db/schema/support';
import type { AppDeps } from '../deps';

/**
 * Waits until every file-deleting job (storage.*, styles.collect-preview) due now has finished
 * (a delayed one, like an unused upload's collection, is left), so a test can look at storage after a deletion. Fails loudly when one failed.
 */
const FILE_JOBS = ['storage.delete-prefix', 'storage.delete-keys', 'styles.collect-preview'];

export async function settleFileJobs(deps: AppDeps, timeoutMs = 15_000) {
  const pending = await deps.db
    .select({ id: jobs.id, name: jobs.name })
    .from(jobs)
    .where(
      and(
        inArray(jobs.status, ['queued', 'running']),
        inArray(jobs.name, FILE_JOBS),
        lte(jobs.runAt, new Date()),
      ),
    );
  deps.queue.kick();
  for (const j of pending) {
    const row = await deps.queue.waitFor(j.id, timeoutMs);
    if (row?.status !== 'done')
      throw new Error(`${j.name} ${j.id} did not finish: ${row?.status ?? 'timeout'}`);
  }
  return pending.length;
}
