import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tokenPackages } from '../../db/schema/index';

export type PackageRow = typeof tokenPackages.$inferSelect;

export function createPackagesRepository(db: DbOrTx) {
  return {
    async listActive() {
      return db
        .select()
        .from(tokenPackages)
        .where(eq(tokenPackages.isActive, true))
        .orderBy(
          asc(tokenPackages.sortOrder),
          asc(tokenPackages.priceInCents),
          asc(tokenPackages.createdAt),
          asc(tokenPackages.id),
        );
    },
    async listAll() {
      return db
        .select()
        .from(tokenPackages)
        .orderBy(
          asc(tokenPackages.sortOrder),
          asc(tokenPackages.priceInCents),
          asc(tokenPackages.createdAt),
          asc(tokenPackages.id),
        );
    },
    async byId(id: string) {
      const [row] = await db.select().from(tokenPackages).where(eq(tokenPackages.id, id));
      return row ?? null;
    },
    async insert(values: typeof tokenPackages.$inferInsert) {
      const [row] = await db.insert(tokenPackages).values(values).returning();
      return row;
    },
    async update(id: string, values: Partial<typeof tokenPackages.$inferInsert>) {
      const [row] = await db
        .update(tokenPackages)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(tokenPackages.id, id))
        .returning();
      return row ?? null;
    },
    async nextSortOrder() {
      const rows = await db.select({ sortOrder: tokenPackages.sortOrder }).from(tokenPackages);
      return rows.reduce((max, r) => Math.max(max, r.sortOrder), -1) + 1;
    },
  };
}
