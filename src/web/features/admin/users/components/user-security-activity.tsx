import { SecurityEventList } from '@web/components/security-event-list';
import { useUserSecurityActivity } from '../api/security-activity-api';

export function UserSecurityActivity({ userId, username }: { userId: string; username: string }) {
  const activity = useUserSecurityActivity(userId);
  return (
    <section aria-labelledby="user-security-activity" className="grid gap-2">
      <h3 id="user-security-activity" className="text-sm font-medium">
        Security activity
      </h3>
      {activity.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : activity.isError ? (
        <p className="text-sm text-destructive-text">Could not load the security activity.</p>
      ) : (
        <div className="max-h-64 overflow-y-auto">
          <SecurityEventList events={activity.data.events} label={`Security activity of ${username}`} />
        </div>
      )}
    </section>
  );
}
