import type { TransactionType } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import { createLedgerRepository } from './ledger.repository';
import { toTransactionView } from './token-views';

/** The signed-in user's own ledger, read-only (billing history); money moves in ledger.service.ts. */
export function createTransactionsService(db: Db) {
  const ledger = createLedgerRepository(db);
  return {
    async page(userId: string, query: { limit: number; cursor?: string; type?: TransactionType }) {
      const page = await readPage(
        (limit, cursor) => ledger.page(userId, { limit, cursor, type: query.type }),
        {
          limit: query.limit,
          cursor: query.cursor,
          cursorOf: (r) => ({ ts: r.cursorTs, id: r.row.id }),
        },
      );
      return { items: page.items.map((r) => toTransactionView(r.row)), nextCursor: page.nextCursor };
    },

    async summary(userId: string) {
      const summary = await ledger.summary(userId);
      if (!summary) throw notFound();
      return summary;
    },
  };
}
