import { randomUUID, timingSafeEqual } from 'node:crypto';
import { Gauge, type Registry } from 'prom-client';
import type { AdminSystem, Readiness, ReadinessCheck } from '../../../shared/schemas/system';
import { JOB_STATES } from '../../../shared/schemas/system';
import { migrationsApplied } from '../../db/client';
import { transactionTypes } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { WORKER_GONE_MS } from '../../jobs/worker-heartbeat';
import { CAPPED_COUNTER_WINDOW_MS, CAPPED_MAILS, cappedCounterKey } from '../auth';
import { createSystemRepository } from './system.repository';

export const APP_VERSION = '0.1.0';

/** A readiness check that hangs (a storage endpoint not answering) counts as failed after this. */
const CHECK_TIMEOUT_MS = 3000;
const HOUR_MS = 60 * 60_000;
/** How long one storage probe answers every readiness call (docs/operators/health.md). */
export const READY_STORAGE_CACHE_MS = 5000;

async function check(fn: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      fn(),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS))),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function createSystemService(deps: AppDeps) {
  const repo = createSystemRepository(deps.db);

  // a write, a read-back and a delete of a key of its own: a bucket that lists but refuses writes
  // (wrong credentials, read-only mount) is not ready either
  async function storageWorks() {
    const key = `system/readyz/${randomUUID()}`;
    const probe = Buffer.from(key);
    await deps.storage.put(key, probe, 'text/plain');
    try {
      const back = await deps.storage.getBuffer(key);
      return back !== null && back.equals(probe);
    } finally {
      await deps.storage.delete(key);
    }
  }
  // Three storage requests (S3: three billed calls) per probe must not be a guest's to spend: callers
  // within READY_STORAGE_CACHE_MS share one probe (issue 28, point 5); the metrics token gets a fresh one.
  let lastStorage: { at: number; result: Promise<boolean> } | null = null;
  function storageCheck(fresh: boolean) {
    const now = Date.now();
    if (fresh || !lastStorage || now - lastStorage.at >= READY_STORAGE_CACHE_MS)
      lastStorage = { at: now, result: check(storageWorks) };
    return lastStorage.result;
  }

  /** `fresh`: the storage probe runs now instead of sharing one a few seconds old. */
  async function readiness(fresh = false): Promise<Readiness> {
    const [database, migrations, storage] = await Promise.all([
      check(() => deps.database.ping()),
      check(() => migrationsApplied(deps.db)),
      storageCheck(fresh),
    ]);
    const checks = { database, migrations, storage };
    const failed = (Object.keys(checks) as ReadinessCheck[]).filter((k) => !checks[k]);
    return { ok: failed.length === 0, checks, failed, version: APP_VERSION };
  }

  async function overview(): Promise<AdminSystem> {
    const now = new Date();
    const [jobs, oldest, failures, workers] = await Promise.all([
      repo.jobsByNameAndState(),
      repo.oldestPending(now),
      repo.failuresSince(new Date(now.getTime() - HOUR_MS), 100),
      repo.workers(),
    ]);
    return {
      now: now.toISOString(),
      jobs: jobs.map((j) => ({ ...j, oldestAt: j.oldestAt.toISOString() })),
      oldestPending: oldest && { ...oldest, runAt: oldest.runAt.toISOString() },
      failures: failures.map((f) => ({ ...f, error: f.error ?? '', at: f.at.toISOString() })),
      workers: workers.map((w) => ({
        id: w.id,
        role: w.role,
        pid: w.pid,
        host: w.host,
        startedAt: w.startedAt.toISOString(),
        lastSeen: w.lastSeen.toISOString(),
        activeJobs: w.activeJobs,
        gone: now.getTime() - w.lastSeen.getTime() > WORKER_GONE_MS,
      })),
    };
  }

  /** True for `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time). */
  function metricsTokenMatches(header: string | undefined) {
    const token = deps.config.metricsToken;
    if (!token || !header?.startsWith('Bearer ')) return false;
    const given = Buffer.from(header.slice('Bearer '.length));
    const want = Buffer.from(token);
    return given.length === want.length && timingSafeEqual(given, want);
  }

  /**
   * The shared tables' gauges on the app's registry, read from the database at each scrape: every
   * instance answers the same figures (jobs, ledger, workers, mail caps).
   */
  function databaseGauges(registry: Registry) {
    const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
      new Gauge<L>({ name, help, labelNames, registers: [registry] });
    const jobsGauge = gauge('lora_jobs', 'Jobs in the queue table, by state.', ['state']);
    const ledgerTokens = gauge('lora_ledger_tokens', 'Sum of token amounts in the ledger, by entry type.', [
      'type',
    ]);
    const ledgerEntries = gauge('lora_ledger_entries', 'Ledger rows, by entry type.', ['type']);
    const workersAlive = gauge('lora_workers_alive', 'Worker processes whose heartbeat is recent.', []);
    const mailCapped = gauge(
      'lora_mail_capped',
      'Account mails a mail cap held back in the current day window, by kind.',
      ['kind'],
    );

    /** One read of the tables per scrape (the ledger's totals serve two gauges), then every gauge set at once. */
    return async function refresh() {
      const now = new Date();
      const [byState, ledger, workers, capped] = await Promise.all([
        repo.jobsByState(),
        repo.ledgerTotalsByType(),
        repo.workers(),
        repo.counters('mail:capped:', CAPPED_COUNTER_WINDOW_MS),
      ]);
      for (const state of JOB_STATES)
        jobsGauge.set({ state }, byState.find((s) => s.status === state)?.count ?? 0);
      for (const type of transactionTypes) {
        const row = ledger.find((l) => l.type === type);
        ledgerTokens.set({ type }, row?.tokens ?? 0);
        ledgerEntries.set({ type }, row?.count ?? 0);
      }
      workersAlive.set(workers.filter((w) => now.getTime() - w.lastSeen.getTime() <= WORKER_GONE_MS).length);
      for (const kind of CAPPED_MAILS)
        mailCapped.set({ kind }, capped.find((c) => c.key === cappedCounterKey(kind))?.count ?? 0);
    };
  }

  return { readiness, overview, metricsTokenMatches, databaseGauges };
}
