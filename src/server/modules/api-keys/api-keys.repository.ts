import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiKeys, users } from '../../db/schema/index';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function createApiKeysRepository(db: DbOrTx) {
  return {
    /** The user's live keys, newest first (at most MAX_API_KEYS: the list needs no pages). */
    async live(userId: string, limit: number) {
      return db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
        .limit(limit);
    },
    async countLive(userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
      return Number(row?.n ?? 0);
    },
    /** Serialises key creation per user (the cap is checked under this lock). */
    async lockUser(userId: string) {
      await db.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    },
    async insert(row: typeof apiKeys.$inferInsert) {
      const [out] = await db.insert(apiKeys).values(row).returning();
      return out!;
    },
    /** Revokes one of the user's own live keys; false when none matches. */
    async revoke(userId: string, id: string) {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id, name: apiKeys.name });
      return rows[0];
    },
    /** Revokes every live key of the user (a credential reset, suspension, deletion); how many. */
    async revokeAll(userId: string) {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return rows.length;
    },
    /** A key by its public prefix, with its owner (one indexed read per API request). */
    async byPrefix(prefix: string) {
      const [row] = await db
        .select({ key: apiKeys, user: users })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(eq(apiKeys.prefix, prefix))
        .limit(1);
      return row;
    },
    /** Notes a use, at most once per `everyMs` (the guard makes concurrent touches one write). */
    async touch(id: string, everyMs: number) {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: sql`now()` })
        .where(
          and(
            eq(apiKeys.id, id),
            or(
              isNull(apiKeys.lastUsedAt),
              lt(apiKeys.lastUsedAt, sql`now() - make_interval(secs => ${everyMs / 1000})`),
            ),
          ),
        );
    },
  };
}
