import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { findById, lockById, markRunning } from '../../db/rows';
import { exactTime, newestFirst, pastCursor, type Cursor } from '../../lib/cursor';
import {
  baseModels,
  generations,
  packBatches,
  packPrompts,
  packs,
  presetStyles,
} from '../../db/schema/index';
import type { PackSampleEntry } from '../../db/schema/packs';

export type PackRow = typeof packs.$inferSelect;
export type PackPromptRow = typeof packPrompts.$inferSelect & { styleCost: number | null };
export type PackBatchRow = typeof packBatches.$inferSelect;
export type PackWithPrompts = PackRow & { prompts: PackPromptRow[]; cursorTs: string };
type NewPrompt = Omit<typeof packPrompts.$inferInsert, 'packId' | 'position'>;

export function createPacksRepository(db: DbOrTx) {
  /** The prompts of these packs in order, each with its style's cost (null: no style). */
  async function promptsOf(packIds: string[]) {
    if (packIds.length === 0) return new Map<string, PackPromptRow[]>();
    const rows = await db
      .select({ p: packPrompts, styleCost: presetStyles.tokenCost })
      .from(packPrompts)
      .leftJoin(presetStyles, eq(presetStyles.id, packPrompts.styleId))
      .where(inArray(packPrompts.packId, packIds))
      .orderBy(asc(packPrompts.packId), asc(packPrompts.position));
    const out = new Map<string, PackPromptRow[]>();
    for (const r of rows) {
      const list = out.get(r.p.packId) ?? [];
      list.push({ ...r.p, styleCost: r.styleCost });
      out.set(r.p.packId, list);
    }
    return out;
  }

  async function withPrompts(rows: (PackRow & { cursorTs: string })[]): Promise<PackWithPrompts[]> {
    const prompts = await promptsOf(rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, prompts: prompts.get(r.id) ?? [] }));
  }

  return {
    /** A pack's prompts in order with what a sample picture needs of each one's style (decision 064). */
    async samplePrompts(packId: string) {
      return db
        .select({
          prompt: packPrompts.prompt,
          width: packPrompts.width,
          height: packPrompts.height,
          style: {
            id: presetStyles.id,
            name: presetStyles.name,
            prompt: presetStyles.prompt,
            negativePrompt: presetStyles.negativePrompt,
            isNsfw: presetStyles.isNsfw,
            loras: presetStyles.loraModels,
          },
        })
        .from(packPrompts)
        .leftJoin(presetStyles, eq(presetStyles.id, packPrompts.styleId))
        .where(eq(packPrompts.packId, packId))
        .orderBy(asc(packPrompts.position));
    },
    async samplesOf(id: string) {
      const [row] = await db.select({ samples: packs.samples }).from(packs).where(eq(packs.id, id));
      return row ?? null;
    },
    /** Locks the pack row, so a sample drawing and an admin's edit are not interleaved. */
    async lockPack(id: string) {
      const [row] = await db
        .select({ samples: packs.samples })
        .from(packs)
        .where(eq(packs.id, id))
        .for('update');
      return row ?? null;
    },
    async setSamples(id: string, samples: PackSampleEntry[]) {
      await db.update(packs).set({ samples }).where(eq(packs.id, id));
    },
    /** Newest first, keyset-paged; active ones only unless `all` (the admin's list). */
    async list(o: { all: boolean; limit: number; cursor?: Cursor }) {
      const rows = await db
        .select({ pack: packs, cursorTs: exactTime(packs.createdAt) })
        .from(packs)
        .where(and(o.all ? undefined : eq(packs.isActive, true), pastCursor(packs, o.cursor)))
        .orderBy(...newestFirst(packs))
        .limit(o.limit);
      return withPrompts(rows.map((r) => ({ ...r.pack, cursorTs: r.cursorTs })));
    },
    async byId(id: string) {
      const [row] = await db
        .select({ pack: packs, cursorTs: exactTime(packs.createdAt) })
        .from(packs)
        .where(eq(packs.id, id));
      if (!row) return null;
      return (await withPrompts([{ ...row.pack, cursorTs: row.cursorTs }]))[0]!;
    },
    async insert(values: typeof packs.$inferInsert, prompts: NewPrompt[]) {
      const [row] = await db.insert(packs).values(values).returning();
      await db.insert(packPrompts).values(prompts.map((p, position) => ({ ...p, packId: row.id, position })));
      return row;
    },
    /** Replaces the pack's fields and its whole prompt list. */
    async update(id: string, values: Partial<typeof packs.$inferInsert>, prompts: NewPrompt[] | null) {
      const [row] = await db
        .update(packs)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(packs.id, id))
        .returning();
      if (!row) return null;
      if (prompts) {
        await db.delete(packPrompts).where(eq(packPrompts.packId, id));
        await db.insert(packPrompts).values(prompts.map((p, position) => ({ ...p, packId: id, position })));
      }
      return row;
    },
    async stylesCost(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: presetStyles.id, tokenCost: presetStyles.tokenCost })
        .from(presetStyles)
        .where(inArray(presetStyles.id, ids));
    },
    /** Active base models, the default first: packs render on the first one a personal LoRA fits. */
    async activeBaseModels() {
      return db
        .select()
        .from(baseModels)
        .where(eq(baseModels.isActive, true))
        .orderBy(desc(baseModels.isDefault), asc(baseModels.sortOrder), asc(baseModels.createdAt));
    },

    async insertBatch(values: typeof packBatches.$inferInsert) {
      const [row] = await db.insert(packBatches).values(values).returning();
      return row;
    },
    batchById: (id: string) => findById(db, packBatches, id),
    /** Locks the batch so two settlers (the job and its onFailed, or two workers) cannot both refund. */
    lockBatch: (id: string) => lockById(db, packBatches, id),
    async batchesOf(userId: string, limit: number, cursor?: Cursor) {
      const rows = await db
        .select({ batch: packBatches, cursorTs: exactTime(packBatches.createdAt) })
        .from(packBatches)
        .where(and(eq(packBatches.userId, userId), pastCursor(packBatches, cursor)))
        .orderBy(...newestFirst(packBatches))
        .limit(limit);
      return rows.map((r) => ({ ...r.batch, cursorTs: r.cursorTs }));
    },
    markRunning: (id: string) => markRunning(db, packBatches, id),
    async setProgress(id: string, done: number, failed: number) {
      await db.update(packBatches).set({ done, failed }).where(eq(packBatches.id, id));
    },
    async finishBatch(
      id: string,
      values: Pick<PackBatchRow, 'status' | 'done' | 'failed' | 'refunded' | 'error'>,
    ) {
      await db
        .update(packBatches)
        .set({ ...values, completedAt: new Date() })
        .where(eq(packBatches.id, id));
    },
    /** Where each prompt's generation stands (ids derived from the batch, packs.job.ts). */
    async generationStates(ids: string[]) {
      return db
        .select({
          id: generations.id,
          status: generations.status,
          delivered: generations.delivered,
          costPerImage: generations.costPerImage,
        })
        .from(generations)
        .where(inArray(generations.id, ids));
    },
  };
}
