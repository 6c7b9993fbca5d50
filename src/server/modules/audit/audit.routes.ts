import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../../shared/schemas/audit';
import type { AppDeps } from '../../deps';
import { adminOnly } from '../../http/guards';
import { createAuditService } from './audit.service';

export async function auditRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const audit = createAuditService(opts.deps);

  // the page shape of /api/admin/sales (decision 010): { entries, nextCursor }
  r.get(
    '/api/admin/audit',
    { ...adminOnly, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request) => audit.page(request.query),
  );
}
