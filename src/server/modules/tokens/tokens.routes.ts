import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { transactionsQuerySchema } from '../../../shared/schemas/tokens';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { notFound } from '../../lib/errors';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { createLedgerRepository } from './ledger.repository';
import { createPackagesService } from './packages.service';
import { toTransactionView } from './token-views';

// Packages for buyers and the signed-in user's own ledger (billing history).
export async function tokensRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const packages = createPackagesService(opts.deps.db);
  const ledger = createLedgerRepository(opts.deps.db);

  r.get('/api/token-packages', async (request) => {
    requireUser(request);
    return packages.listActive();
  });

  r.get('/api/transactions', { schema: { querystring: transactionsQuerySchema } }, async (request) => {
    const user = requireUser(request);
    const { limit, cursor, type } = request.query;
    const rows = await ledger.page(user.id, { limit: limit + 1, cursor: decodeCursor(cursor), type });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      transactions: page.map((r) => toTransactionView(r.row)),
      nextCursor: rows.length > limit && last ? encodeCursor(last.cursorTs, last.row.id) : null,
    };
  });

  r.get('/api/transactions/summary', async (request) => {
    const user = requireUser(request);
    const summary = await ledger.summary(user.id);
    if (!summary) throw notFound();
    return summary;
  });
}
