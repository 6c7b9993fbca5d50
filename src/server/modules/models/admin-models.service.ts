import type { AdminModel, UploadLogsResponse } from '../../../shared/schemas/models';
import type { UploadStatus } from '../../../shared/constants';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../lib/errors';
import { fileUrl } from '../../lib/file-url';
import { readPage } from '../../lib/paging';
import { toTrainingImage } from './model-view';
import { createModelsRepository } from './models.repository';
import { createTrainingService } from './training.service';
import { createUploadLogsRepository } from './upload-logs.repository';
import { likenessAverages } from '../likeness';
import type { AdminActor } from '../audit';

/** The admin's models screens: every user's models and the host-upload logs. */
export function createAdminModelsService(deps: AppDeps) {
  const repo = createModelsRepository(deps.db);
  const logs = createUploadLogsRepository(deps.db);
  const training = createTrainingService(deps);

  return {
    /** One page of all models, newest first, with owner, photo count and the first 9 photos. */
    async list(query: { search?: string; limit: number; cursor?: string | null }) {
      const page = await readPage((limit, cursor) => repo.adminList(query.search, limit, cursor), {
        limit: query.limit,
        cursor: query.cursor,
        cursorOf: (row) => ({ ts: row.cursorTs, id: row.model.id }),
      });
      const ids = page.items.map((x) => x.model.id);
      const [counts, firsts, likeness] = await Promise.all([
        repo.imageCounts(ids),
        repo.firstImages(ids, 9),
        likenessAverages(deps.db, ids),
      ]);
      const items = page.items.map(({ model: m, username, email }): AdminModel => {
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
            return { id: t.id, imageUrl: t.imageUrl, previewImageUrl: t.previewImageUrl };
          }),
          imageCount: counts.get(m.id) ?? 0,
          likeness: likeness.get(m.id) ?? null,
          userId: m.userId,
          userUsername: username,
          userEmail: email,
        };
      });
      return { items, nextCursor: page.nextCursor };
    },

    async uploadLogs(query: { search?: string; status?: UploadStatus | 'all' }): Promise<UploadLogsResponse> {
      const status = query.status === 'all' ? undefined : query.status;
      const [rows, stats] = await Promise.all([logs.list({ search: query.search, status }), logs.stats()]);
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

    /** docs/product/decisions.md §12: an admin retry after five failures starts a fresh series. */
    async retryUpload(admin: AdminActor, logId: string) {
      const log = await logs.byId(logId);
      if (!log) throw notFound('Upload log not found');
      if (log.status !== 'failed')
        throw conflict('Only a failed upload can be retried.', 'INVALID_UPLOAD_STATUS');
      const { log: fresh } = await training.reupload(admin, log.modelId);
      return fresh;
    },
  };
}
