import { useState } from 'react';
import { Download, FileArchive } from 'lucide-react';
import { errorMessage } from '@web/lib/api';
import { formatDateTime, formatFileSize } from '@web/lib/format';
import { Button } from '@web/components/ui/button';
import { SectionCard } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { ButtonSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { useLatestExport, useRequestExport } from '../api/account-data-api';

const size = (bytes: number | undefined) => (bytes === undefined ? '' : formatFileSize(bytes));

/** "Download my data": ask for an archive, watch it being prepared, download it while it is offered. */
export function DataExportCard() {
  const latest = useLatestExport();
  const request = useRequestExport();
  const current = latest.data?.export ?? null;
  const pending = current?.status === 'pending';
  const [refusal, setRefusal] = useState<string | null>(null);

  const ask = async () => {
    setRefusal(null);
    try {
      await request.mutateAsync();
      toast({
        title: 'Export requested',
        description: 'We are preparing your archive; this page updates by itself.',
      });
    } catch (error) {
      // shown on the card too: a refusal (one at a time, a few a day) says when to come back
      setRefusal(errorMessage(error, 'Could not start the export. Please try again.'));
    }
  };

  return (
    <SectionCard
      title="Download my data"
      description="A zip of everything you gave us and made here: your profile, token history and purchases (CSV), support tickets, each model's details and your attestation about its photos, the training photos we still keep, your LoRA weights, every generated image with its settings, your face-analysis consent, your settings and notification mails, your notifications, and your API keys (names, scopes and dates; never the keys). We e-mail you when it is ready; the archive downloads here, while you are signed in."
      footerClassName="flex flex-wrap items-center gap-3"
      footer={
        <>
          <Button type="button" onClick={ask} disabled={pending || request.isPending || latest.isPending}>
            {request.isPending ? <ButtonSpinner /> : <FileArchive aria-hidden="true" />}
            {pending ? 'Export in progress' : 'Export my data'}
          </Button>
          {refusal ? (
            <p role="alert" className="text-sm text-destructive-text">
              {refusal}
            </p>
          ) : null}
        </>
      }
    >
      {latest.isPending ? (
        <Skeleton className="h-10 w-full" aria-label="Loading your exports" />
      ) : latest.isError ? (
        <p className="text-sm text-destructive-text">
          {errorMessage(latest.error, 'Could not load your exports.')}
        </p>
      ) : (
        <div role="status" aria-live="polite" data-testid="export-status" className="text-sm">
          {!current ? (
            <p className="text-muted-foreground">You have no export yet.</p>
          ) : current.status === 'pending' ? (
            <p className="flex items-center gap-2">
              <ButtonSpinner />
              Preparing your archive (asked {formatDateTime(current.createdAt)})…
            </p>
          ) : current.status === 'ready' && current.downloadUrl ? (
            <div className="flex flex-wrap items-center gap-3">
              <Button asChild variant="outline">
                <a href={current.downloadUrl} download={`lora-studio-data-${current.id.slice(0, 8)}.zip`}>
                  <Download aria-hidden="true" />
                  Download archive {current.bytes ? `(${size(current.bytes)})` : ''}
                </a>
              </Button>
              <span className="text-muted-foreground">
                Available to you, signed in, until {formatDateTime(current.expiresAt)}; then deleted.
              </span>
            </div>
          ) : current.status === 'failed' ? (
            <p className="text-destructive-text">{current.error ?? 'The export could not be built.'}</p>
          ) : (
            <p className="text-muted-foreground">Your last export has expired.</p>
          )}
        </div>
      )}
    </SectionCard>
  );
}
