import { describe, expect, it } from 'vitest';
import { relativeTime, toDate } from './relative-time';

const now = new Date('2026-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('relativeTime', () => {
  it('follows the spec table', () => {
    expect(relativeTime(ago(59_000), 'en-US', now)).toBe('just now');
    expect(relativeTime(ago(60_000), 'en-US', now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60_000), 'en-US', now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600_000), 'en-US', now)).toBe('3 hours ago');
    expect(relativeTime(ago(2 * 86400_000), 'en-US', now)).toBe('2 days ago');
    expect(relativeTime(ago(14 * 86400_000), 'en-US', now)).toBe('2 weeks ago');
    expect(relativeTime(ago(60 * 86400_000), 'en-US', now)).toBe('2 months ago');
    expect(relativeTime(ago(800 * 86400_000), 'en-US', now)).toBe('2 years ago');
  });
  it('is worded in the locale asked for', () => {
    expect(relativeTime(ago(59_000), 'de-DE', now)).toBe('jetzt');
    expect(relativeTime(ago(5 * 60_000), 'de-DE', now)).toBe('vor 5 Minuten');
    expect(relativeTime(ago(14 * 86400_000), 'de-DE', now)).toBe('vor 2 Wochen');
    expect(relativeTime(ago(59_000), 'ja-JP', now)).toBe('今');
    expect(relativeTime(ago(3 * 3600_000), 'ja-JP', now)).toBe('3 時間前');
    expect(relativeTime(ago(800 * 86400_000), 'ja-JP', now)).toBe('2 年前');
  });
  it("says 'unknown time' for missing or invalid input", () => {
    expect(relativeTime(null, 'en-US', now)).toBe('unknown time');
    expect(relativeTime('not a date', 'en-US', now)).toBe('unknown time');
  });
  it('reads seconds/nanoseconds objects and underscore variants', () => {
    expect(toDate({ seconds: 10, nanoseconds: 5e6 })?.getTime()).toBe(10_005);
    expect(toDate({ _seconds: 10 })?.getTime()).toBe(10_000);
  });
});
