import type { FastifyInstance } from 'fastify';
import { imagesContract } from '../../../shared/api/all';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { requireAdmin, requireUser } from '../../http/session';
import { createUpscaleService } from './upscale.service';

export async function upscaleRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const upscales = createUpscaleService(opts.deps);

  route(app, imagesContract.upscale, async (request, reply) => {
    const out = await upscales.upscale(requireUser(request), request.params.id, request.body.factor);
    // 202: still working; the image will appear in the gallery
    return reply.status(out.status === 200 ? 200 : 202).send(out.body);
  });

  route(app, imagesContract.upscalePrices, async () => upscales.prices());

  route(app, imagesContract.adminUpscalePrices, async (request) => {
    requireAdmin(request);
    return upscales.prices();
  });

  route(app, imagesContract.updateUpscalePrice, async (request) => {
    const admin = requireAdmin(request);
    return upscales.setPrice(admin, request.body.factor, request.body.tokenCost);
  });
}
