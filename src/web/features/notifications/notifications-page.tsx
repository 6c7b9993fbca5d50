import { Link, useNavigate } from 'react-router';
import { Bell } from 'lucide-react';
import type { NotificationView } from '@shared/schemas/notifications';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { ErrorAlert } from '@web/components/ui/error-alert';
import { PageHeader } from '@web/components/ui/page-header';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { formatDateTime } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { useMarkRead, useNotificationPages } from './api/notifications-api';
import { LoadMore } from '@web/components/ui/load-more';

function NotificationItem({ n }: { n: NotificationView }) {
  const markRead = useMarkRead('Could not mark as read');
  const navigate = useNavigate();
  const unread = n.readAt === null;

  async function read() {
    try {
      await markRead.mutateAsync({ ids: [n.id] });
    } catch {
      // told by the error policy (src/web/lib/error-policy.ts)
    }
  }
  async function open() {
    if (unread) await read();
    if (n.link) void navigate(n.link);
  }

  return (
    <li
      className={cn(
        'flex flex-col gap-2 rounded-lg border border-border p-4 sm:flex-row sm:items-start sm:justify-between',
        unread ? 'bg-muted/60' : 'bg-background',
      )}
      data-testid="notification-item"
    >
      <div className="min-w-0 space-y-1">
        <p className="flex items-center gap-2 font-medium break-words">
          {unread ? (
            <>
              <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-primary" />
              <span className="sr-only">Unread: </span>
            </>
          ) : null}
          {n.title}
        </p>
        <p className="text-sm break-words text-muted-foreground">{n.body}</p>
        {n.expiresAt ? (
          <p className="text-sm text-muted-foreground">
            Available until <time dateTime={n.expiresAt}>{formatDateTime(n.expiresAt)}</time>.
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        {n.link ? (
          <Button size="sm" variant="outline" onClick={() => void open()} aria-label={`Open: ${n.title}`}>
            Open
          </Button>
        ) : null}
        {unread ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={markRead.isPending}
            onClick={() => void read()}
            aria-label={`Mark as read: ${n.title}`}
          >
            Mark as read
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export function NotificationsPage() {
  usePageTitle('Notifications');
  const pages = useNotificationPages();
  const markAll = useMarkRead('Could not mark all as read');
  const items = pages.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = pages.data?.pages[0]?.unread ?? 0;

  async function readAll() {
    try {
      await markAll.mutateAsync({ all: true });
    } catch {
      // told by the error policy (src/web/lib/error-policy.ts)
    }
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Notifications"
        description={
          <>
            Trainings, purchases, support answers and data exports.{' '}
            <Link
              to="/settings?tab=notifications"
              className="font-medium text-primary-text underline-offset-4 hover:underline"
            >
              Choose which ones are also sent by email
            </Link>
            .
          </>
        }
        actions={
          unread > 0 ? (
            <Button variant="outline" onClick={() => void readAll()} disabled={markAll.isPending}>
              Mark all as read
            </Button>
          ) : null
        }
      />
      {pages.isPending ? (
        <FullPageSpinner />
      ) : pages.isError ? (
        <ErrorAlert
          title="Could not load your notifications"
          error={pages.error}
          onRetry={() => void pages.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Bell className="size-8" aria-hidden="true" />}
          title="No notifications yet"
          description="You will hear here when a model is ready, tokens arrive or support answers."
        />
      ) : (
        <>
          <p className="sr-only" aria-live="polite">
            {unread === 0 ? 'All read' : `${unread} unread`}
          </p>
          <ul className="space-y-3" aria-label="Notifications, newest first">
            {items.map((n) => (
              <NotificationItem key={n.id} n={n} />
            ))}
          </ul>
          <LoadMore pages={pages} busyLabel="Loading…" />
        </>
      )}
    </div>
  );
}
