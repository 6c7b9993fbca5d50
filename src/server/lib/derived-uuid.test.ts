import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derivedUUID } from './derived-uuid';

describe('derivedUUID', () => {
  it('is stable, v4-shaped and differs by input', () => {
    const a = derivedUUID('3f1c', 2);
    expect(a).toBe(derivedUUID('3f1c', 2));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(derivedUUID('3f1c', 3)).not.toBe(a);
  });

  it('keeps the ids already written (sha256 of "a:b")', () => {
    const h = createHash('sha256').update('gen-1:task-0-1').digest('hex');
    const id = derivedUUID('gen-1', 'task-0-1');
    expect(id.replace(/-/g, '').slice(0, 12)).toBe(h.slice(0, 12));
    expect(id.slice(15, 18)).toBe(h.slice(13, 16));
  });
});
