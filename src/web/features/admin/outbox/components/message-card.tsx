import { Fragment, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDateTime } from '@web/lib/format';
import type { OutboxMessage } from '../api/outbox-api';

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

/** One sent (or failed) e-mail: subject, recipient, state, and its text on demand. */
export function MessageCard({ m }: { m: OutboxMessage }) {
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
