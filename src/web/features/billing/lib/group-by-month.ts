// Spec part 2 §2 (Billing History): months from the creation date, newest first, labelled with the
// long month and year; anything unparseable or outside 1970–2100 is "Unknown Date".
import { formatMonth } from '@web/lib/format';

export const UNKNOWN_MONTH = 'unknown';
export const UNKNOWN_DATE_LABEL = 'Unknown Date';

export type MonthGroup<T> = { key: string; label: string; items: T[] };

export function monthKey(value: string | null | undefined): string {
  if (!value) return UNKNOWN_MONTH;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return UNKNOWN_MONTH;
  const year = d.getFullYear();
  if (year < 1970 || year > 2100) return UNKNOWN_MONTH;
  return `${year}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

export function monthLabel(key: string): string {
  if (key === UNKNOWN_MONTH) return UNKNOWN_DATE_LABEL;
  const [year, month] = key.split('-').map(Number);
  if (!year || !month) return UNKNOWN_DATE_LABEL;
  return month <= 12 ? formatMonth(new Date(year, month - 1, 1)) : UNKNOWN_DATE_LABEL;
}

export function groupByMonth<T extends { createdAt?: string | null }>(items: T[]): MonthGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = monthKey(item.createdAt);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  // "YYYY-MM" keys, all different, compare as text: newest first, Unknown Date last
  return [...groups.entries()]
    .sort(([a], [b]) => (a === UNKNOWN_MONTH ? 1 : b === UNKNOWN_MONTH ? -1 : b < a ? -1 : 1))
    .map(([key, list]) => ({ key, label: monthLabel(key), items: list }));
}
