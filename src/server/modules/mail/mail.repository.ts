import { desc, eq, lt, or, and } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export function createMailRepository(db: DbOrTx) {
  return {
    async insert(msg: { to: string; subject: string; text: string; html: string; transport: string }) {
      const [row] = await db.insert(mailOutbox).values(msg).returning();
      return row;
    },
    async markSent(id: string, error?: string) {
      await db
        .update(mailOutbox)
        .set(error ? { error } : { sentAt: new Date(), error: null })
        .where(eq(mailOutbox.id, id));
    },
    async page(limit: number, cursor?: { createdAt: Date; id: string }) {
      const where = cursor
        ? or(lt(mailOutbox.createdAt, cursor.createdAt), and(eq(mailOutbox.createdAt, cursor.createdAt), lt(mailOutbox.id, cursor.id)))
        : undefined;
      return db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
    },
  };
}
