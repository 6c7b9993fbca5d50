import { describe, expect, it } from 'vitest';
import {
  dateTimeFormat,
  formatCount,
  formatUsd,
  formatUtcMoment,
  numberFormat,
  pricePerHundredTokens,
  relativeTimeFormat,
} from './intl';

describe('cached Intl formatters', () => {
  it('builds one formatter per locale and options', () => {
    const short = { month: 'short', day: 'numeric' } as const;
    expect(dateTimeFormat('de-DE', { ...short })).toBe(dateTimeFormat('de-DE', short));
    expect(dateTimeFormat('ja-JP', short)).not.toBe(dateTimeFormat('de-DE', short));
    expect(dateTimeFormat('de-DE', { ...short, year: 'numeric' })).not.toBe(dateTimeFormat('de-DE', short));
    expect(numberFormat('de-DE')).toBe(numberFormat('de-DE', {}));
    expect(relativeTimeFormat('ja-JP', { numeric: 'auto' })).toBe(
      relativeTimeFormat('ja-JP', { numeric: 'auto' }),
    );
  });
  it('formats with the locale it was built for', () => {
    expect(dateTimeFormat('de-DE', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 11, 4))).toBe(
      'Dezember',
    );
    expect(numberFormat('ja-JP').format(1234567)).toBe('1,234,567');
  });
});

describe('money and counts', () => {
  it('shows US dollars in the visitor’s notation', () => {
    expect(formatUsd(123456, 'en-US')).toBe('$1,234.56');
    expect(formatUsd(123456, 'de-DE')).toBe('1.234,56\u00a0$');
    expect(formatUsd(123456, 'ja-JP')).toBe('$1,234.56');
    expect(formatUsd(-999, 'en-US')).toBe('-$9.99');
    expect(formatUsd(123456, 'de-DE', true)).toBe('1.235\u00a0$');
  });
  it('prices per 100 tokens, precisely enough to compare packages', () => {
    expect(pricePerHundredTokens(999, 100, 'en-US')).toBe('$9.99 per 100 tokens');
    expect(pricePerHundredTokens(800, 1000, 'en-US')).toBe('$0.80 per 100 tokens');
    // both were "$0.01 per token"
    expect(pricePerHundredTokens(999, 1000, 'en-US')).toBe('$0.999 per 100 tokens');
    expect(pricePerHundredTokens(4499, 5000, 'en-US')).toBe('$0.900 per 100 tokens');
    expect(pricePerHundredTokens(100, 0, 'en-US')).toBe('$0.00 per 100 tokens');
    expect(pricePerHundredTokens(999, 1000, 'de-DE')).toBe('0,999\u00a0$ per 100 tokens');
  });
  it('groups counts', () => {
    expect(formatCount(-1010, 'en-US')).toBe('-1,010');
    expect(formatCount(1110, 'de-DE')).toBe('1.110');
    expect(formatCount(1110, 'ja-JP')).toBe('1,110');
  });
});

describe('formatUtcMoment', () => {
  it('names the zone', () => {
    expect(formatUtcMoment(new Date('2026-12-04T03:21:30Z'))).toBe('December 4, 2026 at 3:21 AM UTC');
  });
});
