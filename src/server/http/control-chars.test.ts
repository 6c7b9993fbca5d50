import { describe, expect, it } from 'vitest';
import { findControlChars } from './control-chars';

describe('findControlChars', () => {
  it('names the first field holding NUL or another C0 control, at any depth', () => {
    expect(findControlChars({ a: 'ok', b: { c: ['fine', 'x\u0000'] } })).toBe('b.c.1');
    expect(findControlChars({ q: 'bell\u0007' })).toBe('q');
    expect(findControlChars({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findControlChars('top\u001b')).toBe('_');
  });

  it('lets line breaks, tabs, other scripts and raw bytes through', () => {
    expect(findControlChars({ message: 'one\r\ntwo\tthree', name: 'Zoë 日本' })).toBeUndefined();
    expect(findControlChars(Buffer.from([0, 1, 2]))).toBeUndefined();
    expect(findControlChars(undefined)).toBeUndefined();
  });
});
