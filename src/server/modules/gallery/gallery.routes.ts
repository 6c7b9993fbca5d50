import type { FastifyInstance } from 'fastify';
import { adminApi } from '../../../shared/api/admin';
import { generationApi } from '../../../shared/api/generation';
import { route } from '../../http/route';
import { galleryPageSchema } from '../../../shared/schemas/generation';
import type { AppDeps } from '../../deps';
import { requireAdmin, requireUser } from '../../http/session';
import { badRequest } from '../../lib/errors';
import { createGalleryService } from './gallery.service';
import { usersOnly } from '../../http/guards';
import { sendCachedJson } from '../../http/serialize-once';

export async function galleryRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
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

  route(app, generationApi.images, usersOnly, async (request, reply) => {
    return sendCachedJson(reply, galleryPageSchema, await gallery.list(requireUser(request), request.query));
  });

  route(app, generationApi.deleteImage, usersOnly, async (request) => {
    return gallery.remove(requireUser(request), request.params.id);
  });

  route(app, adminApi.images, {}, async (request) => {
    return gallery.adminList(requireAdmin(request), request.query);
  });

  route(app, adminApi.imageCount, {}, async (request) => {
    requireAdmin(request);
    return { count: await gallery.count() };
  });
}
