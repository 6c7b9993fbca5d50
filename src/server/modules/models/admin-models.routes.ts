import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, NEXT_CURSOR_HEADER } from '../../../shared/schemas/common';
import {
  adminModelListSchema,
  adminModelsQuerySchema,
  reuploadStartedSchema,
  uploadLogsQuerySchema,
  uploadLogsResponseSchema,
} from '../../../shared/schemas/models';
import type { AppDeps } from '../../deps';
import { requireAdmin } from '../../http/session';
import { createAdminModelsService } from './admin-models.service';

export async function adminModelsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createAdminModelsService(opts.deps);

  r.get(
    '/api/admin/models',
    { schema: { querystring: adminModelsQuerySchema, response: { 200: adminModelListSchema } } },
    async (request, reply) => {
      requireAdmin(request);
      const { items, nextCursor } = await service.list(request.query);
      // a plain list as the spec says; older pages through X-Next-Cursor (decision 010)
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return items;
    },
  );

  r.get(
    '/api/admin/models/upload-logs',
    { schema: { querystring: uploadLogsQuerySchema, response: { 200: uploadLogsResponseSchema } } },
    async (request) => {
      requireAdmin(request);
      return service.uploadLogs(request.query);
    },
  );

  r.post(
    '/api/admin/models/upload-logs/:id/retry',
    { schema: { params: idParamsSchema, response: { 200: reuploadStartedSchema } } },
    async (request) => {
      const fresh = await service.retryUpload(requireAdmin(request), request.params.id);
      return { success: true, message: 'Re-upload started', uploadLogId: fresh.id };
    },
  );
}
