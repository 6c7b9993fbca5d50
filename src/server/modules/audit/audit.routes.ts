import type { FastifyInstance } from 'fastify';
import { adminContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { createAuditService } from './audit.service';

export async function auditRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const audit = createAuditService(opts.deps);

  // the page shape of /api/admin/sales (decision 010): { entries, nextCursor }
  route(app, adminContract.audit, async (request) => audit.page(request.query));
}
