import type { AuditAction, AuditEntityType, AuditEntry, AuditQuery } from '../../../shared/schemas/audit';
import type { DbOrTx, Tx } from '../../db/client';
import { readPage } from '../../lib/paging';
import { createAuditRepository, type AuditRow } from './audit.repository';

const DAY_MS = 86_400_000;

/** Who acted: the admin's id and their username at the time (kept even if they are renamed or deleted). */
export type AdminActor = { id: string; username: string };

export type AdminActionEntry = {
  admin: AdminActor;
  action: AuditAction;
  /** the user acted on (their id only: never their name or e-mail, which deletion must erase) */
  targetUserId?: string | null;
  /** the thing acted on when it is not only a user (a package, a style, a model…) */
  entity?: { type: AuditEntityType; id: string } | null;
  /** only the fields the action changed; see diffFields */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

// Keys that never reach the log, at any depth: whatever a caller passes, a hash or secret is dropped.
const SECRET_KEY = /^(password|newPassword|passwordHash|.*secret|token|apiKey|.*Hash)$/i;

function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!SECRET_KEY.test(k) && v !== undefined) out[k] = scrub(v);
    return out;
  }
  return value;
}

function scrubFields(fields: Record<string, unknown> | null | undefined) {
  if (!fields) return null;
  const out = scrub(fields) as Record<string, unknown>;
  return Object.keys(out).length ? out : null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

const same = (a: unknown, b: unknown) => JSON.stringify(scrub(a)) === JSON.stringify(scrub(b));

/**
 * The fields that differ between two versions of a record, as `{ before, after }` holding only those
 * fields (nested objects keep only their changed leaves); null when nothing changed.
 */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (SECRET_KEY.test(key)) continue;
    const x = before[key];
    const y = after[key];
    if (same(x, y)) continue;
    if (isPlainObject(x) && isPlainObject(y)) {
      const inner = diffFields(x, y);
      if (inner) {
        b[key] = inner.before;
        a[key] = inner.after;
      }
      continue;
    }
    b[key] = x ?? null;
    a[key] = y ?? null;
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

/**
 * Appends one entry to the admin audit log. Call it with the transaction that performs the action, so
 * the entry commits with it and a rolled-back action leaves none (docs/decisions/027-admin-audit-log.md).
 * For a user deletion: `{ admin, action: 'user.delete', targetUserId: id }` — ids only, no name.
 */
export async function recordAdminAction(tx: Tx, entry: AdminActionEntry) {
  return createAuditRepository(tx).insert({
    adminId: entry.admin.id,
    adminUsername: entry.admin.username,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    entityType: entry.entity?.type ?? null,
    entityId: entry.entity?.id ?? null,
    before: scrubFields(entry.before),
    after: scrubFields(entry.after),
  });
}

/**
 * Writes what `insert` creates and records its creation in one transaction, so an admin's new entity
 * never exists without its entry (docs/decisions/027-admin-audit-log.md).
 */
export function createAudited<R extends { id: string }>(
  db: DbOrTx,
  entry: { admin: AdminActor; action: AuditAction; type: AuditEntityType },
  insert: (tx: Tx) => Promise<R>,
  audited: (created: R) => Record<string, unknown>,
): Promise<R> {
  return db.transaction(async (tx) => {
    const created = await insert(tx);
    const { admin, action, type } = entry;
    await recordAdminAction(tx, { admin, action, entity: { type, id: created.id }, after: audited(created) });
    return created;
  });
}

/**
 * Records an edit only when it changed something, with just the changed fields; an admin saving a form
 * unchanged leaves no entry. Returns whether an entry was written.
 */
export async function recordAdminChange(
  tx: Tx,
  entry: Omit<AdminActionEntry, 'before' | 'after'>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) {
  const diff = diffFields(before, after);
  if (!diff) return false;
  await recordAdminAction(tx, { ...entry, ...diff });
  return true;
}

function toEntry(r: { entry: AuditRow; targetUsername: string | null }): AuditEntry {
  const e = r.entry;
  return {
    id: e.id,
    action: e.action as AuditAction,
    admin: { id: e.adminId, username: e.adminUsername },
    targetUser: e.targetUserId ? { id: e.targetUserId, username: r.targetUsername } : null,
    entity: e.entityType && e.entityId ? { type: e.entityType as AuditEntityType, id: e.entityId } : null,
    before: e.before ?? null,
    after: e.after ?? null,
    createdAt: e.createdAt.toISOString(),
  };
}

export function createAuditService(deps: { db: DbOrTx }) {
  const repo = createAuditRepository(deps.db);
  return {
    /** `GET /api/admin/audit`: newest first, keyset-paged; `to` includes that whole UTC day. */
    async page(query: AuditQuery) {
      const filters = {
        action: query.action,
        adminId: query.adminId,
        targetUserId: query.targetUserId,
        from: query.from ? new Date(`${query.from}T00:00:00.000Z`) : undefined,
        until: query.to ? new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS) : undefined,
      };
      const page = await readPage((n, after) => repo.page(filters, n, after), {
        limit: query.limit,
        cursor: query.cursor,
        cursorOf: (r) => ({ ts: r.cursorTs, id: r.entry.id }),
      });
      return { entries: page.items.map(toEntry), nextCursor: page.nextCursor };
    },

    /** Deletes entries older than the retention (days), measured from `now`; returns how many. */
    async purge(retentionDays: number, now: Date) {
      return repo.purgeBefore(new Date(now.getTime() - retentionDays * DAY_MS));
    },
  };
}
