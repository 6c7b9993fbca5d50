// Spec part 1 §9: 'just now' under 60 s, then minutes, hours, days, weeks (<30 days), months (<1 year), years.
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

function unit(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'} ago`;
}

export function relativeTime(value: DateInput, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return 'unknown time';
  const seconds = Math.max(0, Math.floor((now.getTime() - d.getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return unit(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return unit(days, 'day');
  if (days < 30) return unit(Math.floor(days / 7), 'week');
  if (days < 365) return unit(Math.max(1, Math.floor(days / 30)), 'month');
  return unit(Math.floor(days / 365), 'year');
}
