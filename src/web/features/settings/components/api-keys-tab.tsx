import { BookOpen, KeyRound, Trash2 } from 'lucide-react';
import { MAX_API_KEYS } from '@shared/api-key-texts';
import type { ApiKey } from '@shared/schemas/api-keys';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { SectionCard } from '@web/components/ui/card';
import { Skeleton, SkeletonGroup } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys-api';
import { CopyButton } from '@web/components/copy-field';
import { CreateApiKeyDialog, SCOPE_TEXT } from './create-api-key-dialog';

/** The copy-paste examples, on this page's own origin. */
export function curlExample(origin: string) {
  return [
    `export LORA_API_KEY="ls_…"   # your key`,
    `curl -H "Authorization: Bearer $LORA_API_KEY" ${origin}/api/models`,
    `curl -H "Authorization: Bearer $LORA_API_KEY" "${origin}/api/generated-images?limit=10"`,
  ].join('\n');
}

/** An expired key stays listed until revoked, so its owner sees why a script stopped. */
export function expiryText(expiresAt: string | null, now = Date.now()) {
  if (!expiresAt) return 'Never expires';
  return new Date(expiresAt).getTime() <= now
    ? `Expired ${formatDateTime(expiresAt)}`
    : `Expires ${formatDateTime(expiresAt)}`;
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  return (
    <li data-testid="api-key-row" className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium break-all">
          <KeyRound aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          {apiKey.name}
          {apiKey.scopes.map((s) => (
            <Badge key={s} variant={s === 'generate' ? 'amber' : 'blue'}>
              {SCOPE_TEXT[s].label}
            </Badge>
          ))}
        </p>
        <p className="text-sm text-muted-foreground">
          <code className="font-mono text-xs">{apiKey.prefix}…</code> · Created{' '}
          {formatDateTime(apiKey.createdAt)} ·{' '}
          {apiKey.lastUsedAt ? `Last used ${formatDateTime(apiKey.lastUsedAt)}` : 'Never used'} ·{' '}
          {expiryText(apiKey.expiresAt)}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button
            size="sm"
            variant="outline"
            disabled={revoke.isPending}
            aria-label={`Revoke ${apiKey.name}`}
          >
            <Trash2 aria-hidden="true" />
            Revoke
          </Button>
        }
        title={`Revoke “${apiKey.name}”?`}
        description="Scripts using this key stop working at once. This cannot be undone."
        confirmLabel="Revoke key"
        destructive
        onConfirm={() =>
          revoke.mutate(apiKey.id, {
            onSuccess: () => toast({ title: 'Key revoked', description: `${apiKey.name} no longer works.` }),
          })
        }
      />
    </li>
  );
}

/** Settings → API keys: the person's keys, a way to make and revoke them, and how to call the API. */
export function ApiKeysTab() {
  const keys = useApiKeys();
  const list = keys.data?.apiKeys ?? [];
  const full = list.length >= MAX_API_KEYS;
  const example = curlExample(window.location.origin);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <SectionCard
        title="API keys"
        description="Use LoRA Studio from your own scripts. A key acts as you on the routes its scopes allow; it can never pay, change your account or reach admin pages, even when you are an admin. A new password, a password reset or signing out everywhere revokes every key."
        aside={<CreateApiKeyDialog disabled={!keys.isSuccess || full} />}
      >
        {keys.isPending ? (
          <SkeletonGroup className="grid gap-3" label="Loading API keys">
            <Skeleton className="h-12 w-full" />
          </SkeletonGroup>
        ) : keys.isError ? (
          <p className="text-sm text-destructive-text">
            {errorMessage(keys.error, 'Could not load your API keys.')}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no API keys yet.</p>
        ) : (
          <>
            <ul className="divide-y divide-border" aria-label="Your API keys">
              {list.map((k) => (
                <KeyRow key={k.id} apiKey={k} />
              ))}
            </ul>
            <p className="mt-2 text-xs text-muted-foreground">
              {list.length} of {MAX_API_KEYS} keys{full ? ': revoke one to create another.' : '.'}
            </p>
          </>
        )}
      </SectionCard>
      <SectionCard
        title="Try it"
        description="Each request sends the key in the Authorization header. A key is limited to a number of requests per minute; past it, the answer is 429 with Retry-After."
      >
        <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
          <div className="flex min-w-0 items-start gap-2">
            <pre
              className="min-w-0 flex-1 overflow-x-auto rounded-md border bg-muted/40 p-3 font-mono text-xs"
              aria-label="curl example"
              tabIndex={0}
            >
              {example}
            </pre>
            <CopyButton value={example} label="curl example" />
          </div>
          <p className="text-sm">
            <a
              className="inline-flex items-center gap-1 text-primary-text underline-offset-4 hover:underline"
              href="/docs/api"
            >
              <BookOpen aria-hidden="true" className="size-4" />
              API reference
            </a>{' '}
            <span className="text-muted-foreground">(every route, with the scopes a key needs for it)</span>
          </p>
        </div>
      </SectionCard>
    </div>
  );
}
