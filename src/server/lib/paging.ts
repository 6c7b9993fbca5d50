import { decodeCursor, encodeCursor, type Cursor } from './cursor';

export type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * Keyset paging in one place: the repository reads `limit + 1` rows after the cursor; the extra row
 * only tells whether another page exists, and the page's last row becomes the next cursor.
 */
export async function readPage<T>(
  read: (limit: number, cursor: Cursor | undefined) => Promise<T[]>,
  opts: { limit: number; cursor?: string | null; cursorOf: (row: T) => { ts: string; id: string } },
): Promise<Page<T>> {
  const rows = await read(opts.limit + 1, decodeCursor(opts.cursor));
  const items = rows.slice(0, opts.limit);
  const last = items[items.length - 1];
  const more = rows.length > opts.limit && last !== undefined;
  return { items, nextCursor: more ? encodeCursor(opts.cursorOf(last).ts, opts.cursorOf(last).id) : null };
}
