import type { DailyStatsDay } from '@shared/schemas/admin-stats';
import { formatNumber } from '@web/lib/format';

export type Figure = Exclude<keyof DailyStatsDay, 'date'>;

export type SeriesSpec = {
  key: Figure;
  label: string;
  /** a theme variable, so light, dark and the site theme recolour the chart (styles.css) */
  color: string;
  /** a second series is dashed or hatched too: the two never differ by colour alone */
  dashed?: boolean;
};

export type ChartSpec = {
  id: string;
  title: string;
  kind: 'bar' | 'line';
  series: SeriesSpec[];
  format: (n: number) => string;
  /** the value axis' ticks, when shorter than `format` */
  axis?: (n: number) => string;
};

/** Cents as dollars with grouping, a refund-heavy day below zero: "$1,234.56", "-$9.99". */
export function formatDollars(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  const text = `$${formatNumber(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}
const wholeDollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${formatNumber(Math.round(Math.abs(cents) / 100))}`;

/** The dashboard's charts (issue #26 part 3), in the order they show. */
export const CHART_SPECS: ChartSpec[] = [
  {
    id: 'revenue',
    title: 'Revenue',
    kind: 'bar',
    series: [{ key: 'revenueCents', label: 'Revenue', color: 'var(--primary)' }],
    format: formatDollars,
    axis: wholeDollars,
  },
  {
    id: 'purchases',
    title: 'Purchases',
    kind: 'bar',
    series: [{ key: 'purchases', label: 'Purchases', color: 'var(--primary)' }],
    format: formatNumber,
  },
  {
    id: 'signups',
    title: 'Sign-ups',
    kind: 'bar',
    series: [{ key: 'signups', label: 'Sign-ups', color: 'var(--accent)' }],
    format: formatNumber,
  },
  {
    id: 'images',
    title: 'Images generated',
    kind: 'bar',
    series: [{ key: 'images', label: 'Images', color: 'var(--accent)' }],
    format: formatNumber,
  },
  {
    id: 'trainings',
    title: 'Trainings ready and failed',
    kind: 'bar',
    series: [
      { key: 'trainingsReady', label: 'Ready', color: 'var(--primary)' },
      { key: 'trainingsFailed', label: 'Failed', color: 'var(--destructive)', dashed: true },
    ],
    format: formatNumber,
  },
  {
    id: 'tokens',
    title: 'Tokens spent and bought',
    kind: 'line',
    series: [
      { key: 'tokensBought', label: 'Bought', color: 'var(--primary)' },
      { key: 'tokensSpent', label: 'Spent', color: 'var(--accent)', dashed: true },
    ],
    format: formatNumber,
  },
];

/** "2026-11-26" → "Nov 26", read as a UTC day whatever the browser's zone. */
export function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
