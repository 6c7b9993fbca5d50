import { relativeTimeFormat } from './intl';

export type DateInput =
  | string
  | number
  | Date
  | { seconds: number; nanoseconds?: number }
  | { _seconds: number; _nanoseconds?: number }
  | null
  | undefined;

export function toDate(value: DateInput): Date | null {
  if (value == null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string' || typeof value === 'number') {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  if (typeof value === 'object') {
    const seconds = 'seconds' in value ? value.seconds : '_seconds' in value ? value._seconds : undefined;
    const nanos =
      'nanoseconds' in value ? value.nanoseconds : '_nanoseconds' in value ? value._nanoseconds : 0;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return null;
    return new Date(seconds * 1000 + Math.floor((nanos ?? 0) / 1e6));
  }
  return null;
}

const UNITS = { numeric: 'always' } as const;
const NOW = { numeric: 'auto' } as const;

/**
 * Spec part 1 §9's relative time in `locale`: "just now" under a minute (en-US, as the spec words it;
 * the locale's own "now" elsewhere), then minutes, hours, days, weeks (under 30 days), months (under a
 * year), years: "5 minutes ago", "vor 5 Minuten", "5 分前".
 */
export function relativeTime(value: DateInput, locale: string, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return 'unknown time';
  const seconds = Math.max(0, Math.floor((now.getTime() - d.getTime()) / 1000));
  if (seconds < 60)
    return locale.startsWith('en') ? 'just now' : relativeTimeFormat(locale, NOW).format(0, 'second');
  const format = relativeTimeFormat(locale, UNITS);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return format.format(-days, 'day');
  if (days < 30) return format.format(-Math.floor(days / 7), 'week');
  if (days < 365) return format.format(-Math.max(1, Math.floor(days / 30)), 'month');
  return format.format(-Math.floor(days / 365), 'year');
}
