import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  type NotificationKind,
} from '@shared/schemas/notifications';
import { SectionCard } from '@web/components/ui/card';
import { ErrorAlert } from '@web/components/ui/error-alert';
import { Label } from '@web/components/ui/label';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { useNotificationPreferences, useSetNotificationMail } from '../api/notification-preferences-api';

export function NotificationsTab() {
  const prefs = useNotificationPreferences();
  const setMail = useSetNotificationMail();

  async function toggle(kind: NotificationKind, on: boolean) {
    try {
      await setMail.mutateAsync({ kind, on });
    } catch {
      // told by the error policy (src/web/lib/error-policy.ts)
    }
  }

  return (
    <SectionCard
      title="Email notifications"
      description="Every notification appears under the bell. Choose which ones are also sent to your email address; each email has a one-click unsubscribe link for its kind."
      contentClassName="grid gap-3"
    >
      {prefs.isPending ? (
        <FullPageSpinner />
      ) : prefs.isError ? (
        <ErrorAlert
          title="Could not load your email settings"
          error={prefs.error}
          onRetry={() => void prefs.refetch()}
        />
      ) : (
        NOTIFICATION_KINDS.map((kind) => (
          <div
            key={kind}
            className="flex items-center justify-between gap-4 rounded-lg border border-border p-4"
          >
            <Label htmlFor={`mail-${kind}`}>{NOTIFICATION_KIND_LABELS[kind]}</Label>
            <Switch
              id={`mail-${kind}`}
              checked={prefs.data.mail[kind]}
              busy={setMail.isPending}
              onCheckedChange={(on) => void toggle(kind, on)}
            />
          </div>
        ))
      )}
    </SectionCard>
  );
}
