import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common';
import {
  adminGalleryQuerySchema,
  galleryPageSchema,
  galleryQuerySchema,
  imageCountSchema,
  imageDeletedSchema,
} from '../../../shared/schemas/generation';
import type { AppDeps } from '../../deps';
import { requireAdmin, requireUser } from '../../http/session';
import { badRequest } from '../../lib/errors';
import { createGalleryService } from './gallery.service';
import { usersOnly } from '../../http/guards';
import { sendCachedJson } from '../../http/serialize-once';

export async function galleryRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const gallery = createGalleryService(opts.deps);

  // Spec part 2 §7: the client's DELETE carries a JSON content type and no body; an empty JSON body
  // is "nothing" here rather than a 400 (only GET and DELETE routes live in this plugin).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('The request body is not valid JSON', undefined, 'MALFORMED_JSON'), undefined);
    }
  });

  r.get(
    '/api/generated-images',
    { ...usersOnly, schema: { querystring: galleryQuerySchema, response: { 200: galleryPageSchema } } },
    async (request, reply) => {
      return sendCachedJson(
        reply,
        galleryPageSchema,
        await gallery.list(requireUser(request), request.query),
      );
    },
  );

  r.delete(
    '/api/generated-images/:id',
    { ...usersOnly, schema: { params: idParamsSchema, response: { 200: imageDeletedSchema } } },
    async (request) => {
      return gallery.remove(requireUser(request), request.params.id);
    },
  );

  r.get(
    '/api/admin/generated-images',
    { schema: { querystring: adminGalleryQuerySchema, response: { 200: galleryPageSchema } } },
    async (request) => {
      return gallery.adminList(requireAdmin(request), request.query);
    },
  );

  r.get(
    '/api/admin/generated-images/count',
    { schema: { response: { 200: imageCountSchema } } },
    async (request) => {
      requireAdmin(request);
      return { count: await gallery.count() };
    },
  );
}
