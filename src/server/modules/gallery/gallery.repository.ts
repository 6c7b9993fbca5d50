import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userChanged } from '../../lib/user-changes';
import { beforeCursor, exactTime, type Cursor } from '../../lib/cursor';
import { baseModels, generatedImages, models, presetStyles, users } from '../../db/schema/index';

export type GeneratedImageRow = typeof generatedImages.$inferSelect;
export type ImageWithNames = GeneratedImageRow & {
  modelName: string | null;
  styleName: string | null;
  baseModelName: string | null;
  username: string | null;
  /** created_at at microsecond precision, for the page cursor */
  cursorTs: string;
};

export type ImageFilters = {
  userId?: string;
  cursor?: Cursor;
  search?: string;
  modelId?: string;
  /** a style id, or null for "no style" (Custom) */
  styleId?: string | null;
  baseModelId?: string;
  /** one photo-pack batch (an album) */
  packBatchId?: string;
  nsfw?: 'safe' | 'nsfw';
  size?: 'hd' | 'standard';
  since?: Date;
  until?: Date;
  /** scored images at or above this likeness (decision 022) */
  minLikeness?: number;
  /** "most like you" first: scored images only, by (likeness, created_at, id) desc */
  byLikeness?: boolean;
  /** with byLikeness: rows after this one */
  likenessCursor?: Cursor & { likeness: number };
};

const escapeLike = (s: string) => s.replace(/[%_\\]/g, (c) => `\\${c}`);

function where(f: ImageFilters): SQL | undefined {
  const gi = generatedImages;
  return and(
    // `= any(array[…])` rather than `=`: see ownerOrder() below
    f.userId ? sql`${gi.userId} = any(array[${f.userId}]::uuid[])` : undefined,
    // keyset: rows strictly after the cursor in (created_at desc, id desc) order; row comparison uses the index
    f.cursor ? beforeCursor(gi.createdAt, gi.id, f.cursor) : undefined,
    f.search ? sql`${gi.prompt} ilike ${`%${escapeLike(f.search)}%`}` : undefined,
    f.modelId ? eq(gi.modelId, f.modelId) : undefined,
    f.styleId === null ? sql`${gi.styleId} is null` : f.styleId ? eq(gi.styleId, f.styleId) : undefined,
    f.baseModelId ? eq(gi.baseModelId, f.baseModelId) : undefined,
    f.packBatchId ? eq(gi.packBatchId, f.packBatchId) : undefined,
    f.nsfw ? eq(gi.isNsfw, f.nsfw === 'nsfw') : undefined,
    f.size === 'hd'
      ? sql`greatest(${gi.width}, ${gi.height}) >= 1024`
      : f.size === 'standard'
        ? sql`greatest(${gi.width}, ${gi.height}) < 1024`
        : undefined,
    f.since ? sql`${gi.createdAt} >= ${f.since.toISOString()}::timestamptz` : undefined,
    f.until ? sql`${gi.createdAt} < ${f.until.toISOString()}::timestamptz` : undefined,
    f.minLikeness !== undefined ? sql`${gi.likeness} >= ${f.minLikeness}` : undefined,
    f.byLikeness ? sql`${gi.likeness} is not null` : undefined,
    f.likenessCursor
      ? sql`(${gi.likeness}, ${gi.createdAt}, ${gi.id}) < (${f.likenessCursor.likeness}::int, ${f.likenessCursor.ts}::timestamptz, ${f.likenessCursor.id}::uuid)`
      : undefined,
  );
}

/**
 * Newest first. With one owner the order leads with user_id, which only the (user_id, created_at, id)
 * indexes can supply. With a plain `user_id = $1` Postgres drops that key as constant, and for an owner
 * holding a big share of all images it may walk the global created_at index and filter the other users'
 * rows instead; measured on 1M images, 100k of them one user's, behind 600k newer ones: 330 ms, not 5 ms.
 */
function ownerOrder(f: ImageFilters): SQL[] {
  const gi = generatedImages;
  const byTime = [sql`${gi.createdAt} desc`, sql`${gi.id} desc`];
  // served by generated_images_user_likeness_idx (user_id, likeness, created_at, id), read backwards
  if (f.byLikeness) byTime.unshift(sql`${gi.likeness} desc`);
  return f.userId ? [sql`${gi.userId} desc`, ...byTime] : byTime;
}

type OwnerPage = { execute: (values: Record<string, unknown>) => Promise<Parameters<Flatten>[0][]> };
type Flatten = (r: {
  image: GeneratedImageRow;
  modelName: string | null;
  styleName: string | null;
  baseModelName: string | null;
  username: string | null;
  cursorTs: string;
}) => ImageWithNames;

export function createGalleryRepository(db: DbOrTx) {
  const withNames = () =>
    db
      .select({
        image: generatedImages,
        modelName: models.name,
        styleName: presetStyles.name,
        baseModelName: baseModels.name,
        username: users.username,
        cursorTs: exactTime(generatedImages.createdAt),
      })
      .from(generatedImages)
      .leftJoin(models, eq(models.id, generatedImages.modelId))
      .leftJoin(presetStyles, eq(presetStyles.id, generatedImages.styleId))
      .leftJoin(baseModels, eq(baseModels.id, generatedImages.baseModelId))
      .leftJoin(users, eq(users.id, generatedImages.userId));
  const flatten: Flatten = (r) => ({
    ...r.image,
    modelName: r.modelName,
    styleName: r.styleName,
    baseModelName: r.baseModelName,
    username: r.username,
    cursorTs: r.cursorTs,
  });

  // An owner's own gallery without filters (every open gallery refreshes it every 5 s, issue 14): named
  // prepared statements, built once and planned once per connection instead of on every request.
  let hot: { first: OwnerPage; after: OwnerPage } | null = null;
  const prepared = () => {
    const gi = generatedImages;
    const owner = sql`${gi.userId} = any(array[${sql.placeholder('userId')}]::uuid[])`;
    const after = sql`(${gi.createdAt}, ${gi.id}) < (${sql.placeholder('ts')}::timestamptz, ${sql.placeholder('id')}::uuid)`;
    const order = ownerOrder({ userId: 'owner' });
    return (hot ??= {
      first: withNames()
        .where(owner)
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .prepare('gallery_owner_first'),
      after: withNames()
        .where(and(owner, after))
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .prepare('gallery_owner_after'),
    });
  };
  const ownerOnly = (f: ImageFilters) =>
    !!f.userId &&
    !f.search &&
    !f.modelId &&
    f.styleId === undefined &&
    !f.baseModelId &&
    !f.packBatchId &&
    !f.nsfw &&
    !f.size &&
    !f.since &&
    !f.until &&
    f.minLikeness === undefined &&
    !f.byLikeness;

  return {
    /** Up to `limit` rows after `f.cursor`, newest first (paged by lib/paging.ts readPage). */
    async page(f: ImageFilters, limit: number): Promise<ImageWithNames[]> {
      if (ownerOnly(f)) {
        const q = prepared();
        const rows = f.cursor
          ? await q.after.execute({ userId: f.userId, ts: f.cursor.ts, id: f.cursor.id, limit })
          : await q.first.execute({ userId: f.userId, limit });
        return rows.map(flatten);
      }
      const rows = await withNames()
        .where(where(f))
        .orderBy(...ownerOrder(f))
        .limit(limit);
      return rows.map(flatten);
    },
    async byGeneration(generationId: string): Promise<ImageWithNames[]> {
      const rows = await withNames()
        .where(eq(generatedImages.generationId, generationId))
        .orderBy(sql`${generatedImages.createdAt} asc`, sql`${generatedImages.id} asc`);
      return rows.map(flatten);
    },
    /** The owner's images among `ids` (a zip download), oldest first; another user's ids are not found. */
    async ownedByIds(ids: string[], userId: string): Promise<ImageWithNames[]> {
      const rows = await withNames()
        .where(and(inArray(generatedImages.id, ids), eq(generatedImages.userId, userId)))
        .orderBy(asc(generatedImages.createdAt), asc(generatedImages.id));
      return rows.map(flatten);
    },
    /** The owner's images of one generation (its upscales have none), oldest first. */
    async ownedByGeneration(generationId: string, userId: string): Promise<ImageWithNames[]> {
      const rows = await withNames()
        .where(and(eq(generatedImages.generationId, generationId), eq(generatedImages.userId, userId)))
        .orderBy(asc(generatedImages.createdAt), asc(generatedImages.id));
      return rows.map(flatten);
    },
    /** The owner's images of one photo-pack batch (its album), in the pack's order. */
    async ownedByPackBatch(packBatchId: string, userId: string): Promise<ImageWithNames[]> {
      const rows = await withNames()
        .where(and(eq(generatedImages.packBatchId, packBatchId), eq(generatedImages.userId, userId)))
        .orderBy(asc(generatedImages.createdAt), asc(generatedImages.id));
      return rows.map(flatten);
    },
    /** The upscales made of an image, oldest first (served by generated_images_upscaled_from_idx). */
    async upscalesOf(id: string) {
      return db
        .select({ id: generatedImages.id, width: generatedImages.width, height: generatedImages.height })
        .from(generatedImages)
        .where(eq(generatedImages.upscaledFrom, id))
        .orderBy(asc(generatedImages.createdAt), asc(generatedImages.id));
    },
    async byId(id: string) {
      const [row] = await db.select().from(generatedImages).where(eq(generatedImages.id, id));
      return row ?? null;
    },
    async delete(id: string, userId: string) {
      const rows = await db
        .delete(generatedImages)
        .where(and(eq(generatedImages.id, id), eq(generatedImages.userId, userId)))
        .returning();
      userChanged(userId);
      return rows[0] ?? null;
    },
    async count() {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(generatedImages);
      return row.n;
    },
  };
}
