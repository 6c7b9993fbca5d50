import { CLSThresholds, FCPThresholds, INPThresholds, LCPThresholds, TTFBThresholds } from 'web-vitals';
import { Badge } from '@web/components/ui/badge';
import { Td, Tr } from '@web/components/ui/table';
import { AdminTable } from '../../shared/admin-table';
import { formatNumber } from '@web/lib/format';
import { VITAL_NAMES, type AdminVitals, type VitalName } from '@shared/schemas/vitals';

// the library's own thresholds: [good up to, needs improvement up to]; above is poor
const THRESHOLDS: Record<VitalName, readonly number[]> = {
  LCP: LCPThresholds,
  INP: INPThresholds,
  CLS: CLSThresholds,
  TTFB: TTFBThresholds,
  FCP: FCPThresholds,
};
const RATINGS = {
  good: { label: 'good', variant: 'green' },
  'needs-improvement': { label: 'needs improvement', variant: 'amber' },
  poor: { label: 'poor', variant: 'red' },
} as const;

export function rateVital(name: VitalName, value: number): keyof typeof RATINGS {
  const [good, fair] = THRESHOLDS[name];
  return value <= good ? 'good' : value <= fair ? 'needs-improvement' : 'poor';
}

/** "180 ms", "2.4 s"; CLS as its score, "0.052". */
export function formatVital(name: VitalName, value: number): string {
  if (name === 'CLS') return value.toFixed(3);
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`;
}

/** A route per row, each vital's p75 with its rating and how many samples it rests on. */
export function VitalsTable({ data }: { data: AdminVitals | undefined }) {
  const routes = data ? [...new Set(data.vitals.map((v) => v.route))].sort() : [];
  const cell = (route: string, name: VitalName) =>
    data?.vitals.find((v) => v.route === route && v.name === name);
  return (
    <AdminTable
      scrollLabel="Web Vitals by page"
      columns={['Page', ...VITAL_NAMES.map((name) => `${name} p75`)]}
      rows={routes}
      loading={!data}
      skeletonRows={2}
      empty={`No measurements from browsers in the last ${data?.hours} hours.`}
    >
      {(route) => (
        <Tr key={route} data-testid={`vitals-${route}`}>
          <Td className="font-mono text-xs">{route}</Td>
          {VITAL_NAMES.map((name) => {
            const v = cell(route, name);
            if (!v)
              return (
                <Td key={name} className="text-muted-foreground">
                  —
                </Td>
              );
            const rating = RATINGS[rateVital(name, v.p75)];
            return (
              <Td key={name} className="whitespace-nowrap">
                <span className="font-medium">{formatVital(name, v.p75)}</span>{' '}
                <Badge variant={rating.variant}>{rating.label}</Badge>
                <span className="block text-xs text-muted-foreground">
                  {formatNumber(v.samples)} {v.samples === 1 ? 'sample' : 'samples'}
                </span>
              </Td>
            );
          })}
        </Tr>
      )}
    </AdminTable>
  );
}
