import type { Readable } from 'node:stream';
import { PUBLIC_PREFIX } from './keys';

export type StoredObject = { stream: Readable; size: number; contentType: string };

// One interface for local disk and S3-compatible storage. Keys are POSIX-like paths:
// `u/<userId>/...` private to that user (and admins), `public/...` readable by anyone.
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  getBuffer(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
}

export function assertSafeKey(key: string) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

export function ownerOfKey(key: string): string | 'public' | null {
  const m = /^u\/([0-9a-f-]{36})\//.exec(key);
  if (m) return m[1];
  if (key.startsWith(PUBLIC_PREFIX)) return 'public';
  return null;
}
