import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { baseModels } from '../../db/schema/index';

export type BaseModelRow = typeof baseModels.$inferSelect;

export function createBaseModelsRepository(db: DbOrTx) {
  return {
    async listActive() {
      return db
        .select()
        .from(baseModels)
        .where(eq(baseModels.isActive, true))
        .orderBy(asc(baseModels.sortOrder), asc(baseModels.createdAt), asc(baseModels.id));
    },
    async all() {
      return db
        .select()
        .from(baseModels)
        .orderBy(asc(baseModels.sortOrder), asc(baseModels.createdAt), asc(baseModels.id));
    },
    async activeById(id: string) {
      const [row] = await db
        .select()
        .from(baseModels)
        .where(and(eq(baseModels.id, id), eq(baseModels.isActive, true)));
      return row ?? null;
    },
  };
}

export function toPublicBaseModel(b: BaseModelRow) {
  return {
    id: b.id,
    name: b.name,
    description: b.description,
    tokenCost: b.tokenCost,
    isDefault: b.isDefault,
    architecture: b.architecture,
  };
}
