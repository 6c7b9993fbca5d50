// The admin dashboard's charts (decision 040): recharts' SVG charts with its keyboard layer, each with
// a table view of the same numbers. Loaded only by admin-charts.tsx, lazily: recharts stays in the
// admin page's own chunk.
import { useId, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DailyStatsDay } from '@shared/schemas/admin-stats';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Table, TableCaption, TBody, Td, Th, THead, Tr } from '@web/components/ui/table';
import { formatUtcDay } from '@web/lib/format';
import { CHART_SPECS, type ChartSpec } from './chart-specs';

const AXIS = { fontSize: 12, fill: 'var(--muted-foreground)' };
const TOOLTIP_STYLE = {
  background: 'var(--popover)',
  border: '1px solid var(--border)',
  borderRadius: 8,
  color: 'var(--popover-foreground)',
};

const total = (days: DailyStatsDay[], key: ChartSpec['series'][number]['key']) =>
  days.reduce((s, d) => s + d[key], 0);

function Plot({ spec, days, title }: { spec: ChartSpec; days: DailyStatsDay[]; title: string }) {
  const common = {
    data: days,
    margin: { top: 8, right: 8, bottom: 0, left: 0 },
    accessibilityLayer: true,
    title,
  };
  const axes = [
    <CartesianGrid key="grid" stroke="var(--border)" vertical={false} />,
    <XAxis
      key="x"
      dataKey="date"
      tickFormatter={formatUtcDay}
      tick={AXIS}
      stroke="var(--border)"
      minTickGap={16}
      interval="preserveStartEnd"
    />,
    <YAxis
      key="y"
      tick={AXIS}
      stroke="var(--border)"
      width={56}
      allowDecimals={false}
      tickFormatter={(n: number) => (spec.axis ?? spec.format)(n)}
    />,
    <Tooltip
      key="tip"
      contentStyle={TOOLTIP_STYLE}
      labelStyle={{ color: 'var(--popover-foreground)' }}
      cursor={{ fill: 'var(--muted)', stroke: 'var(--border)' }}
      labelFormatter={(d) => formatUtcDay(String(d))}
      formatter={(v) => spec.format(Number(v))}
    />,
    spec.series.length > 1 ? (
      <Legend key="legend" wrapperStyle={{ fontSize: 12, color: 'var(--muted-foreground)' }} />
    ) : null,
  ];
  return (
    <ResponsiveContainer width="100%" height={200} initialDimension={{ width: 320, height: 200 }}>
      {spec.kind === 'line' ? (
        <LineChart {...common}>
          {axes}
          {spec.series.map((s) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              strokeDasharray={s.dashed ? '6 4' : undefined}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      ) : (
        <BarChart {...common}>
          {axes}
          {spec.series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={s.color}
              // the second series is outlined as well as coloured: told apart without colour
              stroke={s.dashed ? 'var(--foreground)' : undefined}
              strokeDasharray={s.dashed ? '3 2' : undefined}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}

function ChartCard({ spec, days }: { spec: ChartSpec; days: DailyStatsDay[] }) {
  const [table, setTable] = useState(false);
  const id = useId();
  const period = `last ${days.length} days (UTC)`;
  const summary = spec.series.map((s) => `${s.label}: ${spec.format(total(days, s.key))}`).join(', ');
  return (
    <Card data-testid={`chart-${spec.id}`}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2 space-y-0">
        <div className="min-w-0">
          <CardTitle className="text-base" id={`${id}-title`}>
            {spec.title}
          </CardTitle>
          <p className="text-sm text-muted-foreground">{summary}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={table}
          aria-controls={`${id}-table`}
          aria-label={`${table ? 'Hide' : 'Show'} table of ${spec.title.toLowerCase()}`}
          onClick={() => setTable((t) => !t)}
        >
          {table ? 'Hide table' : 'Show table'}
        </Button>
      </CardHeader>
      <CardContent className="space-y-3">
        <figure aria-labelledby={`${id}-title`} className="m-0">
          <Plot spec={spec} days={days} title={`${spec.title}, ${period}`} />
          <figcaption className="sr-only">
            {spec.title} per day, {period}. {summary}. Use Show table for every day's figure.
          </figcaption>
        </figure>
        <div id={`${id}-table`} hidden={!table}>
          {table ? (
            <Table scrollLabel={`${spec.title} per day`} wrapperClassName="max-h-80 overflow-y-auto">
              <TableCaption>
                {spec.title} per day, {period}
              </TableCaption>
              <THead>
                <Tr>
                  <Th>Date</Th>
                  {spec.series.map((s) => (
                    <Th key={s.key} className="text-right">
                      {s.label}
                    </Th>
                  ))}
                </Tr>
              </THead>
              <TBody>
                {days.map((d) => (
                  <Tr key={d.date}>
                    <Th scope="row" className="font-normal text-foreground">
                      {d.date}
                    </Th>
                    {spec.series.map((s) => (
                      <Td key={s.key} className="text-right tabular-nums">
                        {spec.format(d[s.key])}
                      </Td>
                    ))}
                  </Tr>
                ))}
                <Tr>
                  <Th scope="row" className="text-foreground">
                    Total
                  </Th>
                  {spec.series.map((s) => (
                    <Td key={s.key} className="text-right font-medium tabular-nums">
                      {spec.format(total(days, s.key))}
                    </Td>
                  ))}
                </Tr>
              </TBody>
            </Table>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

export function DailyCharts({ days }: { days: DailyStatsDay[] }) {
  return (
    <div className="grid gap-3 sm:gap-4 lg:grid-cols-2">
      {CHART_SPECS.map((spec) => (
        <ChartCard key={spec.id} spec={spec} days={days} />
      ))}
    </div>
  );
}
