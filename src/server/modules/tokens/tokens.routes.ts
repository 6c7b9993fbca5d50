import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NEXT_CURSOR_HEADER } from '../../../shared/schemas/common';
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

  // The spec answers with a list of transactions, so the body stays an array; the cursor of the next
  // (older) page rides in the X-Next-Cursor header, absent on the last page.
  r.get('/api/transactions', { schema: { querystring: transactionsQuerySchema } }, async (request, reply) => {
    const user = requireUser(request);
    const { limit, cursor, type } = request.query;
    const rows = await ledger.page(user.id, { limit: limit + 1, cursor: decodeCursor(cursor), type });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    if (rows.length > limit && last) reply.header(NEXT_CURSOR_HEADER, encodeCursor(last.cursorTs, last.row.id));
    return page.map((r) => toTransactionView(r.row));
  });

  r.get('/api/transactions/summary', async (request) => {
    const user = requireUser(request);
    const summary = await ledger.summary(user.id);
    if (!summary) throw notFound();
    return summary;
  });
}
