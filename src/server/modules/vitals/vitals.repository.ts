import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webVitals } from '../../db/schema/index';
import type { VitalName, VitalRating } from '../../../shared/schemas/vitals';

/** The web_vitals samples (docs/decisions/057-web-vitals.md). */
export function createVitalsRepository(db: Db) {
  return {
    async insert(sample: { route: string; name: VitalName; value: number; rating: VitalRating }) {
      await db.insert(webVitals).values(sample);
    },
    /** Each route × vital's 75th percentile and sample count since `since` (a range on the time index). */
    async p75Since(since: Date) {
      return db
        .select({
          route: webVitals.route,
          name: webVitals.name,
          p75: sql<number>`percentile_cont(0.75) within group (order by ${webVitals.value})`.mapWith(Number),
          samples: sql<number>`count(*)::int`,
        })
        .from(webVitals)
        .where(sql`${webVitals.createdAt} >= ${since}`)
        .groupBy(webVitals.route, webVitals.name)
        .orderBy(webVitals.route, webVitals.name);
    },
    async deleteBefore(before: Date) {
      await db.delete(webVitals).where(lt(webVitals.createdAt, before));
    },
  };
}
