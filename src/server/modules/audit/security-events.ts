import { isIPv4, isIPv6 } from 'node:net';
import type { SecurityEvent, SecurityEventKind } from '../../../shared/schemas/two-factor';
import type { DbOrTx } from '../../db/client';
import { createSecurityEventsRepository } from './security-events.repository';

const DAY_MS = 86_400_000;
/** Settings → Security lists this many of the newest events. */
export const SECURITY_ACTIVITY_LIMIT = 50;

/**
 * An address as the security log keeps it: the network, not the host (an IPv4 /24, an IPv6 /48), so
 * the owner can tell "my home" from "another country" while the log holds no one's exact address.
 */
export function coarsenAddress(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped ? mapped[1]! : ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return null;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 3)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/48`;
}

export type SecurityEventInput = {
  userId: string;
  kind: SecurityEventKind;
  detail?: Record<string, string> | null;
  /** the client's address; stored coarsened */
  ip?: string | null;
  /** a short device label (auth's describeUserAgent), never the raw user agent */
  device?: string | null;
};

/**
 * Appends one event to an account's security log (docs/decisions/056-second-factor.md). Pass the
 * transaction of the change it records when there is one, so the two commit together.
 */
export async function recordSecurityEvent(db: DbOrTx, event: SecurityEventInput) {
  await createSecurityEventsRepository(db).insert({
    userId: event.userId,
    kind: event.kind,
    detail: event.detail ?? null,
    address: coarsenAddress(event.ip),
    device: event.device ?? null,
  });
}

/** The newest events of one account, for its owner and for admins. */
export async function securityActivity(db: DbOrTx, userId: string): Promise<SecurityEvent[]> {
  const rows = await createSecurityEventsRepository(db).latest(userId, SECURITY_ACTIVITY_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as SecurityEventKind,
    detail: r.detail ?? null,
    address: r.address,
    device: r.device,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The audit log's retention applies to the security log too; returns how many went. */
export async function purgeSecurityEvents(db: DbOrTx, retentionDays: number, now: Date) {
  return createSecurityEventsRepository(db).purgeBefore(new Date(now.getTime() - retentionDays * DAY_MS));
}
