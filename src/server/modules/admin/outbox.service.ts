import type { Db } from '../../db/client';
import { readPage } from '../../lib/paging';
import { createOutboxRepository } from '../../mail/outbox.repository';

/** The outbox mailer's messages for the admin, newest first. */
export function createOutboxService(db: Db) {
  const repo = createOutboxRepository(db);
  return {
    async page(query: { limit: number; cursor?: string }) {
      const page = await readPage((limit, cursor) => repo.page(limit, cursor), {
        ...query,
        cursorOf: (m) => ({ ts: m.cursorTs, id: m.id }),
      });
      return {
        items: page.items.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
          error: m.error,
          transport: m.transport,
        })),
        nextCursor: page.nextCursor,
      };
    },
  };
}
