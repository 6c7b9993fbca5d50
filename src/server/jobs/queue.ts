import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Db, DbOrTx } from '../db/client';
import { isUniqueViolation } from '../db/client';
import { jobs } from '../db/schema/index';
import { claimNext, nextDueIn, notifyJobs, runSpanOptions, type ClaimedJob } from './claim';
import { createJobWaiters } from './job-waiters';
import { createQueueWake } from './queue-wake';
import { JOB_KIND_OF } from './job-kinds';
import { tracing, type ActiveSpan } from '../lib/tracing';
import type { JobPayloads } from './job-payloads';
import { WORKER_DEAD_MS } from './worker-heartbeat';

export type JobContext = {
  jobId: string;
  attempt: number;
  /** Run this job again later (polling steps): the job stays queued and keeps its singleton key. */
  retryIn: (ms: number) => JobOutcome;
};
export type JobOutcome = { kind: 'reschedule'; ms: number } | { kind: 'done'; result?: unknown };

/** Payloads by job name; the app's queue uses JobPayloads (job-payloads.ts). */
export type PayloadMap = Record<string, object>;

export type JobDefinition<P extends object, N extends string = string> = {
  name: N;
  /** parses the stored payload before the handler sees it; must produce the name's payload type */
  schema: z.ZodType<P>;
  handler: (payload: P, ctx: JobContext) => Promise<JobOutcome | unknown>;
  /** lease: a crashed worker's job is picked up again after this long */
  leaseMs?: number;
  maxAttempts?: number;
  backoffMs?: (attempt: number) => number;
  /** called once when attempts are exhausted, to settle money and state */
  onFailed?: (payload: P, error: string) => Promise<void>;
};

type EnqueueOptions = {
  runAt?: Date;
  delayMs?: number;
  singletonKey?: string;
  maxAttempts?: number;
  tx?: DbOrTx;
};

export type Queue = ReturnType<typeof createQueue<JobPayloads>>;

/**
 * A durable queue on a jobs table: `FOR UPDATE SKIP LOCKED` claims, leases for crash recovery,
 * singleton keys for idempotent enqueueing. Each handler run should be short; long work is a
 * chain of polling runs (`ctx.retryIn`), so a restart loses nothing.
 */
export function createQueue<M extends PayloadMap = JobPayloads>(
  db: Db,
  opts: {
    /** how often an idle worker looks for due jobs when it has no listener (or its listener is down) */
    pollMs?: number;
    /**
     * LISTEN for enqueues (`JOBS_CHANNEL`). While the listener is up, an idle worker sleeps until the
     * next queued job is due, a notification, or `idlePollMs`, instead of claiming every `pollMs`.
     */
    subscribe?: Database['subscribe'];
    /** while listening: the longest idle sleep, after which a worker looks anyway (a lapsed lease, a gone worker's job) */
    idlePollMs?: number;
    /** handlers run at once, all kinds together */
    concurrency?: number;
    /** and of each kind (a name's kind: `kindOf`, by default jobs/job-kinds.ts); unnamed kinds: no cap of their own */
    kindCaps?: Partial<Record<string, number>>;
    kindOf?: (name: string) => string | undefined;
    /** a running job whose worker's heartbeat row is older than this is taken back (worker-heartbeat.ts) */
    deadWorkerMs?: number;
    log?: (msg: string, err?: unknown) => void;
  } = {},
) {
  const defs = new Map<string, JobDefinition<any>>();
  type Name = keyof M & string;
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const pollMs = opts.pollMs ?? 500;
  const idlePollMs = Math.max(pollMs, opts.idlePollMs ?? 5_000);
  const concurrency = opts.concurrency ?? 4;
  const kindOf = opts.kindOf ?? ((name: string) => (JOB_KIND_OF as Record<string, string>)[name]);
  const activeByKind = new Map<string, number>();
  const deadWorkerMs = opts.deadWorkerMs ?? WORKER_DEAD_MS;
  // a waiter re-reads the row every two polls: another process may finish the job
  const waiters = createJobWaiters(db, pollMs * 2);
  let running = false;
  let active = 0;
  const waker = createQueueWake({ subscribe: opts.subscribe, log: opts.log });
  const inflight = new Set<Promise<void>>();
  /** ids of the jobs this worker's handlers are running now (released by a bounded stop) */
  const activeIds = new Set<string>();

  function define<N extends Name>(def: JobDefinition<M[N], N>) {
    defs.set(def.name, def);
  }

  async function enqueue<N extends Name>(
    name: N,
    payload: M[N],
    o: EnqueueOptions = {},
  ): Promise<string | null> {
    const runAt = o.runAt ?? new Date(Date.now() + (o.delayMs ?? 0));
    const conn = o.tx ?? db;
    try {
      const rows = await conn
        .insert(jobs)
        .values({
          name,
          payload: payload as Record<string, unknown>,
          runAt,
          singletonKey: o.singletonKey ?? null,
          maxAttempts: o.maxAttempts ?? defs.get(name)?.maxAttempts ?? 10,
          // its runs join the trace of the request (or job) that enqueued it, in whichever process
          traceParent: tracing().traceparent(),
        })
        .onConflictDoNothing()
        .returning({ id: jobs.id });
      if (!rows[0]) return null;
      // wakes the workers of other processes; in a transaction, at its commit
      await notifyJobs(conn);
      if (!o.tx) kick();
      return rows[0].id;
    } catch (err) {
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  }

  function kick() {
    waker.kick();
  }

  /**
   * Makes the queued job with this singleton key due now (a webhook hint or a manual refresh), so no
   * module updates the jobs table itself. A job that is running or finished is left alone.
   */
  async function runNow(singletonKey: string, o: { tx?: DbOrTx } = {}) {
    await (o.tx ?? db)
      .update(jobs)
      .set({ runAt: new Date(), updatedAt: new Date() })
      .where(and(eq(jobs.singletonKey, singletonKey), eq(jobs.status, 'queued')));
    await notifyJobs(o.tx ?? db);
    if (!o.tx) kick();
  }

  /** Deletes finished (done or failed) jobs that ended before `before` (maintenance). */
  async function purgeFinished(before: Date) {
    await db.delete(jobs).where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, before)));
  }

  /** The job names this worker may claim now: those of kinds still below their cap. */
  function claimableNames() {
    return [...defs.keys()].filter((name) => {
      const kind = kindOf(name);
      const cap = kind === undefined ? undefined : opts.kindCaps?.[kind];
      return cap === undefined || (activeByKind.get(kind!) ?? 0) < cap;
    });
  }

  async function claim() {
    return claimNext(db, { names: claimableNames(), workerId, deadWorkerMs });
  }

  /**
   * How long an idle worker sleeps. Without a live listener, `pollMs`. With one, until the next queued
   * job it may claim is due, at most `idlePollMs`: an enqueue notifies, a finished handler kicks, and
   * the bound still finds jobs freed by a lapsed lease or a gone worker. A job due but not claimed
   * (locked by a claim in flight elsewhere) is looked at again after `pollMs`, not in a tight loop.
   */
  async function idleSleepMs() {
    if (!waker.listening) return pollMs;
    if (active >= concurrency) return idlePollMs;
    try {
      const due = await nextDueIn(db, claimableNames());
      if (due === null) return idlePollMs;
      return due <= 0 ? pollMs : Math.min(Math.ceil(due), idlePollMs);
    } catch (err) {
      opts.log?.('job due time read failed', err);
      return pollMs;
    }
  }

  async function runOne(job: ClaimedJob, span: ActiveSpan) {
    const def = defs.get(job.name)!;
    const leaseMs = def.leaseMs ?? 60_000;
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() + leaseMs) })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
    const ctx: JobContext = {
      jobId: job.id,
      attempt: job.attempts,
      retryIn: (ms) => ({ kind: 'reschedule', ms }),
    };
    // The lease must outlast the vendor call it guards: while the handler runs, extend it every
    // third of a lease, and only while this worker still holds the row. A slow call is then never
    // taken over (and started again, billed again) by another worker; a dead worker's lease lapses.
    const heartbeat = setInterval(
      () => {
        db.update(jobs)
          .set({ lockedUntil: new Date(Date.now() + leaseMs) })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
          .catch((err) => opts.log?.(`job ${job.name} heartbeat failed`, err));
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    try {
      const payload = def.schema.parse(job.payload);
      const out = await def.handler(payload, ctx);
      if (out && typeof out === 'object' && (out as JobOutcome).kind === 'reschedule') {
        span.setAttribute('lora.job.outcome', 'rescheduled');
        // a reschedule is progress, not a failure: attempts count only failures
        await db
          .update(jobs)
          .set({
            status: 'queued',
            runAt: new Date(Date.now() + (out as { ms: number }).ms),
            attempts: sql`${jobs.attempts} - 1`,
            lockedBy: null,
            lockedUntil: null,
            updatedAt: new Date(),
          })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
      } else {
        span.setAttribute('lora.job.outcome', 'done');
        const result =
          out && typeof out === 'object' && (out as JobOutcome).kind === 'done' ? (out as any).result : out;
        await finish(job.id, { status: 'done', result: result ?? null });
      }
    } catch (err) {
      span.fail(err);
      const message = err instanceof Error ? err.message : String(err);
      // Only while this worker still holds the row: one that stalled and was taken over (its lease
      // lapsed, or its heartbeat stopped) must not settle (refund) or retry a job another one runs.
      // Touching the lease here keeps it ours through onFailed.
      const [row] = await db
        .update(jobs)
        .set({ lockedUntil: new Date(Date.now() + leaseMs) })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
        .returning({ attempts: jobs.attempts, maxAttempts: jobs.maxAttempts });
      if (!row) {
        opts.log?.(`job ${job.name} ${job.id} failed after another worker took it over`, err);
        return;
      }
      const exhausted = row.attempts >= row.maxAttempts;
      span.setAttribute('lora.job.outcome', exhausted ? 'failed' : 'retry');
      if (exhausted) {
        if (def.onFailed) {
          try {
            await def.onFailed(def.schema.safeParse(job.payload).data ?? job.payload, message);
          } catch (e) {
            opts.log?.(`job ${job.name} onFailed threw`, e);
            // leave it running-with-expired-lease so another pass settles it
            return;
          }
        }
        await finish(job.id, { status: 'failed', lastError: message.slice(0, 2000) });
      } else {
        const backoff = def.backoffMs?.(row.attempts) ?? Math.min(60_000, 1000 * 2 ** (row.attempts - 1));
        await db
          .update(jobs)
          .set({
            status: 'queued',
            runAt: new Date(Date.now() + backoff),
            lastError: message.slice(0, 2000),
            lockedBy: null,
            lockedUntil: null,
            updatedAt: new Date(),
          })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
      }
      opts.log?.(`job ${job.name} ${job.id} failed (attempt ${job.attempts})`, err);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Ends a job this worker still holds (done or failed) and wakes whoever waits for it. */
  async function finish(
    jobId: string,
    outcome: { status: 'done'; result: unknown } | { status: 'failed'; lastError: string },
  ) {
    await db
      .update(jobs)
      .set({ ...outcome, finishedAt: new Date(), lockedBy: null, lockedUntil: null, updatedAt: new Date() })
      // a worker that lost its lease (it stalled; another took the job over) must not overwrite the row
      .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId)));
    waiters.notify(jobId);
  }

  async function loop() {
    while (running) {
      waker.clear();
      let claimed = false;
      while (running && active < concurrency) {
        let job;
        try {
          job = await claim();
        } catch (err) {
          opts.log?.('job claim failed', err);
          break;
        }
        if (!job) break;
        if (job.was === 'running')
          opts.log?.(`job ${job.name} ${job.id} taken over from worker ${job.heldBy} (gone or lease lapsed)`);
        claimed = true;
        active++;
        activeIds.add(job.id);
        const jobId = job.id;
        const kind = kindOf(job.name) ?? '';
        activeByKind.set(kind, (activeByKind.get(kind) ?? 0) + 1);
        const p = tracing()
          .inSpan(`job ${job.name}`, runSpanOptions(job), (span) => runOne(job, span))
          .catch((err) => opts.log?.('job run crashed', err))
          .finally(() => {
            active--;
            activeIds.delete(jobId);
            activeByKind.set(kind, activeByKind.get(kind)! - 1);
            inflight.delete(p);
            kick();
          });
        inflight.add(p);
      }
      if (!running) break;
      // kicked while claiming: what woke it may be a job the last claim did not see yet
      if (waker.kicked) continue;
      const sleepMs = claimed && active < concurrency ? 0 : await idleSleepMs();
      if (waker.kicked || !running) continue;
      await waker.sleep(sleepMs);
    }
  }

  let loopPromise: Promise<void> | undefined;
  function start() {
    if (running) return;
    running = true;
    waker.listen();
    loopPromise = loop();
  }

  /**
   * Stops claiming and waits for the running handlers. With `graceMs`, the wait is bounded: a job
   * still running then is given back (queued, due now, its attempt not counted, lease cleared), so
   * another worker takes it at once instead of after the lease; whatever the abandoned handler writes
   * later is ignored, because every finishing update requires this worker to still hold the row.
   */
  async function stop(o: { graceMs?: number } = {}) {
    running = false;
    waker.kick();
    await loopPromise;
    await waker.unlisten();
    const all = Promise.allSettled([...inflight]);
    if (o.graceMs === undefined) {
      await all;
      return;
    }
    let graceTimer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      all.then(() => true),
      new Promise<boolean>((resolve) => (graceTimer = setTimeout(() => resolve(false), o.graceMs))),
    ]);
    clearTimeout(graceTimer);
    if (finished || activeIds.size === 0) return;
    const ids = [...activeIds];
    await db
      .update(jobs)
      .set({
        status: 'queued',
        runAt: new Date(),
        attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
        lockedBy: null,
        lockedUntil: new Date(),
        updatedAt: new Date(),
      })
      .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')));
    opts.log?.(`released ${ids.length} running job(s) on shutdown`);
  }

  /** How many handlers this worker is running now (its heartbeat reports it). */
  function activeCount() {
    return active;
  }

  return {
    define,
    enqueue,
    runNow,
    purgeFinished,
    start,
    stop,
    waitFor: waiters.waitFor,
    kick,
    workerId,
    activeCount,
    get definitions() {
      return defs;
    },
  };
}
