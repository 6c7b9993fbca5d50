import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { presetStyles } from '../../db/schema/index';

export type StyleRow = typeof presetStyles.$inferSelect;

export function createStylesRepository(db: DbOrTx) {
  return {
    async list(opts: { includeNsfw: boolean; includeInactive: boolean }) {
      return (
        db
          .select()
          .from(presetStyles)
          .where(
            and(
              opts.includeInactive ? undefined : eq(presetStyles.isActive, true),
              opts.includeNsfw ? undefined : eq(presetStyles.isNsfw, false),
            ),
          )
          // a stable order on every load: seeded styles share a creation time, so name and id break the tie
          .orderBy(
            asc(presetStyles.isNsfw),
            desc(presetStyles.createdAt),
            asc(presetStyles.name),
            asc(presetStyles.id),
          )
          .limit(500)
      );
    },
    async byId(id: string) {
      const [row] = await db.select().from(presetStyles).where(eq(presetStyles.id, id));
      return row ?? null;
    },
    async insert(values: typeof presetStyles.$inferInsert) {
      const [row] = await db.insert(presetStyles).values(values).returning();
      return row;
    },
    async update(id: string, values: Partial<typeof presetStyles.$inferInsert>) {
      const [row] = await db
        .update(presetStyles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(presetStyles.id, id))
        .returning();
      return row ?? null;
    },
    async delete(id: string) {
      const rows = await db
        .delete(presetStyles)
        .where(eq(presetStyles.id, id))
        .returning({ id: presetStyles.id });
      return rows.length > 0;
    },
    async countByPreview(key: string) {
      const [row] = await db
        .select({ n: count() })
        .from(presetStyles)
        .where(eq(presetStyles.previewImageUrl, key));
      return Number(row.n);
    },
    async count() {
      return (await db.select({ id: presetStyles.id }).from(presetStyles).limit(1)).length;
    },
  };
}
