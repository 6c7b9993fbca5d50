import { formatCents } from '@shared/token-cost';
import { relativeTime, toDate, type DateInput } from '@shared/relative-time';

export { relativeTime, toDate, type DateInput };

export function formatDate(value: DateInput, fallback = 'N/A'): string {
  const d = toDate(value);
  return d ? d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : fallback;
}

export function formatDateTime(value: DateInput, fallback = 'N/A'): string {
  const d = toDate(value);
  return d
    ? d.toLocaleString(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : fallback;
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
