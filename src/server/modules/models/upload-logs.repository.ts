import { and, count, desc, eq, ilike, max, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { models, uploadLogs, users } from '../../db/schema/index';
import type { UploadStatus } from '../../../shared/constants';
import { escapeLike } from './models.repository';

export type UploadLogRow = typeof uploadLogs.$inferSelect;
export type UploadLogPatch = Partial<
  Pick<UploadLogRow, 'status' | 'message' | 'errorDetails' | 'airName' | 'retryCount'>
>;

export function createUploadLogsRepository(db: DbOrTx) {
  return {
    async create(row: { modelId: string; userId: string; series: number; message?: string }) {
      const [out] = await db
        .insert(uploadLogs)
        .values({ ...row, status: 'pending' })
        .returning();
      return out;
    },
    async byId(id: string) {
      const [row] = await db.select().from(uploadLogs).where(eq(uploadLogs.id, id));
      return row ?? null;
    },
    async latestForModel(modelId: string) {
      const [row] = await db
        .select()
        .from(uploadLogs)
        .where(eq(uploadLogs.modelId, modelId))
        .orderBy(desc(uploadLogs.createdAt), desc(uploadLogs.id))
        .limit(1);
      return row ?? null;
    },
    async nextSeries(modelId: string) {
      const [row] = await db
        .select({ s: max(uploadLogs.series) })
        .from(uploadLogs)
        .where(eq(uploadLogs.modelId, modelId));
      return (row?.s ?? 0) + 1;
    },
    async update(id: string, patch: UploadLogPatch, onlyIfStatus?: UploadStatus[]) {
      const conds = [eq(uploadLogs.id, id)];
      if (onlyIfStatus)
        conds.push(
          sql`${uploadLogs.status} in (${sql.join(
            onlyIfStatus.map((s) => sql`${s}`),
            sql`, `,
          )})`,
        );
      const [row] = await db
        .update(uploadLogs)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(...conds))
        .returning();
      return row ?? null;
    },
    async list(filter: { search?: string; status?: UploadStatus }, limit = 500) {
      const conds = [];
      if (filter.status) conds.push(eq(uploadLogs.status, filter.status));
      const q = filter.search?.trim();
      if (q) {
        const like = `%${escapeLike(q)}%`;
        conds.push(
          or(
            ilike(models.name, like),
            ilike(users.username, like),
            ilike(uploadLogs.airName, like),
            ilike(uploadLogs.message, like),
          )!,
        );
      }
      return db
        .select({ log: uploadLogs, modelName: models.name, username: users.username })
        .from(uploadLogs)
        .innerJoin(models, eq(models.id, uploadLogs.modelId))
        .innerJoin(users, eq(users.id, uploadLogs.userId))
        .where(conds.length ? and(...conds) : undefined)
        .orderBy(desc(uploadLogs.createdAt), desc(uploadLogs.id))
        .limit(limit);
    },
    async stats() {
      const rows = await db
        .select({ status: uploadLogs.status, n: count() })
        .from(uploadLogs)
        .groupBy(uploadLogs.status);
      const stats = { total: 0, pending: 0, processing: 0, success: 0, failed: 0 };
      for (const r of rows) {
        stats[r.status] = Number(r.n);
        stats.total += Number(r.n);
      }
      return stats;
    },
  };
}
