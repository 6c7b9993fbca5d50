import { SecurityEventList } from '@web/components/security-event-list';
import { SectionCard } from '@web/components/ui/card';
import { Skeleton, SkeletonGroup } from '@web/components/ui/skeleton';
import { useSecurityActivity } from '../api/two-factor-api';

/** The account's sign-ins, failed attempts and credential changes, newest first. */
export function SecurityActivityCard() {
  const activity = useSecurityActivity();
  return (
    <SectionCard
      title="Security activity"
      description="Recent sign-ins, failed attempts and changes to your password, two-factor settings and passkeys. Addresses are shown as their network only."
    >
      {activity.isPending ? (
        <SkeletonGroup className="grid gap-3" label="Loading security activity">
          <Skeleton className="h-12 w-full" />
        </SkeletonGroup>
      ) : activity.isError ? (
        <p className="text-sm text-destructive-text">Could not load your security activity.</p>
      ) : (
        <SecurityEventList events={activity.data.events} label="Security activity" />
      )}
    </SectionCard>
  );
}
