import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/template-db';
import { workers } from '../db/schema/index';
import { startWorkerHeartbeat } from './worker-heartbeat';
import { until } from '../test/until';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('worker heartbeat', () => {
  it('writes its row at once, refreshes last_seen and the job count, and deletes it on stop', async () => {
    database = await openTestDatabase();
    let active = 0;
    const hb = await startWorkerHeartbeat(
      database.db,
      { id: 'w-1', role: 'worker', activeCount: () => active },
      { intervalMs: 30 },
    );
    const [first] = await database.db.select().from(workers);
    expect(first).toMatchObject({ id: 'w-1', role: 'worker', pid: process.pid, activeJobs: 0 });
    expect(first.host.length).toBeGreaterThan(0);
    active = 2;
    const later = await until(async () => {
      const [row] = await database!.db.select().from(workers);
      return row.activeJobs === 2 && row.lastSeen.getTime() > first.lastSeen.getTime() ? row : null;
    }, 'the heartbeat to refresh');
    expect(later.activeJobs).toBe(2);
    expect(later.lastSeen.getTime()).toBeGreaterThan(first.lastSeen.getTime());
    expect(later.startedAt.getTime()).toBe(first.startedAt.getTime());
    await hb.stop();
    expect(await database.db.select().from(workers)).toEqual([]);
  });
});
