import { badRequest } from './errors';

// Keyset cursors over (created_at, id), opaque to clients.
export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined | null): { createdAt: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const raw = Buffer.from(cursor, 'base64url').toString('utf8');
  const [iso, id] = raw.split('|');
  const createdAt = new Date(iso);
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' }, 'INVALID_CURSOR');
  }
  return { createdAt, id };
}
