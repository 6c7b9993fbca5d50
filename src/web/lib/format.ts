import { dateTimeFormat, formatUsd, listFormat, numberFormat, pricePerHundredTokens } from '@shared/intl';
import { relativeTime as relativeTimeIn, toDate, type DateInput } from '@shared/relative-time';
import { currentLocale } from './locale';

export { toDate, type DateInput };

// Dates, numbers and amounts go through Intl in the visitor's locale and time zone, with formatters
// built once (shared/intl.ts). The wording around them stays the product's English; the shapes the
// spec names ("short date and time", "long month and year") are its en-US ones, localised elsewhere
// (docs/decisions/054-frontend-performance.md).

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit' };
const MONTH: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long' };
const UTC_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', timeZone: 'UTC' };

/** "Nov 7, 2026" in en-US, "7. Nov. 2026" in de-DE. */
export function formatDate(value: DateInput, fallback = 'N/A'): string {
  const d = toDate(value);
  return d ? dateTimeFormat(currentLocale(), DATE).format(d) : fallback;
}

/** "Nov 7, 2026, 01:05 PM" in en-US, "7. Nov. 2026, 13:05" in de-DE. */
export function formatDateTime(value: DateInput, fallback = 'N/A'): string {
  const d = toDate(value);
  return d ? dateTimeFormat(currentLocale(), DATE_TIME).format(d) : fallback;
}

/** "November 2026": the month a date falls in, in the visitor's zone. */
export function formatMonth(d: Date): string {
  return dateTimeFormat(currentLocale(), MONTH).format(d);
}

/** "2026-11-26" → "Nov 26", read as a UTC day whatever the browser's zone. */
export function formatUtcDay(isoDay: string): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  return dateTimeFormat(currentLocale(), UTC_DAY).format(Date.UTC(y, m - 1, d));
}

/** Spec part 1 §9: "just now", "5 minutes ago", … ("unknown time" when there is no date). */
export function relativeTime(value: DateInput, now?: Date): string {
  return relativeTimeIn(value, currentLocale(), now);
}

const seconds = (n: number, unit: 'second' | 'minute' | 'hour' | 'day') =>
  numberFormat(currentLocale(), { style: 'unit', unit, unitDisplay: 'short' }).format(n);

/** "3 min", "2 hr 5 min", "3 days": a length of time, to the minute under two days. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return seconds(s, 'second');
  const m = Math.floor(s / 60);
  if (m < 60) return seconds(m, 'minute');
  const h = Math.floor(m / 60);
  if (h < 48)
    return listFormat(currentLocale(), { type: 'unit', style: 'narrow' }).format([
      seconds(h, 'hour'),
      seconds(m % 60, 'minute'),
    ]);
  return seconds(Math.floor(h / 24), 'day');
}

const finite = (value: number | null | undefined) => (Number.isFinite(value) ? (value as number) : 0);

/**
 * Spec part 1 §9: money is kept in cents and shown in US dollars ("$1,234.56"; "1.234,56 $"); a sale
 * names its own currency.
 */
export function formatMoney(cents: number | null | undefined, currency = 'USD'): string {
  return formatUsd(finite(cents), currentLocale(), false, currency);
}

/** Cents rounded to whole dollars ("$1,235"): a chart's axis. */
export function formatWholeDollars(cents: number): string {
  return formatUsd(cents, currentLocale(), true);
}

/** "$0.80 per 100 tokens": the unit price that compares packages. */
export function pricePerToken(priceInCents: number, tokenAmount: number): string {
  return pricePerHundredTokens(priceInCents, tokenAmount, currentLocale());
}

export function formatNumber(value: number | null | undefined): string {
  return numberFormat(currentLocale()).format(finite(value));
}

/** A number with exactly `digits` decimals ("1.00"; "1,00"). */
export function formatDecimal(value: number, digits: number): string {
  return numberFormat(currentLocale(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

const MB = 1024 * 1024;

/** "2.5 MB", "12 kB": a file's size, for a person. */
export function formatFileSize(bytes: number): string {
  return bytes >= MB
    ? numberFormat(currentLocale(), {
        style: 'unit',
        unit: 'megabyte',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(bytes / MB)
    : numberFormat(currentLocale(), { style: 'unit', unit: 'kilobyte' }).format(Math.ceil(bytes / 1024));
}

/** Spec part 1 §3: a missing balance shows as 0. */
export function formatTokens(value: number | null | undefined): string {
  const n = finite(value);
  return `${formatNumber(n)} ${n === 1 ? 'token' : 'tokens'}`;
}

/** Spec part 1 §2: where there is no picture, the first two letters of the name stand in. */
export function initials(name: string | null | undefined): string {
  const clean = (name ?? '').trim();
  return clean ? Array.from(clean).slice(0, 2).join('').toUpperCase() : '?';
}
