import type { Database } from '../db/client';
import type { users } from '../db/schema/index';
import { onUserChanged } from './user-changes';

type UserRow = typeof users.$inferSelect;

/**
 * The database channel the triggers notify (migration "session_cache_notify"): the payload is the id of
 * a user whose row, sessions, images or models changed, or `*` when something every user sees changed.
 */
export const SESSION_CACHE_CHANNEL = 'session_cache';

/** How long an entry may be served without a notification; bounds the harm of a missed one. */
export const SESSION_CACHE_TTL_MS = 5_000;
/** A user's cached first pages (the gallery); dropped by the same notifications, so they may live longer. */
export const USER_PAGE_TTL_MS = 30_000;
// a session is "touched" (idle expiry slid) at most this often; an entry never outlives a due touch
export const TOUCH_EVERY_MS = 3_600_000;

export type CachedSession = {
  user: UserRow;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  /** epoch ms after which the entry must be read again from the database */
  validUntil: number;
};

export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * A short-lived map from session id to the session's user, so a signed-in read costs no query
 * (docs/decisions/018-session-cache.md). Entries are dropped by user id when the database says the
 * user or one of their sessions changed (triggers → NOTIFY → `forgetUser`), and everything is off
 * while the subscription is not live: a lost listener means missed notifications.
 */
export function createSessionCache(opts: { ttlMs: number; maxEntries?: number }) {
  const maxEntries = opts.maxEntries ?? 10_000;
  const entries = new Map<string, CachedSession>();
  const byUser = new Map<string, Set<string>>();
  // per-user reads other than the session (key: user id, then the read's name)
  const pages = new Map<string, Map<string, { value: unknown; until: number }>>();
  let live = false;
  // bumped by every invalidation: a read that started before one must not be stored after it
  let epoch = 0;

  function drop(id: string) {
    const e = entries.get(id);
    if (!e) return;
    entries.delete(id);
    const ids = byUser.get(e.user.id);
    ids?.delete(id);
    if (ids?.size === 0) byUser.delete(e.user.id);
  }

  function clear() {
    epoch++;
    entries.clear();
    byUser.clear();
    pages.clear();
  }

  return {
    get live() {
      return live;
    },
    get size() {
      return entries.size;
    },
    get(id: string): CachedSession | undefined {
      const e = entries.get(id);
      if (!e) return undefined;
      if (!live || e.validUntil <= Date.now()) {
        drop(id);
        return undefined;
      }
      return e;
    },
    /** Call before reading a session from the database; pass the result to `set`. */
    begin: () => epoch,
    set(id: string, entry: Omit<CachedSession, 'validUntil'>, validUntil: number, startedAt: number) {
      if (!live || startedAt !== epoch) return;
      const until = Math.min(validUntil, Date.now() + opts.ttlMs);
      if (until <= Date.now()) return;
      drop(id);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) drop(oldest.value);
      }
      entries.set(id, { ...entry, validUntil: until });
      let ids = byUser.get(entry.user.id);
      if (!ids) byUser.set(entry.user.id, (ids = new Set()));
      ids.add(id);
    },
    /** A per-user read (e.g. the gallery's first page) cached by `writeFor`, if still good. */
    readFor<T>(userId: string, name: string): T | undefined {
      const e = pages.get(userId)?.get(name);
      if (!e) return undefined;
      if (!live || e.until <= Date.now()) {
        pages.get(userId)?.delete(name);
        return undefined;
      }
      return e.value as T;
    },
    writeFor(userId: string, name: string, value: unknown, startedAt: number, ttlMs = USER_PAGE_TTL_MS) {
      if (!live || startedAt !== epoch) return;
      let m = pages.get(userId);
      if (!m) {
        if (pages.size >= maxEntries) {
          const oldest = pages.keys().next();
          if (!oldest.done) pages.delete(oldest.value);
        }
        pages.set(userId, (m = new Map()));
      }
      m.set(name, { value, until: Date.now() + ttlMs });
    },
    /** Everything cached about the user: their sessions (changed, suspended, signed out) and reads. */
    forgetUser(userId: string) {
      epoch++;
      if (userId === '*') return clear();
      for (const id of [...(byUser.get(userId) ?? [])]) drop(id);
      pages.delete(userId);
    },
    forgetSession(id: string) {
      epoch++;
      drop(id);
    },
    up() {
      clear();
      live = true;
    },
    down() {
      live = false;
      clear();
    },
  };
}

/** Keeps `cache` in step with the database's notifications; resolves once subscribed. */
export async function subscribeSessionCache(
  database: Pick<Database, 'subscribe'>,
  cache: SessionCache,
  onDown?: (err?: Error) => void,
) {
  onUserChanged(cache);
  return database.subscribe(SESSION_CACHE_CHANNEL, {
    message: (userId) => cache.forgetUser(userId),
    up: () => cache.up(),
    down: (err) => {
      cache.down();
      onDown?.(err);
    },
  });
}
