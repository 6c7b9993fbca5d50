import { eq, getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import { exactTime, newestFirst, pastCursor, type Cursor } from '../lib/cursor';

export type OutboxRow = typeof mailOutbox.$inferSelect;

// The mail_outbox table: the mailer writes every message here, the admin's outbox page reads it.
export function createOutboxRepository(db: DbOrTx) {
  return {
    async insert(msg: {
      to: string;
      subject: string;
      text: string;
      html: string;
      headers?: Record<string, string>;
      transport: string;
    }) {
      const [row] = await db.insert(mailOutbox).values(msg).returning();
      return row;
    },
    /** Records the delivery (or its error); `body` replaces the stored text and html (redacted links). */
    async markSent(id: string, error?: string, body?: { text: string; html: string }) {
      await db
        .update(mailOutbox)
        .set(
          error
            ? { error }
            : { sentAt: new Date(), error: null, ...(body ? { text: body.text, html: body.html } : {}) },
        )
        .where(eq(mailOutbox.id, id));
    },
    async page(limit: number, cursor?: Cursor) {
      return db
        .select({ ...getTableColumns(mailOutbox), cursorTs: exactTime(mailOutbox.createdAt) })
        .from(mailOutbox)
        .where(pastCursor(mailOutbox, cursor))
        .orderBy(...newestFirst(mailOutbox))
        .limit(limit);
    },
  };
}
