import { desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { isIsoDay } from '../../shared/schemas/common';
import { badRequest } from './errors';

// Keyset cursors over (created_at, id) at the database's own microsecond precision, opaque to clients.
// Never through a JS Date: it keeps milliseconds only, and rows created within one millisecond would be
// skipped or repeated at a page boundary.

const ISO_US = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type Cursor = { ts: string; id: string };

/** Selects a column's exact UTC time as text, for the cursor. */
export const exactTime = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeCursor(ts: string, id: string): string {
  return Buffer.from(`${ts}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined | null): Cursor | undefined {
  if (!cursor) return undefined;
  const [ts, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  // A real calendar day of a year PostgreSQL can compare with (Feb 30 or year 0000 would be a 500).
  const validTime = !!ts && ISO_US.test(ts) && isIsoDay(ts.slice(0, 10), 1970, 9998) && validClock(ts);
  if (!validTime || !id || !UUID.test(id)) {
    throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' }, 'INVALID_CURSOR');
  }
  return { ts, id };
}

function validClock(ts: string): boolean {
  const [h, m, sec] = ts.slice(11, 19).split(':').map(Number);
  return h! < 24 && m! < 60 && sec! < 60;
}

/** Rows strictly after the cursor in (created_at desc, id desc) order. */
export function beforeCursor(createdAt: AnyColumn, idColumn: AnyColumn, cursor: Cursor): SQL {
  return sql`(${createdAt}, ${idColumn}) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)`;
}

type Keyed = { createdAt: AnyColumn; id: AnyColumn };

/** The keyset order of every newest-first list: (created_at desc, id desc), as the cursors above assume. */
export const newestFirst = (t: Keyed) => [desc(t.createdAt), desc(t.id)];

/** The condition for the page after `cursor` of a newest-first list; none for the first page. */
export const pastCursor = (t: Keyed, cursor: Cursor | undefined): SQL | undefined =>
  cursor ? beforeCursor(t.createdAt, t.id, cursor) : undefined;
