import type { FastifyInstance } from 'fastify';
import { adminContract, generationContract, imagesContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import { galleryPageSchema } from '../../../shared/schemas/generation';
import type { AppDeps } from '../../deps';
import { requireAdmin, requireUser } from '../../http/session';
import { badRequest } from '../../lib/errors';
import { createGalleryService } from './gallery.service';
import { sendCachedJson } from '../../http/serialize-once';
import { createDownloadsService } from './downloads.service';
import { contentDisposition } from './download-name';

export async function galleryRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const gallery = createGalleryService(opts.deps);
  const downloads = createDownloadsService(opts.deps);

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

  // The gallery's zip download is a plain form POST (a download the browser streams to disk), its
  // body one field `payload` holding the same JSON the API takes.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 128 * 1024 },
    (_request, body, done) => {
      try {
        const payload = new URLSearchParams(String(body)).get('payload');
        done(null, payload === null ? {} : JSON.parse(payload));
      } catch {
        done(badRequest('The request body is not valid JSON', undefined, 'MALFORMED_JSON'), undefined);
      }
    },
  );

  route(app, imagesContract.image, async (request) => {
    return gallery.one(requireUser(request), request.params.id);
  });

  route(app, imagesContract.download, async (request, reply) => {
    const file = await downloads.download(requireUser(request), request.params.id);
    reply.header('Content-Type', file.contentType);
    if (file.size) reply.header('Content-Length', String(file.size));
    reply.header('Content-Disposition', file.disposition);
    reply.header('Cache-Control', 'private, no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    return reply.send(file.stream);
  });

  route(app, imagesContract.zip, async (request, reply) => {
    const gone = new AbortController();
    // the client went away before the zip was whole: stop reading storage
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    const zip = await downloads.zip(requireUser(request), request.body, gone.signal);
    reply.header('Content-Type', 'application/zip');
    reply.header('Content-Disposition', contentDisposition(zip.fileName));
    reply.header('Cache-Control', 'private, no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    return reply.send(zip.stream);
  });

  route(app, generationContract.images, async (request, reply) => {
    return sendCachedJson(reply, galleryPageSchema, await gallery.list(requireUser(request), request.query));
  });

  route(app, generationContract.deleteImage, async (request) => {
    return gallery.remove(requireUser(request), request.params.id);
  });

  route(app, adminContract.images, async (request) => {
    return gallery.adminList(requireAdmin(request), request.query);
  });

  route(app, adminContract.imageCount, async (request) => {
    requireAdmin(request);
    return { count: await gallery.count() };
  });
}
