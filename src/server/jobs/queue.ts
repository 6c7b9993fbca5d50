import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../db/client';
import { isUniqueViolation } from '../db/client';
import { jobs } from '../db/schema/index';
import { claimNext, type ClaimedJob } from './claim';
import { JOB_KIND_OF } from './job-kinds';
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
    pollMs?: number;
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
  const concurrency = opts.concurrency ?? 4;
  const kindOf = opts.kindOf ?? ((name: string) => (JOB_KIND_OF as Record<string, string>)[name]);
  const activeByKind = new Map<string, number>();
  const deadWorkerMs = opts.deadWorkerMs ?? WORKER_DEAD_MS;
  const waiters = new Map<string, Set<() => void>>();
  let running = false;
  let active = 0;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
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
        })
        .onConflictDoNothing()
        .returning({ id: jobs.id });
      if (!o.tx) kick();
      return rows[0]?.id ?? null;
    } catch (err) {
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  }

  function kick() {
    wake?.();
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
    if (!o.tx) kick();
  }

  /** Deletes finished (done or failed) jobs that ended before `before` (maintenance). */
  async function purgeFinished(before: Date) {
    await db.delete(jobs).where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, before)));
  }

  /** Claims a job of a kind still below its cap. */
  async function claim() {
    const names = [...defs.keys()].filter((name) => {
      const kind = kindOf(name);
      const cap = kind === undefined ? undefined : opts.kindCaps?.[kind];
      return cap === undefined || (activeByKind.get(kind!) ?? 0) < cap;
    });
    return claimNext(db, { names, workerId, deadWorkerMs });
  }

  async function runOne(job: ClaimedJob) {
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
        const result =
          out && typeof out === 'object' && (out as JobOutcome).kind === 'done' ? (out as any).result : out;
        await finish(job.id, { status: 'done', result: result ?? null });
      }
    } catch (err) {
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
    notify(jobId);
  }

  function notify(jobId: string) {
    const set = waiters.get(jobId);
    if (set) for (const fn of set) fn();
  }

  async function loop() {
    while (running) {
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
        const p = runOne(job)
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
      await new Promise<void>((resolve) => {
        wake = () => {
          wake = undefined;
          clearTimeout(timer);
          resolve();
        };
        timer = setTimeout(() => wake?.(), claimed && active < concurrency ? 0 : pollMs);
      });
    }
  }

  let loopPromise: Promise<void> | undefined;
  function start() {
    if (running) return;
    running = true;
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
    wake?.();
    await loopPromise;
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

  /** Resolves with the job's row once it is done or failed (or null after the timeout). */
  async function waitFor(jobId: string, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
      if (!row) return null;
      if (row.status === 'done' || row.status === 'failed') return row;
      await new Promise<void>((resolve) => {
        const set = waiters.get(jobId) ?? new Set();
        const done = () => {
          set.delete(done);
          if (set.size === 0) waiters.delete(jobId);
          clearTimeout(t);
          resolve();
        };
        // another process may finish it: re-read the row every so often
        const t = setTimeout(done, Math.min(pollMs * 2, Math.max(0, deadline - Date.now())));
        set.add(done);
        waiters.set(jobId, set);
      });
    }
    return null;
  }

  return {
    define,
    enqueue,
    runNow,
    purgeFinished,
    start,
    stop,
    waitFor,
    kick,
    workerId,
    activeCount,
    get definitions() {
      return defs;
    },
  };
}
