import type { ReactNode } from 'react';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Td, Tr } from '@web/components/ui/table';
import { type EngineName, useAppConfig } from '@web/lib/app-config';
import { formatDateTime, formatDuration, formatNumber, relativeTime } from '@web/lib/format';
import type { AdminSystem } from '@shared/schemas/system';
import { AdminList, failureOf } from '../shared/admin-list';
import { AdminTable } from '../shared/admin-table';
import { useAdminSystem, useAdminVitals } from './api/system-api';
import { VitalsTable } from './components/vitals-table';

type JobStatus = AdminSystem['jobs'][number]['status'];
const STATUS_VARIANT: Record<JobStatus, 'amber' | 'blue' | 'green' | 'red'> = {
  queued: 'amber',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/** "3 min", "2 hr 5 min": how long ago `iso` was, as of the server's `now`. */
export function age(iso: string, now: string): string {
  return formatDuration((Date.parse(now) - Date.parse(iso)) / 1000);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Real users' Web Vitals: p75 per page over the last day (docs/decisions/057-web-vitals.md). */
const VITALS_HOURS = 24;

export function SystemTab() {
  const system = useAdminSystem();
  const vitals = useAdminVitals(VITALS_HOURS);
  const config = useAppConfig();
  const data = system.data;
  const engines = config.data?.engines ? (Object.entries(config.data.engines) as [EngineName, string][]) : [];

  return (
    <AdminList failure={failureOf(system, 'Failed to load system status')}>
      <Section title="Oldest pending job">
        {!data ? (
          <p className="text-muted-foreground">Loading…</p>
        ) : data.oldestPending ? (
          <p data-testid="oldest-pending">
            <span className="font-mono">{data.oldestPending.name}</span> waiting for{' '}
            {age(data.oldestPending.runAt, data.now)} (attempts so far: {data.oldestPending.attempts})
          </p>
        ) : (
          <p className="text-muted-foreground">No job is waiting: every due job has been picked up.</p>
        )}
      </Section>

      <Section title="Jobs by state">
        <AdminTable
          columns={['Job', 'State', 'Count', 'Oldest']}
          rows={data?.jobs ?? []}
          loading={!data}
          skeletonRows={3}
          empty="No jobs."
        >
          {(j) => (
            <Tr key={`${j.name}-${j.status}`}>
              <Td className="font-mono text-xs">{j.name}</Td>
              <Td>
                <Badge variant={STATUS_VARIANT[j.status]}>{j.status}</Badge>
              </Td>
              <Td>{formatNumber(j.count)}</Td>
              <Td title={formatDateTime(j.oldestAt)}>{age(j.oldestAt, data!.now)}</Td>
            </Tr>
          )}
        </AdminTable>
      </Section>

      <Section title="Failures in the last hour">
        <AdminTable
          columns={['Job', 'State', 'Attempts', 'Reason', 'When']}
          rows={data?.failures ?? []}
          loading={!data}
          skeletonRows={2}
          empty="No failures in the last hour."
        >
          {(f) => (
            <Tr key={f.id}>
              <Td className="font-mono text-xs">{f.name}</Td>
              <Td>
                <Badge variant={STATUS_VARIANT[f.status]}>
                  {f.status === 'failed' ? 'gave up' : 'retrying'}
                </Badge>
              </Td>
              <Td>
                {f.attempts} / {f.maxAttempts}
              </Td>
              <Td className="max-w-md break-words text-sm">{f.error}</Td>
              <Td className="whitespace-nowrap">{relativeTime(f.at, new Date(data!.now))}</Td>
            </Tr>
          )}
        </AdminTable>
      </Section>

      <Section title="Workers">
        <AdminTable
          columns={['Process', 'Role', 'Started', 'Last heartbeat', 'Running jobs', 'Health']}
          rows={data?.workers ?? []}
          loading={!data}
          skeletonRows={2}
          empty="No worker has reported: no process is running jobs."
        >
          {(w) => (
            <Tr key={w.id}>
              <Td className="font-mono text-xs">
                {w.host} · pid {w.pid}
              </Td>
              <Td>{w.role}</Td>
              <Td className="whitespace-nowrap">{formatDateTime(w.startedAt)}</Td>
              <Td className="whitespace-nowrap">{relativeTime(w.lastSeen, new Date(data!.now))}</Td>
              <Td>{formatNumber(w.activeJobs)}</Td>
              <Td>
                <Badge variant={w.gone ? 'red' : 'green'}>{w.gone ? 'gone' : 'alive'}</Badge>
              </Td>
            </Tr>
          )}
        </AdminTable>
      </Section>

      <Section title="Web Vitals of real visits (p75, last 24 hours)">
        {vitals.isError ? (
          <p className="text-muted-foreground">Could not load the Web Vitals.</p>
        ) : (
          <VitalsTable data={vitals.data} />
        )}
      </Section>

      <Section title="Engines">
        {engines.length === 0 ? (
          <p className="text-muted-foreground">
            {config.isError ? 'Could not load the engines.' : 'Loading…'}
          </p>
        ) : (
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {engines.map(([kind, mode]) => (
              <div key={kind} data-testid={`engine-${kind}`}>
                <dt className="text-sm text-muted-foreground">{kind}</dt>
                <dd className="font-medium">{mode}</dd>
              </div>
            ))}
          </dl>
        )}
      </Section>
    </AdminList>
  );
}
