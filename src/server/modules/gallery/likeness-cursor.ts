import { decodeCursor, type Cursor } from '../../lib/cursor';
import { badRequest } from '../../lib/errors';

// The gallery's "most like you" order pages by (likeness, created_at, id): its cursor carries the score
// too, opaque to clients like the plain one (lib/cursor.ts), whose time and id checks it reuses.

export type LikenessCursor = Cursor & { likeness: number };

export function encodeLikenessCursor(likeness: number, ts: string, id: string): string {
  return Buffer.from(`L${likeness}|${ts}|${id}`).toString('base64url');
}

export function decodeLikenessCursor(cursor: string | undefined | null): LikenessCursor | undefined {
  if (!cursor) return undefined;
  const m = /^L(\d{1,3})\|([^|]+\|[^|]+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const likeness = m ? Number(m[1]) : NaN;
  if (!m || likeness > 100)
    throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' }, 'INVALID_CURSOR');
  const base = decodeCursor(Buffer.from(m[2]).toString('base64url'))!;
  return { ...base, likeness };
}
