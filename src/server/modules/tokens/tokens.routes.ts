import type { FastifyInstance } from 'fastify';
import { tokensContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import { NEXT_CURSOR_HEADER } from '../../../shared/schemas/common';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { createPackagesService } from './packages.service';
import { createTransactionsService } from './transactions.service';

// Packages for buyers and the signed-in user's own ledger (billing history).
export async function tokensRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const packages = createPackagesService(opts.deps.db);
  const transactions = createTransactionsService(opts.deps.db);

  route(app, tokensContract.packages, async (request) => {
    requireUser(request);
    return packages.listActive();
  });

  // The spec answers with a list of transactions, so the body stays an array; the cursor of the next
  // (older) page rides in the X-Next-Cursor header, absent on the last page.
  route(app, tokensContract.transactions, async (request, reply) => {
    const user = requireUser(request);
    const page = await transactions.page(user.id, request.query);
    if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.items;
  });

  route(app, tokensContract.transactionsSummary, async (request) => {
    const user = requireUser(request);
    return transactions.summary(user.id);
  });
}
