import type { FastifyInstance } from 'fastify';
import { adminContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { requireAdmin } from '../../http/session';
import { createPackagesService } from './packages.service';
import { createSalesService } from '../payments';

// Admin: token packages (docs/product/decisions.md §16), real sales (docs/product/decisions.md §14) and the ledger check.
export async function adminTokensRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const packages = createPackagesService(opts.deps.db);
  const sales = createSalesService(opts.deps.db);

  route(app, adminContract.packages, async (request) => {
    requireAdmin(request);
    return packages.listAll();
  });

  route(app, adminContract.createPackage, async (request, reply) => {
    const pkg = await packages.create(requireAdmin(request), request.body);
    return reply.status(201).send({ success: true, package: pkg });
  });

  route(app, adminContract.updatePackage, async (request) => {
    const admin = requireAdmin(request);
    return { success: true, package: await packages.update(admin, request.params.id, request.body) };
  });

  route(app, adminContract.deletePackage, async (request) => {
    return { success: true, package: await packages.remove(requireAdmin(request), request.params.id) };
  });

  route(app, adminContract.sales, async (request) => {
    requireAdmin(request);
    return sales.page(request.query);
  });

  route(app, adminContract.ledgerCheck, async (request) => {
    requireAdmin(request);
    return sales.ledgerCheck();
  });
}
