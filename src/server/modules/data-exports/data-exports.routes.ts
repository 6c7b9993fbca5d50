import type { FastifyInstance } from 'fastify';
import { accountApi } from '../../../shared/api/account';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { usersOnly } from '../../http/guards';
import { requireUser } from '../../http/session';
import { createDataExportsService } from './data-exports.service';

export async function dataExportsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const service = createDataExportsService(opts.deps);

  route(app, accountApi.requestExport, usersOnly, async (request, reply) => {
    const created = await service.request(requireUser(request));
    return reply.status(202).send({ export: created });
  });

  // Settings → Privacy shows the latest export (pending, ready with its link, or failed) on load
  route(app, accountApi.latestExport, usersOnly, async (request) => ({
    export: await service.latest(requireUser(request)),
  }));

  route(app, accountApi.export, usersOnly, async (request) => ({
    export: await service.get(requireUser(request), request.params.id),
  }));
}
