import type { Readable } from 'node:stream';
import { PUBLIC_PREFIX } from './keys';

/** `size` is the whole object's; with a byte range the stream carries bytes start..end (inclusive). */
export type StoredObject = { stream: Readable; size: number; contentType: string };
export type ByteRange = { start: number; end: number };
export type ObjectInfo = { size: number; contentType: string };

/**
 * One interface for local disk and S3-compatible storage; both pass the same contract suite
 * (storage.contract.test.ts). Keys are POSIX-like paths: `u/<userId>/...` private to that user
 * (and admins), `public/...` readable by anyone. A missing key is `null`, never an error; any
 * other failure (bucket gone, credentials wrong, disk full) throws.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Writes a stream of unknown length in bounded memory (a data export's zip); the object appears
   * whole or not at all. Resolves with the bytes written.
   */
  putStream(key: string, data: Readable, contentType: string): Promise<number>;
  /** the range must lie inside the object (callers check against `head` first) */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  getBuffer(key: string): Promise<Buffer | null>;
  /** idempotent: deleting a missing key succeeds */
  delete(key: string): Promise<void>;
  /** every key under a folder-like prefix (ending in `/`), sorted */
  list(prefix: string): Promise<string[]>;
  /** deletes every key under a folder-like prefix; returns how many went; idempotent */
  deletePrefix(prefix: string): Promise<number>;
}

export function assertSafeKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/**
 * A prefix names a folder (`u/<id>/models/<id>/`): with the trailing slash `models/1/` can never
 * match `models/12/…` on S3, where prefixes are plain string prefixes.
 */
export function assertSafePrefix(prefix: string) {
  if (!prefix.endsWith('/')) throw new Error(`storage prefix must end with '/': ${prefix}`);
  assertSafeKey(prefix.slice(0, -1));
}

/** Content type by extension: local disk stores none, and S3 objects are written with the same one. */
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  zip: 'application/zip',
  json: 'application/json',
  txt: 'text/plain',
  safetensors: 'application/octet-stream',
};
export function contentTypeOfKey(key: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return (ext && TYPES[ext]) || 'application/octet-stream';
}

export function ownerOfKey(key: string): string | 'public' | null {
  const m = /^u\/([0-9a-f-]{36})\//.exec(key);
  if (m) return m[1];
  if (key.startsWith(PUBLIC_PREFIX)) return 'public';
  return null;
}
