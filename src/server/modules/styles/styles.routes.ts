import type { FastifyInstance } from 'fastify';
import { stylesContract } from '../../../shared/api/all';
import { readImageUpload } from '../../http/multipart';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { requireAdmin, requireUser } from '../../http/session';
import { createStylesService } from './styles.service';

export async function stylesRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const styles = createStylesService(opts.deps);

  route(app, stylesContract.list, async (request) => {
    const user = requireUser(request);
    return styles.list(user, {
      showNsfw: request.query.showNsfw,
      includeInactive: request.query.includeInactive,
    });
  });

  route(app, stylesContract.detail, async (request) => {
    return styles.get(requireUser(request), request.params.id, request.query.showNsfw);
  });

  // Admin-only writes (docs/product/spec-part-2.md §7, docs/product/decisions.md §8).
  route(app, stylesContract.create, async (request, reply) => {
    return reply.status(201).send(await styles.create(requireAdmin(request), request.body));
  });

  route(app, stylesContract.update, async (request) => {
    return styles.update(requireAdmin(request), request.params.id, request.body);
  });

  route(app, stylesContract.remove, async (request) => {
    await styles.remove(requireAdmin(request), request.params.id);
    return { success: true, message: 'Style deleted' };
  });

  route(app, stylesContract.uploadImage, async (request, reply) => {
    const data = await readImageUpload(request);
    return reply.status(201).send(await styles.uploadImage(requireAdmin(request), data));
  });
}
