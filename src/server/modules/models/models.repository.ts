import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { findById, lockById } from '../../db/rows';
import { exactTime, newestFirst, pastCursor, type Cursor } from '../../lib/cursor';
import { models, trainingImages, users } from '../../db/schema/index';
import type { ModelStatus } from '../../../shared/constants';

export type ModelRow = typeof models.$inferSelect;
export type NewModelRow = typeof models.$inferInsert;
export type TrainingImageRow = typeof trainingImages.$inferSelect;
export type NewTrainingImageRow = typeof trainingImages.$inferInsert;
export type ModelPatch = Partial<Omit<NewModelRow, 'id' | 'userId' | 'createdAt'>>;

/** Every move to 'failed' records when (the admin charts count failures per day, decision 040). */
const stamped = (patch: ModelPatch): ModelPatch =>
  patch.status === 'failed' && patch.failedAt === undefined ? { ...patch, failedAt: new Date() } : patch;

/** What the face checks, crops and references read of a checked photo (decision 025). */
const faceFields = {
  id: trainingImages.id,
  storageKey: trainingImages.storageKey,
  checkProblems: trainingImages.checkProblems,
  faceBox: trainingImages.faceBox,
  faceSharpness: trainingImages.faceSharpness,
  faceDescriptor: trainingImages.faceDescriptor,
  faceDistance: trainingImages.faceDistance,
};

export function createModelsRepository(db: DbOrTx) {
  return {
    async listByUser(userId: string) {
      return db
        .select()
        .from(models)
        .where(eq(models.userId, userId))
        .orderBy(...newestFirst(models))
        .limit(500);
    },
    byId: (id: string) => findById(db, models, id),
    /** Row lock for the rest of the caller's transaction (serialises train/cancel/upload on one model). */
    lock: (id: string) => lockById(db, models, id),
    async create(row: NewModelRow) {
      const [out] = await db.insert(models).values(row).returning();
      return out;
    },
    async update(id: string, patch: ModelPatch) {
      const [row] = await db
        .update(models)
        .set({ ...stamped(patch), updatedAt: new Date() })
        .where(eq(models.id, id))
        .returning();
      return row ?? null;
    },
    /** Compare-and-set on the status (and the attempt when given): null when someone else moved it first. */
    async transition(id: string, from: readonly ModelStatus[], patch: ModelPatch, attempt?: number) {
      const conds = [eq(models.id, id), inArray(models.status, [...from])];
      if (attempt !== undefined) conds.push(eq(models.trainingAttempt, attempt));
      const [row] = await db
        .update(models)
        .set({ ...stamped(patch), updatedAt: new Date() })
        .where(and(...conds))
        .returning();
      return row ?? null;
    },
    async delete(id: string) {
      await db.delete(models).where(eq(models.id, id));
    },
    async images(modelId: string) {
      return db
        .select()
        .from(trainingImages)
        .where(eq(trainingImages.modelId, modelId))
        .orderBy(asc(trainingImages.createdAt), asc(trainingImages.id));
    },
    async imageCount(modelId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(trainingImages)
        .where(eq(trainingImages.modelId, modelId));
      return Number(row.n);
    },
    async imageCounts(modelIds: string[]) {
      if (modelIds.length === 0) return new Map<string, number>();
      const rows = await db
        .select({ modelId: trainingImages.modelId, n: count() })
        .from(trainingImages)
        .where(inArray(trainingImages.modelId, modelIds))
        .groupBy(trainingImages.modelId);
      return new Map(rows.map((r) => [r.modelId, Number(r.n)]));
    },
    /** the photos of one upload that still wait for their check */
    async imagesToCheck(modelId: string, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: trainingImages.id,
          storageKey: trainingImages.storageKey,
          userId: trainingImages.userId,
        })
        .from(trainingImages)
        .where(
          and(
            eq(trainingImages.modelId, modelId),
            inArray(trainingImages.id, ids),
            eq(trainingImages.checkStatus, 'pending'),
          ),
        )
        .orderBy(asc(trainingImages.createdAt), asc(trainingImages.id));
    },
    async saveCheck(
      id: string,
      patch: Pick<
        NewTrainingImageRow,
        'checkStatus' | 'checkProblems' | 'faceBox' | 'faceSharpness' | 'faceDescriptor'
      >,
    ) {
      await db.update(trainingImages).set(patch).where(eq(trainingImages.id, id));
    },
    /** what the different-person signal needs: every checked photo, its problems and its face */
    async checkedFaces(modelId: string) {
      return db
        .select(faceFields)
        .from(trainingImages)
        .where(and(eq(trainingImages.modelId, modelId), eq(trainingImages.checkStatus, 'checked')));
    },
    async setFaceDescriptor(id: string, faceDescriptor: number[]) {
      await db.update(trainingImages).set({ faceDescriptor }).where(eq(trainingImages.id, id));
    },
    /** the model's photos whose check passed, with what a face crop and a reference need */
    async cleanFaces(modelId: string) {
      return db
        .select(faceFields)
        .from(trainingImages)
        .where(
          and(
            eq(trainingImages.modelId, modelId),
            eq(trainingImages.checkStatus, 'checked'),
            sql`${trainingImages.checkProblems} = '[]'::jsonb`,
            sql`${trainingImages.faceDescriptor} is not null`,
          ),
        );
    },
    async setFaceDistance(id: string, faceDistance: number | null) {
      await db.update(trainingImages).set({ faceDistance }).where(eq(trainingImages.id, id));
    },
    async deleteImages(modelId: string, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .delete(trainingImages)
        .where(and(eq(trainingImages.modelId, modelId), inArray(trainingImages.id, ids)))
        .returning();
    },
    async insertImages(rows: NewTrainingImageRow[]) {
      if (rows.length === 0) return [];
      return db.insert(trainingImages).values(rows).returning();
    },
    async countReady() {
      const [row] = await db.select({ n: count() }).from(models).where(eq(models.status, 'ready'));
      return Number(row.n);
    },
    async byTrainingId(trainingId: string) {
      const [row] = await db
        .select()
        .from(models)
        .where(eq(models.trainingId, trainingId))
        .orderBy(desc(models.updatedAt))
        .limit(1);
      return row ?? null;
    },
    async ownedBy(id: string, userId: string) {
      const [row] = await db
        .select()
        .from(models)
        .where(and(eq(models.id, id), eq(models.userId, userId)));
      return row ?? null;
    },
    async inStatuses(statuses: readonly ModelStatus[], limit = 200) {
      return db
        .select()
        .from(models)
        .where(inArray(models.status, [...statuses]))
        .orderBy(asc(models.updatedAt))
        .limit(limit);
    },
    /** Admin list: every model with its owner, newest first; search on name, owner username or e-mail. */
    async adminList(search: string | undefined, limit: number, cursor?: Cursor) {
      const q = search?.trim();
      const where = q
        ? or(
            ilike(models.name, `%${escapeLike(q)}%`),
            ilike(users.username, `%${escapeLike(q)}%`),
            ilike(users.email, `%${escapeLike(q)}%`),
          )
        : undefined;
      return db
        .select({
          model: models,
          username: users.username,
          email: users.email,
          cursorTs: exactTime(models.createdAt),
        })
        .from(models)
        .innerJoin(users, eq(users.id, models.userId))
        .where(and(where, pastCursor(models, cursor)))
        .orderBy(...newestFirst(models))
        .limit(limit);
    },
    /** The first `n` images of each model (for admin previews) in one query. */
    async firstImages(modelIds: string[], n: number) {
      if (modelIds.length === 0) return [] as TrainingImageRow[];
      const res = await db.execute(sql`
        select * from (
          select ti.*, row_number() over (partition by ti.model_id order by ti.created_at, ti.id) as rn
          from ${trainingImages} ti where ti.model_id in (${sql.join(
            modelIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
        ) x where x.rn <= ${n} order by x.model_id, x.rn`);
      const rows = (res as unknown as { rows: Record<string, any>[] }).rows;
      return rows.map(
        (r) =>
          ({
            id: r.id,
            modelId: r.model_id,
            userId: r.user_id,
            storageKey: r.storage_key,
            thumbKey: r.thumb_key,
            width: r.width,
            height: r.height,
            bytes: r.bytes,
            phash: r.phash,
            originalName: r.original_name,
            checkStatus: r.check_status,
            checkProblems: r.check_problems ?? [],
            faceBox: r.face_box,
            faceSharpness: r.face_sharpness,
            faceDistance: r.face_distance,
            // previews never need the biometric descriptor
            faceDescriptor: null,
            createdAt: new Date(r.created_at),
          }) satisfies TrainingImageRow,
      );
    },
  };
}

export function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
