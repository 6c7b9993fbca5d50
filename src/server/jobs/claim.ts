import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { jobs, workers } from '../db/schema/index';
import type { SpanOptions } from '../lib/tracing';

export type ClaimedJob = {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  /** attempts including this one */
  attempts: number;
  /** the row's status before the claim: 'running' when it was taken over from a gone worker */
  was: 'queued' | 'running';
  /** the worker that held it before (a take-over), else null */
  heldBy: string | null;
  /** the W3C traceparent of the span that enqueued it (lib/tracing.ts), else null */
  traceParent: string | null;
};

/** A claimed job's run as a span: a consumer in the trace that enqueued it (decision 063). */
export function runSpanOptions(job: ClaimedJob): SpanOptions {
  return {
    kind: 'consumer',
    parent: job.traceParent,
    attributes: { 'lora.job.id': job.id, 'lora.job.name': job.name, 'lora.job.attempt': job.attempts },
  };
}

/** `names` as the list of an SQL `in (…)`, each a bound parameter. */
const nameList = (names: string[]) =>
  sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );

/** The first lease of a claim; the worker sets the job's own lease as it starts the handler. */
const CLAIM_LEASE_MS = 60_000;

/**
 * Claims the next job with one of `names` for `workerId` (`FOR UPDATE SKIP LOCKED`), counting the
 * attempt. Claimable: a due queued job, and a running job whose holder is gone, either because its
 * lease lapsed (the last resort) or because its worker's heartbeat row is older than `deadWorkerMs`
 * (a SIGKILLed or frozen process; worker-heartbeat.ts). A holder without a row (not beating yet, or a
 * queue run without a heartbeat) counts as alive, so only its lease can free its jobs; and a worker
 * whose own heartbeat stalled (its writes failing) never takes its own running jobs a second time. Of two
 * claimers racing for a row, the second re-checks it under the lock, finds its new holder alive
 * (fresh lease, fresh or no row) and skips it.
 */
export async function claimNext(
  db: Db,
  o: { names: string[]; workerId: string; deadWorkerMs: number },
): Promise<ClaimedJob | null> {
  if (o.names.length === 0) return null;
  const res = await db.execute(sql`
    with next as (
      select id, status as was, locked_by as held_by from ${jobs}
      where ((status = 'queued' and run_at <= now())
        or (status = 'running' and (locked_until < now() or locked_by in (
          select w.id from ${workers} w
          where w.last_seen < now() - make_interval(secs => ${o.deadWorkerMs / 1000})
            and w.id <> ${o.workerId}))))
        and name in (${nameList(o.names)})
      order by run_at
      limit 1
      for update skip locked
    )
    update ${jobs} j set status = 'running', attempts = j.attempts + 1, locked_by = ${o.workerId},
      locked_until = now() + make_interval(secs => ${CLAIM_LEASE_MS / 1000}), updated_at = now()
    from next where j.id = next.id
    returning j.id, j.name, j.payload, j.attempts, j.trace_parent, next.was, next.held_by`);
  const row = (res as unknown as { rows: Record<string, any>[] }).rows[0];
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    payload: row.payload,
    attempts: row.attempts,
    was: row.was,
    heldBy: row.held_by ?? null,
    traceParent: row.trace_parent ?? null,
  };
}

/**
 * The channel a queue listens on (queue.ts). Every enqueue notifies it, in the enqueuer's transaction
 * when there is one, so PostgreSQL delivers it at commit and never for a job rolled back.
 */
export const JOBS_CHANNEL = 'lora_jobs';

export async function notifyJobs(conn: DbOrTx) {
  await conn.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
}

/**
 * Milliseconds until the next queued job with one of `names` is due, by the database's clock (the one
 * `claimNext` compares with); negative when one is due already, null when none is queued.
 * `jobs_due_idx` (status, run_at) serves it.
 */
export async function nextDueIn(db: Db, names: string[]): Promise<number | null> {
  if (names.length === 0) return null;
  const res = await db.execute(sql`
    select extract(epoch from (min(run_at) - now())) * 1000 as ms from ${jobs}
    where status = 'queued' and name in (${nameList(names)})`);
  const ms = (res as unknown as { rows: { ms: unknown }[] }).rows[0]?.ms;
  return ms === null || ms === undefined ? null : Number(ms);
}
