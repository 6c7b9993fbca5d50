import { afterEach, describe, expect, it } from 'vitest';
import { setBrowserLanguages } from '@web/testing/browser-languages';
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatDuration,
  formatFileSize,
  formatMoney,
  formatMonth,
  formatNumber,
  formatTokens,
  formatUtcDay,
  formatWholeDollars,
  pricePerToken,
  relativeTime,
} from './format';
import { currentLocale, visitorLocale } from './locale';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});
const speak = (...languages: string[]) => {
  restore = setBrowserLanguages(languages);
};

// local times: the formatters write the visitor's own zone
const afternoon = new Date(2026, 10, 7, 13, 5);
const now = new Date('2026-06-15T12:00:00Z');

describe("the visitor's locale", () => {
  it('is the first of the browser’s languages that Intl knows, else en-US', () => {
    speak('ja-JP', 'en');
    expect(visitorLocale()).toBe('ja-JP');
    speak('not a tag!', 'de-DE');
    expect(visitorLocale()).toBe('de-DE');
    restore?.();
    restore = undefined;
    expect(visitorLocale()).toBe('en-US'); // jsdom's own
    expect(currentLocale()).toBe('en-US');
  });
});

describe('en-US: the spec’s own shapes', () => {
  it('writes dates, times and months', () => {
    expect(formatDate(afternoon)).toBe('Nov 7, 2026');
    expect(formatDateTime(afternoon)).toBe('Nov 7, 2026, 01:05 PM');
    expect(formatDateTime(new Date(2026, 0, 1, 0, 0))).toBe('Jan 1, 2026, 12:00 AM');
    expect(formatMonth(afternoon)).toBe('November 2026');
    expect(formatUtcDay('2026-11-26')).toBe('Nov 26');
    expect(relativeTime(new Date(now.getTime() - 30_000), now)).toBe('just now');
    expect(relativeTime(new Date(now.getTime() - 5 * 60_000), now)).toBe('5 minutes ago');
  });
  it('reads every form a date comes in, and falls back when there is none', () => {
    const d = new Date('2026-11-27T21:56:00Z');
    expect(formatDate(d.toISOString())).toBe(formatDate(d));
    expect(formatDateTime(d.getTime())).toBe(formatDateTime(d));
    expect(formatDateTime({ seconds: d.getTime() / 1000, nanoseconds: 0 })).toBe(formatDateTime(d));
    expect(formatDate(null)).toBe('N/A');
    expect(formatDateTime('not a date', 'Never')).toBe('Never');
    expect(relativeTime(undefined)).toBe('unknown time');
  });
  it('writes numbers, money and sizes', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(undefined)).toBe('0');
    expect(formatTokens(1)).toBe('1 token');
    expect(formatTokens(-1010)).toBe('-1,010 tokens');
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(-999)).toBe('-$9.99');
    expect(formatMoney(4200, 'eur')).toBe('€42.00');
    expect(formatWholeDollars(123456)).toBe('$1,235');
    expect(pricePerToken(999, 1000)).toBe('$0.999 per 100 tokens');
    expect(formatDecimal(1, 2)).toBe('1.00');
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatFileSize(12_000)).toBe('12 kB');
    expect(formatDuration(45)).toBe('45 sec');
    expect(formatDuration(3 * 60)).toBe('3 min');
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe('2 hr 5 min');
    expect(formatDuration(3 * 86400)).toBe('3 days');
  });
});

describe('de-DE', () => {
  it('writes dates, numbers and money the German way', () => {
    speak('de-DE', 'de');
    expect(formatDate(afternoon)).toBe('7. Nov. 2026');
    expect(formatDateTime(afternoon)).toBe('7. Nov. 2026, 13:05');
    expect(formatMonth(afternoon)).toBe('November 2026');
    expect(formatUtcDay('2026-12-04')).toBe('4. Dez.');
    expect(relativeTime(new Date(now.getTime() - 30_000), now)).toBe('jetzt');
    expect(relativeTime(new Date(now.getTime() - 3 * 3600_000), now)).toBe('vor 3 Stunden');
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatTokens(-1010)).toBe('-1.010 tokens');
    expect(formatMoney(123456)).toBe('1.234,56\u00a0$');
    expect(pricePerToken(800, 1000)).toBe('0,80\u00a0$ per 100 tokens');
    expect(formatDecimal(0.5, 2)).toBe('0,50');
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2,5 MB');
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe('2 Std., 5 Min.');
  });
});

describe('ja-JP', () => {
  it('writes dates, numbers and money the Japanese way', () => {
    speak('ja-JP');
    expect(formatDate(afternoon)).toBe('2026年11月7日');
    expect(formatDateTime(afternoon)).toBe('2026年11月7日 13:05');
    expect(formatMonth(afternoon)).toBe('2026年11月');
    expect(formatUtcDay('2026-12-04')).toBe('12月4日');
    expect(relativeTime(new Date(now.getTime() - 30_000), now)).toBe('今');
    expect(relativeTime(new Date(now.getTime() - 14 * 86400_000), now)).toBe('2 週間前');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatWholeDollars(-123456)).toBe('-$1,235');
    expect(formatDuration(3 * 60)).toBe('3 分');
  });
});
