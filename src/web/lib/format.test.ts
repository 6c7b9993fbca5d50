import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, MONTH_NAMES } from './format';

// What formatDate and formatDateTime replaced: Intl's en-US output (lib/format.ts says why)
const intlDate = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const intlDateTime = (d: Date) =>
  d.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

describe('dates written by hand', () => {
  it("writes every hour and minute of a day as Intl's en-US does, in the local time zone", () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 7) {
      const d = new Date(2026, 10, 7, 0, minutes);
      expect(formatDateTime(d)).toBe(intlDateTime(d));
    }
    expect(formatDateTime(new Date(2026, 8, 7, 13, 5))).toBe('Sep 7, 2026, 01:05 PM');
    expect(formatDateTime(new Date(2026, 0, 1, 0, 0))).toBe('Jan 1, 2026, 12:00 AM');
    expect(formatDateTime(new Date(2026, 0, 1, 12, 59))).toBe('Jan 1, 2026, 12:59 PM');
  });

  it("writes every day of the years the product shows as Intl's en-US does", () => {
    for (let day = 0; day < 366 * 3; day++) {
      const d = new Date(2024, 0, 1 + day, 15, 30);
      expect(formatDate(d)).toBe(intlDate(d));
    }
    for (const year of [1, 99, 999, 1970, 2100, 9999, 0, -5]) {
      const d = new Date(2000, 5, 15);
      d.setFullYear(year);
      expect(formatDate(d)).toBe(intlDate(d));
    }
  });

  it('reads every form a date comes in, and falls back when there is none', () => {
    const iso = '2026-11-27T21:56:00Z';
    const d = new Date(iso);
    expect(formatDate(iso)).toBe(intlDate(d));
    expect(formatDateTime(d.getTime())).toBe(intlDateTime(d));
    expect(formatDateTime({ seconds: d.getTime() / 1000, nanoseconds: 0 })).toBe(intlDateTime(d));
    expect(formatDate(null)).toBe('N/A');
    expect(formatDateTime('not a date', 'Never')).toBe('Never');
  });

  it("names the months as Intl's en-US does", () => {
    MONTH_NAMES.forEach((name, i) =>
      expect(name).toBe(new Date(2026, i, 1).toLocaleDateString('en-US', { month: 'long' })),
    );
  });
});
