import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, NEXT_CURSOR_HEADER } from '../../../shared/schemas/common';
import {
  adminModelsQuerySchema,
  uploadLogsQuerySchema,
  type AdminModel,
  type UploadLogsResponse,
} from '../../../shared/schemas/models';
import type { AppDeps } from '../../deps';
import { requireAdmin } from '../../http/session';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { conflict, notFound } from '../../lib/errors';
import { fileUrl } from '../../lib/file-url';
import { toTrainingImage } from './model-view';
import { createModelsRepository } from './models.repository';
import { createTrainingService } from './training.service';
import { createUploadLogsRepository } from './upload-logs.repository';

export async function adminModelsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = createModelsRepository(opts.deps.db);
  const logs = createUploadLogsRepository(opts.deps.db);
  const training = createTrainingService(opts.deps);

  r.get(
    '/api/admin/models',
    { schema: { querystring: adminModelsQuerySchema } },
    async (request, reply): Promise<AdminModel[]> => {
      requireAdmin(request);
      const { search, limit, cursor } = request.query;
      const found = await repo.adminList(search, limit + 1, decodeCursor(cursor));
      const rows = found.slice(0, limit);
      const last = rows[rows.length - 1];
      // a plain list as the spec says; older pages through X-Next-Cursor (decision 010)
      if (found.length > limit && last) reply.header(NEXT_CURSOR_HEADER, encodeCursor(last.cursorTs, last.model.id));
      const ids = rows.map((x) => x.model.id);
      const [counts, firsts] = await Promise.all([repo.imageCounts(ids), repo.firstImages(ids, 9)]);
      return rows.map(({ model: m, username, email }) => {
        const images = firsts.filter((i) => i.modelId === m.id);
        return {
          id: m.id,
          name: m.name,
          description: m.description,
          status: m.status,
          createdAt: m.createdAt.toISOString(),
          updatedAt: m.updatedAt.toISOString(),
          replicateModelId: m.replicateModelId,
          zipUrl: fileUrl(m.zipKey),
          runwareAirName: m.runwareAirName,
          previewImageUrl: fileUrl(m.previewImageKey) ?? (images[0] ? fileUrl(images[0].thumbKey) : null),
          trainingImages: images.map((i) => {
            const t = toTrainingImage(i);
            return { id: t.id, imageUrl: t.imageUrl!, previewImageUrl: t.previewImageUrl! };
          }),
          imageCount: counts.get(m.id) ?? 0,
          userId: m.userId,
          userUsername: username,
          userEmail: email,
        };
      });
    },
  );

  r.get(
    '/api/admin/models/upload-logs',
    { schema: { querystring: uploadLogsQuerySchema } },
    async (request): Promise<UploadLogsResponse> => {
      requireAdmin(request);
      const status = request.query.status === 'all' ? undefined : request.query.status;
      const [rows, stats] = await Promise.all([
        logs.list({ search: request.query.search, status }),
        logs.stats(),
      ]);
      return {
        uploadLogs: rows.map(({ log, modelName, username }) => ({
          id: log.id,
          modelId: log.modelId,
          status: log.status,
          message: log.message,
          errorDetails: log.errorDetails,
          airName: log.airName,
          retryCount: log.retryCount,
          createdAt: log.createdAt.toISOString(),
          model: { name: modelName, user: { username } },
        })),
        stats,
      };
    },
  );

  // DECISIONS 12: an admin retry after five failures starts a fresh series.
  r.post(
    '/api/admin/models/upload-logs/:id/retry',
    { schema: { params: idParamsSchema } },
    async (request) => {
      requireAdmin(request);
      const log = await logs.byId(request.params.id);
      if (!log) throw notFound('Upload log not found');
      if (log.status !== 'failed')
        throw conflict('Only a failed upload can be retried.', 'INVALID_UPLOAD_STATUS');
      const { log: fresh } = await training.reupload(log.modelId);
      return { success: true, message: 'Re-upload started', uploadLogId: fresh.id };
    },
  );
}
