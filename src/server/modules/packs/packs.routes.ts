import type { FastifyInstance } from 'fastify';
import { packsContract } from '../../../shared/api/all';
import type { AppDeps } from '../../deps';
import { readImageUpload } from '../../http/multipart';
import { route } from '../../http/route';
import { requireAdmin, requireUser } from '../../http/session';
import { createPacksAdminService } from './packs.admin.service';
import { createPacksService } from './packs.service';

export async function packsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const packs = createPacksService(opts.deps);
  const admin = createPacksAdminService(opts.deps);

  route(app, packsContract.list, async (request) => packs.list(request.query.cursor));

  route(app, packsContract.generate, async (request, reply) => {
    const batch = await packs.generate(requireUser(request), request.params.id, request.body.modelId);
    return reply.status(202).send({ batch });
  });

  route(app, packsContract.batches, async (request) =>
    packs.batches(requireUser(request), request.query.cursor),
  );

  route(app, packsContract.batch, async (request) => ({
    batch: await packs.batch(requireUser(request), request.params.id),
  }));

  route(app, packsContract.album, async (request) => ({
    album: await packs.album(requireUser(request), request.params.id),
  }));

  // Admin (also behind the /api/admin/ prefix guard, http/guards.ts)
  route(app, packsContract.adminList, async (request) => admin.list(request.query.cursor));

  route(app, packsContract.adminCreate, async (request, reply) =>
    reply.status(201).send(await admin.create(requireAdmin(request), request.body)),
  );

  route(app, packsContract.adminUpdate, async (request) =>
    admin.update(requireAdmin(request), request.params.id, request.body),
  );

  route(app, packsContract.adminSetActive, async (request) =>
    admin.update(requireAdmin(request), request.params.id, { isActive: request.body.isActive }),
  );

  route(app, packsContract.adminUploadCover, async (request, reply) => {
    const data = await readImageUpload(request);
    return reply.status(201).send(await admin.uploadCover(requireAdmin(request), data));
  });
}
