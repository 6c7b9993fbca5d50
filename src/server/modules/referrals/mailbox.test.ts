import { describe, expect, it } from 'vitest';
import { normaliseMailbox } from './mailbox';

describe('normaliseMailbox', () => {
  it('drops the +tag and the case for every provider', () => {
    expect(normaliseMailbox('Jane+Promo1@Example.com')).toBe('jane@example.com');
    expect(normaliseMailbox('jane@example.com')).toBe('jane@example.com');
  });

  it('drops dots only where the provider ignores them', () => {
    expect(normaliseMailbox('j.a.n.e+x@googlemail.com')).toBe('jane@gmail.com');
    expect(normaliseMailbox('J.ane@Gmail.com')).toBe('jane@gmail.com');
    expect(normaliseMailbox('j.ane@example.com')).toBe('j.ane@example.com');
  });

  it('keeps a leading + and the last @ intact', () => {
    expect(normaliseMailbox('+tag@example.com')).toBe('+tag@example.com');
    expect(normaliseMailbox('"a@b"+x@example.com')).toBe('"a@b"@example.com');
  });
});
