import { useState } from 'react';
import { ExternalLink, RefreshCw } from 'lucide-react';
import { HOST_UPLOAD_MAX_RETRIES, UPLOAD_STATUSES } from '@shared/constants';
import type { UploadLog } from '@shared/schemas/models';
import { formatDateTime } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { SearchAndStatus } from '@web/components/ui/select';
import { StatusBadge, type StatusLook } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { ButtonSpinner } from '@web/components/ui/spinner';
import { Td, Tr } from '@web/components/ui/table';
import { toast } from '@web/components/ui/use-toast';
import { failureOf } from '../shared/admin-list';
import { AdminTable } from '../shared/admin-table';
import { useRetryUpload, useUploadLogs } from './api/upload-logs-api';
import { AdminPageHeader } from '../shared/admin-page-header';

type StatusFilter = 'all' | (typeof UPLOAD_STATUSES)[number];
const COLUMNS = ['Status', 'Model', 'User', 'AIR Name', 'Time', 'Retries', 'Actions'];
const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Uploads' },
  { value: 'pending', label: 'Pending' },
  { value: 'processing', label: 'Processing' },
  { value: 'success', label: 'Success' },
  { value: 'failed', label: 'Failed' },
];
// Spec part 2 §4: any other status reads as Unknown.
const LOOKS: Record<string, StatusLook> = {
  pending: { label: 'Pending', variant: 'gray' },
  processing: { label: 'Processing', variant: 'blue' },
  success: { label: 'Success', variant: 'green' },
  failed: { label: 'Failed', variant: 'red' },
};

function RetryButton({ log }: { log: UploadLog }) {
  const retry = useRetryUpload(log.modelId);
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={retry.isPending}
      aria-label={`Retry upload of ${log.model.name}`}
      onClick={() =>
        retry.mutate(undefined, {
          onSuccess: () =>
            toast({ title: 'Re-upload started', description: `${log.model.name} is being uploaded again.` }),
        })
      }
    >
      {retry.isPending ? <ButtonSpinner /> : <RefreshCw aria-hidden="true" />}
      Retry
    </Button>
  );
}

export function UploadLogsPage() {
  usePageTitle('Model Upload Logs');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const q = search.trim();
  const logs = useUploadLogs({ search: q || undefined, status: status === 'all' ? undefined : status });
  const stats = logs.data?.stats;

  return (
    <div>
      <AdminPageHeader
        title="Model Upload Logs"
        description="Monitor and troubleshoot model uploads to Runware"
      />
      <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
        {(['total', 'pending', 'processing', 'success', 'failed'] as const).map((k) => (
          <Card key={k}>
            <CardContent className="pt-4 pb-4">
              <p className="text-sm text-muted-foreground capitalize">{k}</p>
              <p className="text-2xl font-bold" data-testid={`stat-${k}`}>
                {stats ? stats[k] : '–'}
              </p>
            </CardContent>
          </Card>
        ))}
      </div>
      <AdminTable
        filters={
          <SearchAndStatus
            search={{
              type: 'search',
              label: 'Search upload logs',
              placeholder: 'Search by model, user, AIR name or message...',
              value: search,
              onValueChange: setSearch,
            }}
            status={status}
            onStatusChange={setStatus}
            statuses={FILTERS}
          />
        }
        failure={failureOf(logs, 'Error', { fallback: 'Failed to load upload logs.', retryLabel: 'Retry' })}
        columns={COLUMNS}
        rows={logs.data?.uploadLogs ?? []}
        loading={logs.isPending}
        empty="No upload logs found matching your criteria."
        // the table's own scroll box keeps the links' sr-only "(opens in a new tab)" from widening the page at 360 px
        className="min-w-[760px]"
      >
        {(log) => (
          <Tr key={log.id} className="align-top">
            <Td>
              <StatusBadge
                status={log.status}
                looks={LOOKS}
                unknown={{ label: 'Unknown', variant: 'outline' }}
              />
            </Td>
            <Td className="max-w-xs">
              <p className="font-medium">{log.model.name}</p>
              <p className="text-muted-foreground">{log.message || 'No message'}</p>
              {log.errorDetails ? (
                <p className="mt-1 text-xs break-words text-destructive-text">{log.errorDetails}</p>
              ) : null}
            </Td>
            <Td>{log.model.user.username}</Td>
            <Td className="font-mono text-xs break-all">{log.airName || 'Not set'}</Td>
            <Td className="whitespace-nowrap">{formatDateTime(log.createdAt)}</Td>
            <Td className="whitespace-nowrap">
              {log.retryCount} / {HOST_UPLOAD_MAX_RETRIES}
            </Td>
            <Td>
              {log.status === 'failed' ? <RetryButton log={log} /> : null}
              {log.status === 'success' ? (
                <a
                  href={`/models/${log.modelId}`}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-primary-text underline-offset-4 hover:underline"
                >
                  View
                  <ExternalLink aria-hidden="true" className="size-3" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : null}
            </Td>
          </Tr>
        )}
      </AdminTable>
    </div>
  );
}
