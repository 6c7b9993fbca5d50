import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../shared/schemas/notifications';
import { purposeKey } from '../../lib/keys';

/**
 * The one-click unsubscribe token (RFC 8058) a notification mail carries: `<userId>.<kind>.<mac>`,
 * the mac an HMAC-SHA256 under the `unsubscribe` key (lib/keys.ts), so a token names one person and
 * one kind and cannot be changed to name another. It does not expire: an old mail's link still works.
 */
const SHAPE =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, userId: string, kind: string) {
  return createHmac('sha256', purposeKey(secret, 'unsubscribe'))
    .update(`unsubscribe\0${userId}\0${kind}`)
    .digest('base64url');
}

export function signUnsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  return `${userId}.${kind}.${mac(secret, userId, kind)}`;
}

/** The person and kind a token names, or null for anything not signed by us. */
export function readUnsubscribeToken(
  secret: string,
  token: unknown,
): { userId: string; kind: NotificationKind } | null {
  if (typeof token !== 'string') return null;
  const m = SHAPE.exec(token);
  if (!m) return null;
  const [, userId, kind, given] = m;
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind!)) return null;
  const want = Buffer.from(mac(secret, userId!, kind!));
  const got = Buffer.from(given!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  return { userId: userId!, kind: kind as NotificationKind };
}
