import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common';
import { adminGalleryQuerySchema, galleryQuerySchema } from '../../../shared/schemas/generation';
import type { AppDeps } from '../../deps';
import { requireAdmin, requireUser } from '../../http/session';
import { createGalleryService } from './gallery.service';

export async function galleryRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const gallery = createGalleryService(opts.deps);

  r.get('/api/generated-images', { schema: { querystring: galleryQuerySchema } }, async (request) => {
    return gallery.list(requireUser(request), request.query);
  });

  r.delete('/api/generated-images/:id', { schema: { params: idParamsSchema } }, async (request) => {
    return gallery.remove(requireUser(request), request.params.id);
  });

  r.get('/api/admin/generated-images', { schema: { querystring: adminGalleryQuerySchema } }, async (request) => {
    return gallery.adminList(requireAdmin(request), request.query);
  });

  r.get('/api/admin/generated-images/count', async (request) => {
    requireAdmin(request);
    return { count: await gallery.count() };
  });
}
