import type { FastifyInstance } from 'fastify';
import { generationContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { badRequest } from '../../lib/errors';
import { createGenerationService } from './generation.service';

export async function generationRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const generation = createGenerationService(opts.deps);

  route(app, generationContract.generate, async (request, reply) => {
    const user = requireUser(request);
    const out = await generation.generate(user, request.body, { apiKeyId: request.apiKey?.id ?? null });
    // still rendering after the wait: the images will land in the gallery (202 says "accepted, not done")
    return reply.status(out.status === 'pending' ? 202 : 200).send(out);
  });

  route(app, generationContract.analyzeImage, async (request) => {
    const user = requireUser(request);
    if (!request.isMultipart())
      throw badRequest('Please upload an image in the "image" field', {
        image: 'Please select an image file',
      });
    let buffer: Buffer | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'image' && !buffer) buffer = await part.toBuffer();
        else await part.toBuffer();
      }
    }
    if (!buffer || buffer.length === 0)
      throw badRequest('Please upload an image in the "image" field', {
        image: 'Please select an image file',
      });
    return generation.analyze(user, buffer);
  });
}
