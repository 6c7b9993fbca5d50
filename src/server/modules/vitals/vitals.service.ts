import type { AdminVitals, VitalName, VitalRating } from '../../../shared/schemas/vitals';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { createRateLimiter } from '../../lib/rate-limiter';
import type { ObserveVital } from './vitals.metrics';
import { createVitalsRepository } from './vitals.repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * Beacons one client address may send per minute. A page load sends at most five (and INP/CLS again
 * when the tab is hidden after more interaction); more is a script, whose extra samples are dropped.
 */
export const VITALS_PER_MINUTE = 60;
const MINUTE_MS = 60_000;

export function vitalsLimitKey(ip: string) {
  return `vitals:ip:${ip}`;
}

export function createVitalsService(deps: AppDeps, observe: ObserveVital) {
  const repo = createVitalsRepository(deps.db);
  const limits = createRateLimiter(deps.db);

  /** One browser measurement: counted against its address, stored for the admin's p75, and observed for /metrics. */
  async function record(
    beacon: { route: string; name: VitalName; value: number; rating: VitalRating },
    ip: string,
  ) {
    await limits.enforce(vitalsLimitKey(ip), MINUTE_MS, VITALS_PER_MINUTE, 'Too many measurements.');
    await repo.insert(beacon);
    observe(beacon.route, beacon.name, beacon.value);
  }

  async function summary(hours: number): Promise<AdminVitals> {
    const rows = await repo.p75Since(new Date(Date.now() - hours * HOUR_MS));
    return { hours, vitals: rows.map((r) => ({ ...r, name: r.name as VitalName })) };
  }

  return { record, summary };
}

/** Maintenance: samples older than VITALS_RETENTION_DAYS go. */
export async function pruneWebVitals(db: Db, retentionDays: number, now = new Date()) {
  await createVitalsRepository(db).deleteBefore(new Date(now.getTime() - retentionDays * DAY_MS));
}
