import { PAGE_SIZE } from '../../../shared/constants';
import type {
  AdminGalleryQuery,
  GalleryPage,
  GalleryQuery,
  GallerySort,
} from '../../../shared/schemas/generation';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { readPage } from '../../lib/paging';
import { notFound } from '../../lib/errors';
import type { UserRow } from '../users';
import { createGalleryRepository, type ImageFilters } from './gallery.repository';
import { toImageView, type Viewer } from './image-view';
import { decodeLikenessCursor, encodeLikenessCursor } from './likeness-cursor';
import { generatedImageKeys } from '../../storage/keys';
import { deleteFiles } from '../../jobs/storage-cleanup';

const DAY = 86_400_000;

/** The admin date filter as a time window (UTC days; "week" and "month" are rolling). */
export function dateWindow(
  filter: AdminGalleryQuery['dateFilter'],
  now = new Date(),
): { since?: Date; until?: Date } {
  if (!filter || filter === 'all') return {};
  if (filter === 'today')
    return { since: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) };
  if (filter === 'week') return { since: new Date(now.getTime() - 7 * DAY) };
  if (filter === 'month') return { since: new Date(now.getTime() - 30 * DAY) };
  const since = new Date(`${filter}T00:00:00Z`);
  return { since, until: new Date(since.getTime() + DAY) };
}

/** The filters a user's and the admin's gallery share ("custom": images drawn without a preset style). */
function sharedFilters(q: GalleryQuery): ImageFilters {
  return {
    search: q.search || undefined,
    modelId: q.modelId,
    styleId: q.styleId === 'custom' ? null : q.styleId,
  };
}

export function createGalleryService(
  deps: Pick<AppDeps, 'db' | 'queue' | 'log'> & Partial<Pick<AppDeps, 'sessionCache'>>,
) {
  const repo = createGalleryRepository(deps.db);
  const cache = deps.sessionCache;

  async function page(
    filters: Omit<ImageFilters, 'cursor'>,
    q: { cursor?: string | null; limit?: number; sort?: GallerySort; minLikeness?: number },
    viewer: UserRow,
    withOwner: boolean,
  ): Promise<GalleryPage> {
    if (q.sort === 'likeness') {
      // its own cursor: the plain one has no place for the score
      const limit = q.limit ?? PAGE_SIZE;
      const rows = await repo.page(
        {
          ...filters,
          minLikeness: q.minLikeness,
          byLikeness: true,
          likenessCursor: decodeLikenessCursor(q.cursor),
        },
        limit + 1,
      );
      const items = rows.slice(0, limit);
      const last = items[items.length - 1];
      return {
        images: items.map((r) => toImageView(r, viewer, { withOwner })),
        nextCursor:
          rows.length > limit && last ? encodeLikenessCursor(last.likeness!, last.cursorTs, last.id) : null,
      };
    }
    filters = { ...filters, minLikeness: q.minLikeness };
    const { items, nextCursor } = await readPage(
      (limit, cursor) => repo.page({ ...filters, cursor }, limit),
      {
        limit: q.limit ?? PAGE_SIZE,
        cursor: q.cursor,
        cursorOf: (r) => ({ ts: r.cursorTs, id: r.id }),
      },
    );
    return { images: items.map((r) => toImageView(r, viewer, { withOwner })), nextCursor };
  }

  return {
    async list(user: UserRow, q: GalleryQuery) {
      // The unfiltered first page is what every open gallery polls: kept in memory until the database
      // says one of the user's images, models or the user changed (docs/decisions/018-session-cache.md).
      const firstPage =
        !q.cursor &&
        !q.search &&
        !q.modelId &&
        !q.styleId &&
        !q.packBatchId &&
        q.sort !== 'likeness' &&
        q.minLikeness === undefined;
      const key = `gallery:${q.limit ?? PAGE_SIZE}`;
      if (firstPage && cache) {
        const hit = cache.readFor<GalleryPage>(user.id, key);
        if (hit) return hit;
        const started = cache.begin();
        const result = await page({ userId: user.id }, q, user, false);
        cache.writeFor(user.id, key, result, started);
        return result;
      }
      return page(
        {
          userId: user.id,
          ...sharedFilters(q),
          packBatchId: q.packBatchId,
        },
        q,
        user,
        false,
      );
    },

    async adminList(admin: UserRow, q: AdminGalleryQuery) {
      return page(
        {
          userId: q.userId,
          ...sharedFilters(q),
          baseModelId: q.baseModelId,
          nsfw: q.nsfw === 'all' ? undefined : q.nsfw,
          size: q.size === 'all' ? undefined : q.size,
          ...dateWindow(q.dateFilter),
        },
        q,
        admin,
        true,
      );
    },

    count: () => repo.count(),

    /** One of the owner's images (an admin: anyone's) with the upscales made of it (issue 25). */
    async one(viewer: UserRow, id: string) {
      let [row] = await repo.ownedByIds([id], viewer.id);
      if (!row && viewer.isAdmin) {
        const owner = await repo.byId(id);
        if (owner) [row] = await repo.ownedByIds([id], owner.userId);
      }
      if (!row) throw notFound('Image not found');
      return { ...toImageView(row, viewer), upscales: await repo.upscalesOf(id) };
    },

    /** Deletes the owner's image and its files; anyone else's id reads as 404 (docs/product/decisions.md §1). */
    async remove(user: UserRow, id: string) {
      // the files go by a durable job enqueued with the row's deletion (jobs/storage-cleanup.ts)
      const row = await deps.db.transaction(async (tx) => {
        const deleted = await createGalleryRepository(tx).delete(id, user.id);
        if (!deleted) return null;
        const keys = generatedImageKeys(deleted.userId, deleted.id);
        const files = new Set(
          [deleted.storageKey, deleted.thumbKey, keys.blurred].filter((k): k is string => Boolean(k)),
        );
        await deleteFiles(deps.queue, tx, [...files]);
        return deleted;
      });
      if (!row) throw notFound('Image not found');
      deps.queue.kick();
      return { success: true, id: row.id };
    },
  };
}

/** Every stored image of one generation, oldest first, as `viewer` may see it (the generator's answer). */
export async function generationImages(db: DbOrTx, generationId: string, viewer: Viewer) {
  const rows = await createGalleryRepository(db).byGeneration(generationId);
  return rows.map((r) => toImageView(r, viewer));
}

/** The owner's images of one photo-pack batch, in the pack's order, as the owner may see them. */
export async function packBatchImages(db: DbOrTx, packBatchId: string, owner: Viewer) {
  const rows = await createGalleryRepository(db).ownedByPackBatch(packBatchId, owner.id);
  return rows.map((r) => toImageView(r, owner));
}
