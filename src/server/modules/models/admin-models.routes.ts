import type { FastifyInstance } from 'fastify';
import { adminContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import { NEXT_CURSOR_HEADER } from '../../../shared/schemas/common';
import type { AppDeps } from '../../deps';
import { requireAdmin } from '../../http/session';
import { createAdminModelsService } from './admin-models.service';

export async function adminModelsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const service = createAdminModelsService(opts.deps);

  route(app, adminContract.models, async (request, reply) => {
    requireAdmin(request);
    const { items, nextCursor } = await service.list(request.query);
    // a plain list as the spec says; older pages through X-Next-Cursor (decision 010)
    if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
    return items;
  });

  route(app, adminContract.uploadLogs, async (request) => {
    requireAdmin(request);
    return service.uploadLogs(request.query);
  });

  route(app, adminContract.retryUpload, async (request) => {
    const fresh = await service.retryUpload(requireAdmin(request), request.params.id);
    return { success: true, message: 'Re-upload started', uploadLogId: fresh.id };
  });
}
