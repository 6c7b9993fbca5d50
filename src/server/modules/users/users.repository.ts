import { normaliseIdentifier, sameIdentifier } from '../../../shared/normalise';
import { userChanged } from '../../lib/user-changes';
import { and, asc, eq, getTableColumns, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { exactTime, newestFirst, pastCursor, type Cursor } from '../../lib/cursor';
import { users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export function createUsersRepository(db: DbOrTx) {
  return {
    async byId(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },
    // The given spelling is normalised in JavaScript (src/shared/normalise.ts), never by lower() on
    // it: stored names are ASCII, so lower() of the stored side is the same function (issue 28).
    async byUsername(username: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = ${normaliseIdentifier(username)}`);
      return row ?? null;
    },
    async byEmail(email: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${normaliseIdentifier(email)}`);
      return row ?? null;
    },
    async byReferralCode(code: string) {
      const [row] = await db.select().from(users).where(eq(users.referralCode, code));
      return row ?? null;
    },
    async taken(username: string, email: string, exceptId?: string) {
      const rows = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(
          and(
            or(
              sql`lower(${users.username}) = ${normaliseIdentifier(username)}`,
              sql`lower(${users.email}) = ${normaliseIdentifier(email)}`,
            ),
            exceptId ? ne(users.id, exceptId) : undefined,
          ),
        );
      return {
        username: rows.some((r) => sameIdentifier(r.username, username)),
        email: rows.some((r) => sameIdentifier(r.email, email)),
      };
    },
    async insert(values: typeof users.$inferInsert) {
      const [row] = await db.insert(users).values(values).returning();
      return row;
    },
    async update(id: string, values: Partial<typeof users.$inferInsert>) {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      userChanged(id);
      return row ?? null;
    },
    async anyAdmin() {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
      return Boolean(row);
    },
    async count() {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row.n;
    },
    async search(q: string | undefined, limit: number, cursor?: Cursor) {
      const term = q ? `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : undefined;
      return db
        .select({ ...getTableColumns(users), cursorTs: exactTime(users.createdAt) })
        .from(users)
        .where(
          and(
            // accounts being deleted, and the tombstones that keep their ledger (decision 026)
            isNull(users.deletedAt),
            term ? or(ilike(users.username, term), ilike(users.email, term)) : undefined,
            pastCursor(users, cursor),
          ),
        )
        .orderBy(...newestFirst(users))
        .limit(limit);
    },
    async all() {
      return db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
    },
  };
}
