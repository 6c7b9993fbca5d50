import { describe, expect, it } from 'vitest';
import { normaliseIdentifier, sameIdentifier, USERNAME_ALPHABET } from './normalise';

describe('normaliseIdentifier', () => {
  it('folds compatibility forms and ASCII capitals, and nothing else', () => {
    expect(normaliseIdentifier(' Vic_Iris ')).toBe('vic_iris');
    expect(normaliseIdentifier('\uff36\uff49\uff43_7')).toBe('vic_7');
    expect(normaliseIdentifier('Ann@Example.COM')).toBe('ann@example.com');
    // a dotted capital I is not an ASCII letter: it stays, so it never names "vic"
    expect(normaliseIdentifier('V\u0130C')).toBe('v\u0130c');
    expect(USERNAME_ALPHABET.test(normaliseIdentifier('v\u0130c'))).toBe(false);
    expect(normaliseIdentifier('v\u0131c')).not.toBe('vic');
  });

  it('is what PostgreSQL lower() gives for every stored (ASCII) name', () => {
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    expect(normaliseIdentifier(`x${ascii}x`)).toBe(`x${ascii.replace(/[A-Z]/g, (c) => c.toLowerCase())}x`);
  });

  it('says when two spellings name the same account', () => {
    expect(sameIdentifier('Bob@Example.com', 'bob@example.com')).toBe(true);
    expect(sameIdentifier('bob', 'b\u00f6b')).toBe(false);
  });
});
