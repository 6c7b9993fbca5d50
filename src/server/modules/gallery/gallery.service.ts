import { PAGE_SIZE } from '../../../shared/constants';
import type {
  AdminGalleryQuery,
  GalleryPage,
  GalleryQuery,
  GallerySort,
} from '../../../shared/schemas/generation';
import type { AppDeps } from '../../deps';
import { readPage } from '../../lib/paging';
import { notFound } from '../../lib/errors';
import type { UserRow } from '../users/users.repository';
import { createGalleryRepository, type ImageFilters } from './gallery.repository';
import { toImageView } from './image-view';
import { decodeLikenessCursor, encodeLikenessCursor } from './likeness-cursor';
import { generatedImageKeys } from '../../storage/keys';

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

export function createGalleryService(deps: Pick<AppDeps, 'db' | 'storage' | 'log'>) {
  const repo = createGalleryRepository(deps.db);

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
      return page(
        {
          userId: user.id,
          search: q.search || undefined,
          modelId: q.modelId,
          styleId: q.styleId === 'custom' ? null : q.styleId,
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
          search: q.search || undefined,
          modelId: q.modelId,
          styleId: q.styleId === 'custom' ? null : q.styleId,
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

    /** Deletes the owner's image and its files; anyone else's id reads as 404 (docs/product/decisions.md §1). */
    async remove(user: UserRow, id: string) {
      const row = await repo.delete(id, user.id);
      if (!row) throw notFound('Image not found');
      const keys = generatedImageKeys(row.userId, row.id);
      const files = new Set(
        [row.storageKey, row.thumbKey, keys.blurred].filter((k): k is string => Boolean(k)),
      );
      // the row is gone, so a file that fails to delete is only an orphan: log, do not fail the request
      await Promise.all(
        [...files].map((k) =>
          deps.storage
            .delete(k)
            .catch((err) => deps.log.warn({ err, key: k }, 'could not delete image file')),
        ),
      );
      return { success: true, id: row.id };
    },
  };
}
