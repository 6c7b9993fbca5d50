import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common';
import { adminPageQuerySchema, tokenPackageInputSchema, tokenPackageUpdateSchema, type LedgerCheck, type SaleView } from '../../../shared/schemas/tokens';
import type { AppDeps } from '../../deps';
import { requireAdmin } from '../../http/session';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { ledgerMismatches } from './ledger.service';
import { createPackagesService } from './packages.service';
import { createPaymentsRepository, type PaymentRow } from './payments.repository';

function saleStatus(p: PaymentRow): SaleView['status'] {
  if (p.creditedTransactionId) return 'Completed';
  if (p.status === 'canceled' || (p.status === 'requires_payment_method' && p.lastError)) return 'Failed';
  if (p.lastError && p.status === 'succeeded') return 'Failed';
  return 'Pending';
}

// Admin: token packages (DECISIONS 16), real sales (DECISIONS 14) and the ledger check.
export async function adminTokensRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const packages = createPackagesService(opts.deps.db);
  const paymentsRepo = createPaymentsRepository(opts.deps.db);

  r.get('/api/admin/token-packages', async (request) => {
    requireAdmin(request);
    return packages.listAll();
  });

  r.post('/api/admin/token-packages', { schema: { body: tokenPackageInputSchema } }, async (request, reply) => {
    requireAdmin(request);
    const pkg = await packages.create(request.body);
    return reply.status(201).send({ success: true, package: pkg });
  });

  r.patch('/api/admin/token-packages/:id', { schema: { params: idParamsSchema, body: tokenPackageUpdateSchema } }, async (request) => {
    requireAdmin(request);
    return { success: true, package: await packages.update(request.params.id, request.body) };
  });

  r.delete('/api/admin/token-packages/:id', { schema: { params: idParamsSchema } }, async (request) => {
    requireAdmin(request);
    return { success: true, package: await packages.remove(request.params.id) };
  });

  r.get('/api/admin/sales', { schema: { querystring: adminPageQuerySchema } }, async (request) => {
    requireAdmin(request);
    const { limit, cursor } = request.query;
    const rows = await paymentsRepo.salesPage(limit + 1, decodeCursor(cursor));
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const sales: SaleView[] = page.map(({ payment: p, user }) => ({
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
    return { sales, nextCursor: rows.length > limit && last ? encodeCursor(last.cursorTs, last.payment.id) : null };
  });

  r.get('/api/admin/ledger-check', async (request): Promise<LedgerCheck> => {
    requireAdmin(request);
    const rows = await ledgerMismatches(opts.deps.db);
    return {
      ok: rows.length === 0,
      mismatches: rows.map((m) => ({ userId: m.id, username: m.username, balance: Number(m.balance), ledgerSum: Number(m.ledger) })),
      checkedAt: new Date().toISOString(),
    };
  });
}
