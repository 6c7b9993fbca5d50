import { Histogram, type Registry } from 'prom-client';
import type { VitalName } from '../../../shared/schemas/vitals';

// Bucket edges hold web-vitals' own thresholds (good / needs improvement / poor), so a histogram
// answers "what share of loads was good" exactly: LCP 2.5/4 s, INP 0.2/0.5 s, FCP 1.8/3 s,
// TTFB 0.8/1.8 s, CLS 0.1/0.25.
const SECONDS = [0.05, 0.1, 0.2, 0.5, 0.8, 1, 1.8, 2.5, 3, 4, 6, 10];
const CLS = [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1];

const FAMILIES: Record<VitalName, { name: string; help: string; buckets: number[]; scale: number }> = {
  LCP: {
    name: 'lora_web_vitals_lcp_seconds',
    help: 'Largest Contentful Paint reported by browsers, by page route.',
    buckets: SECONDS,
    scale: 1000,
  },
  INP: {
    name: 'lora_web_vitals_inp_seconds',
    help: 'Interaction to Next Paint reported by browsers, by page route.',
    buckets: SECONDS,
    scale: 1000,
  },
  FCP: {
    name: 'lora_web_vitals_fcp_seconds',
    help: 'First Contentful Paint reported by browsers, by page route.',
    buckets: SECONDS,
    scale: 1000,
  },
  TTFB: {
    name: 'lora_web_vitals_ttfb_seconds',
    help: 'Time to First Byte reported by browsers, by page route.',
    buckets: SECONDS,
    scale: 1000,
  },
  CLS: {
    name: 'lora_web_vitals_cls',
    help: 'Cumulative Layout Shift reported by browsers, by page route.',
    buckets: CLS,
    scale: 1,
  },
};

/**
 * One histogram per vital on the app's registry, fed by the beacons this process accepts. Like the
 * request metrics they live in memory: Prometheus scrapes every web instance and sums them (decision 057).
 */
export function createVitalsHistograms(registry: Registry) {
  const histograms = Object.fromEntries(
    Object.entries(FAMILIES).map(([vital, f]) => [
      vital,
      {
        scale: f.scale,
        histogram: new Histogram({
          name: f.name,
          help: f.help,
          labelNames: ['route'] as const,
          buckets: f.buckets,
          registers: [registry],
        }),
      },
    ]),
  ) as Record<VitalName, { scale: number; histogram: Histogram<'route'> }>;

  /** `value` as the browser reports it: milliseconds, or CLS's score. */
  return function observe(route: string, name: VitalName, value: number) {
    const { histogram, scale } = histograms[name];
    histogram.observe({ route }, value / scale);
  };
}
export type ObserveVital = ReturnType<typeof createVitalsHistograms>;
