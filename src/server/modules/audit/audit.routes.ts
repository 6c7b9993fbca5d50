import type { FastifyInstance } from 'fastify';
import { adminApi } from '../../../shared/api/admin';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { adminOnly } from '../../http/guards';
import { createAuditService } from './audit.service';

export async function auditRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const audit = createAuditService(opts.deps);

  // the page shape of /api/admin/sales (decision 010): { entries, nextCursor }
  route(app, adminApi.audit, adminOnly, async (request) => audit.page(request.query));
}
