import { createHash } from 'node:crypto';

/**
 * A UUID v4-shaped id derived from its parts (sha256 of `parts.join(':')`): the same inputs give the
 * same id, so work resumed after a crash writes the same rows and re-submits the same vendor task.
 */
export function derivedUUID(...parts: (string | number)[]): string {
  const h = createHash('sha256').update(parts.join(':')).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
