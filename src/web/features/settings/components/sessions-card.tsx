import { LogOut, MonitorSmartphone } from 'lucide-react';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { SectionCard } from '@web/components/ui/card';
import { Skeleton, SkeletonGroup } from '@web/components/ui/skeleton';
import { ButtonSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/settings-api';

/** Where the account is signed in, with a way out for each other device and for all of them. */
export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <SectionCard
      title="Active sessions"
      description="Devices signed in to your account. A session ends after 7 days unused and 30 days after sign-in."
      footerClassName="flex flex-wrap items-center gap-3"
      footer={
        <>
          <Button
            variant="destructive"
            disabled={revokeOthers.isPending || others === 0}
            aria-describedby={sessions.isSuccess && others === 0 ? 'no-other-sessions' : undefined}
            onClick={() =>
              revokeOthers.mutate(undefined, {
                onSuccess: () =>
                  toast({
                    title: 'Signed out everywhere else',
                    description:
                      'Every other device is signed out and every API key is revoked. This one stays signed in.',
                  }),
              })
            }
          >
            {revokeOthers.isPending ? <ButtonSpinner /> : <LogOut aria-hidden="true" />}
            Sign out everywhere else
          </Button>
          {sessions.isSuccess && others === 0 ? (
            <p id="no-other-sessions" className="text-sm text-muted-foreground">
              No other device is signed in.
            </p>
          ) : null}
        </>
      }
    >
      {sessions.isPending ? (
        <SkeletonGroup className="grid gap-3" label="Loading sessions">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </SkeletonGroup>
      ) : sessions.isError ? (
        <p className="text-sm text-destructive-text">
          {errorMessage(sessions.error, 'Could not load your sessions.')}
        </p>
      ) : (
        <ul className="divide-y divide-border" aria-label="Active sessions">
          {list.map((s) => (
            <li
              key={s.id}
              data-testid="session-row"
              className="flex flex-wrap items-center justify-between gap-2 py-3"
            >
              <div className="flex min-w-0 items-start gap-3">
                <MonitorSmartphone
                  aria-hidden="true"
                  className="mt-0.5 size-5 shrink-0 text-muted-foreground"
                />
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {s.device}
                    {s.current ? <Badge variant="green">This device</Badge> : null}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    Signed in {formatDateTime(s.createdAt)} · Last seen {formatDateTime(s.lastSeenAt)}
                  </p>
                </div>
              </div>
              {s.current ? null : (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={revoke.isPending}
                  aria-label={`Sign out ${s.device}, last seen ${formatDateTime(s.lastSeenAt)}`}
                  onClick={() =>
                    revoke.mutate(s.id, {
                      onSuccess: () =>
                        toast({ title: 'Signed out', description: `${s.device} is signed out.` }),
                    })
                  }
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
