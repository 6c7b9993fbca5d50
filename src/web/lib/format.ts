import { formatCents } from '@shared/token-cost';
import { relativeTime, toDate, type DateInput } from '@shared/relative-time';

export { relativeTime, toDate, type DateInput };

// Dates are written in US English by hand, as numbers and money are (formatNumber, formatCents): a
// page's first Intl date format makes ICU load its locale and calendar data, 60–250 ms of main thread
// in Chromium on this machine, inside the render that first shows a date
// (docs/decisions/047-dates-without-intl.md). The output is Intl's en-US, character for character
// (format.test.ts), in the person's own time zone.
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "Nov 7, 2026": the short date. */
export function formatDate(value: DateInput, fallback = 'N/A'): string {
  const d = toDate(value);
  if (!d) return fallback;
  // Intl writes eras ("1 BC"); no real record is that old, so it may pay for them
  if (d.getFullYear() < 1)
    return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  return `${MONTH_NAMES[d.getMonth()].slice(0, 3)} ${d.getDate()}, ${d.getFullYear()}`;
}

/** "Nov 7, 2026, 01:05 PM": the short date and time. */
export function formatDateTime(value: DateInput, fallback = 'N/A'): string {
  const d = toDate(value);
  if (!d) return fallback;
  const hours = d.getHours();
  return `${formatDate(d)}, ${twoDigits(hours % 12 || 12)}:${twoDigits(d.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Spec part 1 §9: money is kept in cents and shown in US dollars. */
export function formatMoney(cents: number | null | undefined): string {
  return formatCents(Number.isFinite(cents) ? (cents as number) : 0);
}

let numberFormat: Intl.NumberFormat | undefined;

export function formatNumber(value: number | null | undefined): string {
  const n = Number.isFinite(value) ? (value as number) : 0;
  // Whole numbers (balances, counts: the top bar's first paint) are grouped by hand: the first
  // toLocaleString of a page loads ICU's number data, ~30 ms of main thread before anything shows.
  if (Number.isSafeInteger(n)) return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  numberFormat ??= new Intl.NumberFormat('en-US');
  return numberFormat.format(n);
}

/** Spec part 1 §3: a missing balance shows as 0. */
export function formatTokens(value: number | null | undefined): string {
  const n = Number.isFinite(value) ? (value as number) : 0;
  return `${formatNumber(n)} ${n === 1 ? 'token' : 'tokens'}`;
}

/** Spec part 1 §2: where there is no picture, the first two letters of the name stand in. */
export function initials(name: string | null | undefined): string {
  const clean = (name ?? '').trim();
  return clean ? Array.from(clean).slice(0, 2).join('').toUpperCase() : '?';
}
