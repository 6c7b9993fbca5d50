import { SECURITY_EVENT_LABELS } from '@shared/two-factor-texts';
import type { SecurityEvent } from '@shared/schemas/two-factor';
import { formatDateTime } from '@web/lib/format';

function detailText(e: SecurityEvent) {
  const d = e.detail ?? {};
  if (d.method) return `with ${d.method}`;
  if (d.step)
    return d.step === 'password' ? 'wrong password' : d.step === 'code' ? 'wrong code' : 'passkey refused';
  if (d.name) return `“${d.name}”`;
  if (d.via) return `from ${d.via}`;
  return '';
}

/**
 * An account's security activity (docs/decisions/056-second-factor.md): what happened, when, from which
 * device and network. Settings → Security shows the owner's; the admin's user view shows anyone's.
 */
export function SecurityEventList({ events, label }: { events: SecurityEvent[]; label: string }) {
  if (events.length === 0) return <p className="text-sm text-muted-foreground">No security activity yet.</p>;
  return (
    <ul aria-label={label} className="grid gap-2">
      {events.map((e) => (
        <li key={e.id} className="rounded-md border p-3 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span
              className={e.kind === 'sign_in_failed' ? 'font-medium text-destructive-text' : 'font-medium'}
            >
              {SECURITY_EVENT_LABELS[e.kind]} {detailText(e)}
            </span>
            <time dateTime={e.createdAt} className="text-muted-foreground">
              {formatDateTime(e.createdAt)}
            </time>
          </div>
          <p className="text-muted-foreground">
            {[e.device, e.address].filter(Boolean).join(' · ') || 'No device recorded'}
          </p>
        </li>
      ))}
    </ul>
  );
}
