import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common';
import {
  adminPageQuerySchema,
  ledgerCheckSchema,
  salesPageSchema,
  tokenPackageInputSchema,
  tokenPackageListSchema,
  tokenPackageResultSchema,
  tokenPackageUpdateSchema,
} from '../../../shared/schemas/tokens';
import type { AppDeps } from '../../deps';
import { requireAdmin } from '../../http/session';
import { createPackagesService } from './packages.service';
import { createSalesService } from '../payments';

// Admin: token packages (docs/product/decisions.md §16), real sales (docs/product/decisions.md §14) and the ledger check.
export async function adminTokensRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const packages = createPackagesService(opts.deps.db);
  const sales = createSalesService(opts.deps.db);

  r.get(
    '/api/admin/token-packages',
    { schema: { response: { 200: tokenPackageListSchema } } },
    async (request) => {
      requireAdmin(request);
      return packages.listAll();
    },
  );

  r.post(
    '/api/admin/token-packages',
    { schema: { body: tokenPackageInputSchema, response: { 201: tokenPackageResultSchema } } },
    async (request, reply) => {
      const pkg = await packages.create(requireAdmin(request), request.body);
      return reply.status(201).send({ success: true, package: pkg });
    },
  );

  r.patch(
    '/api/admin/token-packages/:id',
    {
      schema: {
        params: idParamsSchema,
        body: tokenPackageUpdateSchema,
        response: { 200: tokenPackageResultSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return { success: true, package: await packages.update(admin, request.params.id, request.body) };
    },
  );

  r.delete(
    '/api/admin/token-packages/:id',
    { schema: { params: idParamsSchema, response: { 200: tokenPackageResultSchema } } },
    async (request) => {
      return { success: true, package: await packages.remove(requireAdmin(request), request.params.id) };
    },
  );

  r.get(
    '/api/admin/sales',
    { schema: { querystring: adminPageQuerySchema, response: { 200: salesPageSchema } } },
    async (request) => {
      requireAdmin(request);
      return sales.page(request.query);
    },
  );

  r.get('/api/admin/ledger-check', { schema: { response: { 200: ledgerCheckSchema } } }, async (request) => {
    requireAdmin(request);
    return sales.ledgerCheck();
  });
}
