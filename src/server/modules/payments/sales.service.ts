import type { LedgerCheck, SaleView } from '../../../shared/schemas/tokens';
import type { Db } from '../../db/client';
import { readPage } from '../../lib/paging';
import { ledgerMismatches } from '../tokens';
import { createPaymentsRepository, type PaymentRow } from './payments.repository';

function saleStatus(p: PaymentRow): SaleView['status'] {
  if (p.creditedTransactionId) return 'Completed';
  if (p.status === 'canceled' || (p.status === 'requires_payment_method' && p.lastError)) return 'Failed';
  if (p.lastError && p.status === 'succeeded') return 'Failed';
  return 'Pending';
}

/** Admin's read of real sales (docs/product/decisions.md §14) and the ledger check. */
export function createSalesService(db: Db) {
  const payments = createPaymentsRepository(db);
  return {
    async page(query: { limit: number; cursor?: string }) {
      const page = await readPage((limit, cursor) => payments.salesPage(limit, cursor), {
        limit: query.limit,
        cursor: query.cursor,
        cursorOf: (r) => ({ ts: r.cursorTs, id: r.payment.id }),
      });
      const sales: SaleView[] = page.items.map(({ payment: p, user }) => ({
        id: p.id,
        orderId: p.providerPaymentId,
        user,
        packageName: p.packageName,
        tokenAmount: p.tokenAmount,
        amountInCents: p.amountInCents,
        currency: p.currency,
        status: saleStatus(p),
        createdAt: p.createdAt.toISOString(),
      }));
      return { sales, nextCursor: page.nextCursor };
    },

    async ledgerCheck(): Promise<LedgerCheck> {
      const rows = await ledgerMismatches(db);
      return {
        ok: rows.length === 0,
        mismatches: rows.map((m) => ({
          userId: m.id,
          username: m.username,
          balance: Number(m.balance),
          ledgerSum: Number(m.ledger),
        })),
        checkedAt: new Date().toISOString(),
      };
    },
  };
}
