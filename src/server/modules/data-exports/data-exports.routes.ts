import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataExportResultSchema, latestDataExportSchema } from '../../../shared/schemas/account-data';
import { idParamsSchema } from '../../../shared/schemas/common';
import type { AppDeps } from '../../deps';
import { usersOnly } from '../../http/guards';
import { requireUser } from '../../http/session';
import { createDataExportsService } from './data-exports.service';

export async function dataExportsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createDataExportsService(opts.deps);

  r.post(
    '/api/user/exports',
    { ...usersOnly, schema: { response: { 202: dataExportResultSchema } } },
    async (request, reply) => {
      const created = await service.request(requireUser(request));
      return reply.status(202).send({ export: created });
    },
  );

  // Settings → Privacy shows the latest export (pending, ready with its link, or failed) on load
  r.get(
    '/api/user/exports/latest',
    { ...usersOnly, schema: { response: { 200: latestDataExportSchema } } },
    async (request) => ({ export: await service.latest(requireUser(request)) }),
  );

  r.get(
    '/api/user/exports/:id',
    { ...usersOnly, schema: { params: idParamsSchema, response: { 200: dataExportResultSchema } } },
    async (request) => ({ export: await service.get(requireUser(request), request.params.id) }),
  );
}
