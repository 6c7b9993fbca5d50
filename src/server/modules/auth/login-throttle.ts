/**
 * How failed sign-ins slow the next attempt (docs/decisions/015-login-throttling.md). A client is a
 * known device (its device cookie names the account) or else a client address; the ceiling counts
 * every failure for the username and holds back only clients that are not known devices.
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/crypto';
import type { SlidingRule } from '../../lib/rate-limiter';

/**
 * What a valid device cookie names (src/server/http/device-cookie.ts): the account, a random device
 * id, and a tag of the account's password hash, so a password change retires every device cookie
 * issued before it without the server keeping a list of them (issue 28, point 2).
 */
export type DeviceCookie = { userId: string; deviceId: string; credential: string };

/** The device cookie's tag for an account's current password (its hash, keyed with a purpose key). */
export function deviceCredential(key: string, user: { id: string; passwordHash: string }) {
  return createHmac('sha256', key).update(`${user.id}|${user.passwordHash}`).digest('base64url').slice(0, 22);
}

/** True when a device cookie names this account and was issued under its current password. */
export function isKnownDevice(
  key: string,
  device: DeviceCookie | null,
  user: { id: string; passwordHash: string } | null,
) {
  return (
    !!user &&
    !!device &&
    device.userId === user.id &&
    safeEqual(device.credential, deviceCredential(key, user))
  );
}

/**
 * The sign-in counters of a subject: `user:<id>` when the name is an account's, else `name:<name>` (the
 * normalised name, which has no `:`), per client address and for all clients together.
 */
export const loginCounterKeys = (subject: string, ip: string) => ({
  client: `login:client:${subject}:${ip}`,
  ceiling: `login:${subject}`,
});

/**
 * Every sign-in counter keyed on a name rather than an account: those written while the name had no
 * account, or while its account was being deleted. A deleted account's name must leave none behind.
 */
export const nameCounters = (name: string) => ({
  exact: [loginCounterKeys(`name:${name}`, '').ceiling],
  prefixes: [loginCounterKeys(`name:${name}`, '').client],
});

export const LOGIN_THROTTLE = {
  /** failures one client may make for a username before each further attempt has to wait */
  clientFree: 5,
  /** the first wait after those; doubles with every further failure */
  clientBaseMs: 30_000,
  /** failures for a username, from all clients together, before unknown clients have to wait */
  ceilingFree: 20,
  ceilingBaseMs: 60_000,
  /** no wait is longer: a throttled name is slowed, never shut */
  capMs: 15 * 60_000,
  /** failures are forgotten after this long without a new one */
  memoryMs: 60 * 60_000,
} as const;

const { memoryMs, capMs } = LOGIN_THROTTLE;
export const CLIENT_RULE: SlidingRule = {
  memoryMs,
  capMs,
  free: LOGIN_THROTTLE.clientFree,
  baseMs: LOGIN_THROTTLE.clientBaseMs,
};
export const CEILING_RULE: SlidingRule = {
  memoryMs,
  capMs,
  free: LOGIN_THROTTLE.ceilingFree,
  baseMs: LOGIN_THROTTLE.ceilingBaseMs,
};

/** Milliseconds a client must leave after the last of `failures` before trying again (0: none). */
export function waitAfterFailures(failures: number, free: number, baseMs: number, capMs: number) {
  if (failures < free) return 0;
  return Math.min(capMs, baseMs * 2 ** (failures - free));
}

/** Whole seconds still to wait (for Retry-After), or 0 when the next attempt may go ahead. */
export function secondsLeft(waitMs: number, sinceLastMs: number) {
  const left = waitMs - sinceLastMs;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
