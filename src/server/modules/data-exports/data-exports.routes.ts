import type { FastifyInstance } from 'fastify';
import { accountContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { createDataExportsService } from './data-exports.service';

export async function dataExportsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const service = createDataExportsService(opts.deps);

  route(app, accountContract.requestExport, async (request, reply) => {
    const created = await service.request(requireUser(request));
    return reply.status(202).send({ export: created });
  });

  // Settings → Privacy shows the latest export (pending, ready with its link, or failed) on load
  route(app, accountContract.latestExport, async (request) => ({
    export: await service.latest(requireUser(request)),
  }));

  route(app, accountContract.export, async (request) => ({
    export: await service.get(requireUser(request), request.params.id),
  }));
}
