import { Fragment, useState } from 'react';
import { ChevronDown, Mail } from 'lucide-react';
import { AdminPageHeader } from '@web/components/admin/admin-page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { type OutboxMessage, useOutbox } from './api/outbox-api';

const URL_RE = /(https?:\/\/[^\s<>"')]+)/g;

/** The plain-text body with its links made clickable; the stored HTML is never injected. */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(URL_RE);
  return (
    <p className="text-sm whitespace-pre-wrap break-words">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a
            key={i}
            href={part}
            className="text-primary-text underline underline-offset-4 break-all"
            target="_blank"
            rel="noreferrer"
          >
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

function MessageCard({ m }: { m: OutboxMessage }) {
  const [open, setOpen] = useState(false);
  return (
    <Card data-testid="outbox-message">
      <CardHeader className="gap-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle className="text-base break-words">{m.subject}</CardTitle>
          {m.error ? (
            <Badge variant="red">Failed</Badge>
          ) : m.sentAt ? (
            <Badge variant="green">Sent</Badge>
          ) : (
            <Badge variant="amber">Queued</Badge>
          )}
        </div>
        <p className="text-xs text-muted-foreground">
          To {m.to} · {formatDateTime(m.createdAt)} · via {m.transport}
        </p>
      </CardHeader>
      <CardContent className="space-y-2">
        {m.error ? <p className="text-sm text-destructive-text">Delivery error: {m.error}</p> : null}
        <Button
          variant="ghost"
          size="sm"
          className="-ml-3"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        >
          <ChevronDown className={open ? 'rotate-180' : undefined} aria-hidden="true" />
          {open ? 'Hide message' : 'Show message'}
        </Button>
        {open ? <LinkedText text={m.text} /> : null}
      </CardContent>
    </Card>
  );
}

// The endpoint answers the newest messages as a plain list; "Load more" asks for a longer one.
const PAGE = 50;
const MAX = 500;

export function OutboxPage() {
  usePageTitle('Mail Outbox');
  const [limit, setLimit] = useState(PAGE);
  const q = useOutbox(limit);
  const messages = q.data ?? [];
  const hasMore = messages.length >= limit && limit < MAX;

  return (
    <div className="mx-auto max-w-3xl">
      <AdminPageHeader title="Mail Outbox" description="Every e-mail the site has sent, newest first." />
      {q.isPending ? (
        <div className="space-y-4">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : q.isError ? (
        <EmptyState
          title="Failed to load the outbox"
          description={errorMessage(q.error, 'Please try again.')}
          action={<Button onClick={() => void q.refetch()}>Try again</Button>}
        />
      ) : messages.length === 0 ? (
        <EmptyState icon={<Mail />} title="No messages yet." />
      ) : (
        <div className="space-y-4">
          {messages.map((m) => (
            <MessageCard key={m.id} m={m} />
          ))}
          {hasMore ? (
            <div className="flex justify-center">
              <Button
                variant="outline"
                onClick={() => setLimit((n) => Math.min(n + PAGE, MAX))}
                disabled={q.isFetching}
              >
                Load more
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
