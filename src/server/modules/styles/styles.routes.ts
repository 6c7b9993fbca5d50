import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../shared/schemas/common';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { createStylesService } from './styles.service';

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'Expected true or false' })
  .optional()
  .transform((v) => v === 'true' || v === '1');

export async function stylesRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const styles = createStylesService(opts.deps.db);

  r.get('/api/preset-styles', { schema: { querystring: z.object({ showNsfw: flag, includeInactive: flag }) } }, async (request) => {
    const user = requireUser(request);
    return styles.list(user, { showNsfw: request.query.showNsfw, includeInactive: request.query.includeInactive });
  });

  r.get('/api/preset-styles/:id', { schema: { params: idParamsSchema, querystring: z.object({ showNsfw: flag }) } }, async (request) => {
    return styles.get(requireUser(request), request.params.id, request.query.showNsfw);
  });
}
