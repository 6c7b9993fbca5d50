import { ArrowRight } from 'lucide-react';
import { AUDIT_ACTION_LABELS, type AuditEntry } from '@shared/schemas/audit';
import { Badge } from '@web/components/ui/badge';
import { Td, Tr } from '@web/components/ui/table';
import { formatDateTime, formatNumber } from '@web/lib/format';
import type { AdminListProps } from '../../shared/admin-list';
import { AdminTable } from '../../shared/admin-table';

const ENTITY_LABELS: Record<NonNullable<AuditEntry['entity']>['type'], string> = {
  user: 'User',
  model: 'Model',
  upload_log: 'Upload',
  token_package: 'Package',
  preset_style: 'Style',
  style_image: 'Style image',
  pack: 'Photo pack',
  pack_cover: 'Pack cover',
  site_theme: 'Theme',
  support_ticket: 'Ticket',
  upscale_price: 'Upscale price',
};

// what needs a second look stands out: removals in red, access and password changes in amber
const ACTION_VARIANT: Partial<Record<AuditEntry['action'], 'red' | 'amber' | 'blue'>> = {
  'user.delete': 'red',
  'package.delete': 'red',
  'style.delete': 'red',
  'user.admin': 'amber',
  'user.status': 'amber',
  'user.password_reset': 'amber',
  'user.balance': 'blue',
};

type Change = { field: string; before: unknown; after: unknown };

/** Flattens before/after into one row per changed leaf: `profiles.standard.primaryColor`. */
export function changedFields(before: AuditEntry['before'], after: AuditEntry['after']): Change[] {
  const out: Change[] = [];
  const isObject = (v: unknown): v is Record<string, unknown> =>
    !!v && typeof v === 'object' && !Array.isArray(v);
  const walk = (b: unknown, a: unknown, path: string) => {
    if (isObject(b) || isObject(a)) {
      const bo = isObject(b) ? b : {};
      const ao = isObject(a) ? a : {};
      for (const key of new Set([...Object.keys(bo), ...Object.keys(ao)]))
        walk(bo[key], ao[key], path ? `${path}.${key}` : key);
      return;
    }
    out.push({ field: path, before: b, after: a });
  };
  walk(before ?? {}, after ?? {}, '');
  return out;
}

function show(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  if (typeof v === 'number') return formatNumber(v);
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

/** Readable "before → after" lines; an event without fields (a password reset) reads as a dash. */
export function Changes({ entry }: { entry: AuditEntry }) {
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="space-y-1">
      {changes.map((c) => (
        <li key={c.field} className="flex flex-wrap items-center gap-x-1.5 text-xs">
          <span className="font-medium">{c.field}:</span>
          <span className="max-w-56 truncate text-muted-foreground" title={show(c.before)}>
            {show(c.before)}
          </span>
          <ArrowRight className="size-3 shrink-0 text-muted-foreground" aria-label="changed to" />
          <span className="max-w-56 truncate" title={show(c.after)}>
            {show(c.after)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Target({ entry }: { entry: AuditEntry }) {
  const { targetUser, entity } = entry;
  if (!targetUser && !entity) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="space-y-0.5">
      {targetUser ? (
        <div>
          {targetUser.username ?? <span className="text-muted-foreground italic">Deleted user</span>}
          <div className="font-mono text-xs text-muted-foreground" title={targetUser.id}>
            {targetUser.id}
          </div>
        </div>
      ) : null}
      {entity && entity.type !== 'user' ? (
        <div className="text-xs text-muted-foreground">
          {ENTITY_LABELS[entity.type]}{' '}
          <span className="font-mono" title={entity.id}>
            {entity.id.length > 24 ? `${entity.id.slice(0, 24)}…` : entity.id}
          </span>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The admin audit log as a table: who, what, on whom, when, and what changed. Wider than a phone, so
 * it scrolls sideways inside its own box at 360 px (the page never does).
 */
export function AuditTable({
  entries,
  ...list
}: { entries: AuditEntry[]; loading: boolean } & Pick<
  AdminListProps,
  'filters' | 'failure' | 'pages' | 'pager'
>) {
  return (
    <AdminTable
      {...list}
      className="min-w-[760px]"
      scrollLabel="Audit log entries"
      caption="Admin actions, newest first"
      columns={['When', 'Admin', 'Action', 'Target', 'Before → after']}
      rows={entries}
      empty="No admin actions match these filters."
    >
      {(e) => (
        <Tr key={e.id}>
          <Td className="align-top whitespace-nowrap">
            <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
          </Td>
          <Td className="align-top">{e.admin.username}</Td>
          <Td className="align-top">
            <Badge variant={ACTION_VARIANT[e.action] ?? 'gray'}>
              {AUDIT_ACTION_LABELS[e.action] ?? e.action}
            </Badge>
          </Td>
          <Td className="align-top">
            <Target entry={e} />
          </Td>
          <Td className="align-top">
            <Changes entry={e} />
          </Td>
        </Tr>
      )}
    </AdminTable>
  );
}
