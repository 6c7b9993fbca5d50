import type { DailyStatsDay } from '@shared/schemas/admin-stats';
import { formatMoney, formatNumber, formatWholeDollars } from '@web/lib/format';

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

/** The dashboard's charts (issue #26 part 3), in the order they show. */
export const CHART_SPECS: ChartSpec[] = [
  {
    id: 'revenue',
    title: 'Revenue',
    kind: 'bar',
    series: [{ key: 'revenueCents', label: 'Revenue', color: 'var(--primary)' }],
    format: formatMoney,
    axis: formatWholeDollars,
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
