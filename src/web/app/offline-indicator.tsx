import { WifiOff } from 'lucide-react';
import { offlineEngines, useAppConfig } from '@web/lib/app-config';
import { WithTooltip } from '@web/components/ui/tooltip';

/** docs/product/architecture.md: screens say plainly when an offline engine stands in for a vendor. */
export function useOfflineSummary(): { short: string; detail: string } | null {
  const { data } = useAppConfig();
  const engines = offlineEngines(data);
  if (engines.length === 0) return null;
  const notes: string[] = [];
  if (data?.engines.payments === 'offline') notes.push('no card is ever charged');
  if (data?.engines.mail === 'outbox') notes.push('e-mails are kept in the outbox instead of being sent');
  return {
    short:
      data?.engines.payments === 'offline'
        ? 'Built-in test engines; no real charges.'
        : 'Built-in test engines in use.',
    detail: `Built-in offline engines are in use for ${engines.join(', ')}${notes.length ? `; ${notes.join(' and ')}` : ''}.`,
  };
}

export function OfflineIndicator() {
  const summary = useOfflineSummary();
  if (!summary) return null;
  return (
    <WithTooltip content={summary.detail}>
      <button
        type="button"
        className="inline-flex cursor-help items-center gap-1 rounded-full border border-dashed border-border px-2 py-0.5 text-xs text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        aria-label={`Offline mode. ${summary.detail}`}
      >
        <WifiOff className="size-3" aria-hidden="true" />
        Offline mode
      </button>
    </WithTooltip>
  );
}
