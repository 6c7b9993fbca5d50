import { describe, expect, it } from 'vitest';
import { CONTROL_CHARS_MESSAGE, hasControlChars, isIsoDay, isRealDate, safeText } from './common';
import { createTicketSchema } from './support';
import { galleryQuerySchema } from './generation';

describe('text and dates the database can take', () => {
  it('refuses NUL and other C0 controls; multi-line text keeps tab and line breaks', () => {
    expect(hasControlChars('a\u0000b')).toBe(true);
    expect(hasControlChars('a\u001bb', true)).toBe(true);
    expect(hasControlChars('a\u007fb', true)).toBe(true);
    expect(hasControlChars('line\nnext\ttab')).toBe(true);
    expect(hasControlChars('line\r\nnext\ttab', true)).toBe(false);
    expect(hasControlChars('ümlaut – 日本')).toBe(false);
    // half a surrogate pair cannot be stored as JSON or UTF-8; a whole pair (an emoji) can
    expect(hasControlChars('x\ud800y', true)).toBe(true);
    expect(hasControlChars('\udc00', true)).toBe(true);
    expect(hasControlChars('tail\ud83d', true)).toBe(true);
    expect(hasControlChars('smile \u{1F600}', true)).toBe(false);
    expect(safeText().safeParse('a\u0000').error?.issues[0]?.message).toBe(CONTROL_CHARS_MESSAGE);
    expect(galleryQuerySchema.safeParse({ search: 'x\u0000' }).success).toBe(false);
    const ticket = { subject: 'Help', message: 'first line\nsecond\u0000' };
    expect(createTicketSchema.safeParse(ticket).error?.issues[0]?.message).toBe(CONTROL_CHARS_MESSAGE);
    expect(createTicketSchema.safeParse({ ...ticket, message: 'first line\nsecond' }).success).toBe(true);
  });

  it('knows real calendar days of years 1–9999', () => {
    expect(isRealDate(2024, 2, 29)).toBe(true);
    expect(isRealDate(2025, 2, 29)).toBe(false);
    expect(isRealDate(2026, 2, 30)).toBe(false);
    expect(isRealDate(0, 1, 1)).toBe(false);
    expect(isRealDate(10, 4, 31)).toBe(false);
    expect(isRealDate(9999, 12, 31)).toBe(true);
    expect(isIsoDay('2026-13-01')).toBe(false);
    expect(isIsoDay('9999-12-31', 1970, 9998)).toBe(false);
    expect(isIsoDay('2026-11-24', 1970, 9998)).toBe(true);
  });
});
