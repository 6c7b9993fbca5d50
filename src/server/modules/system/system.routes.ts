import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, publicConfigSchema } from '../../../shared/schemas/system';
import type { AppDeps } from '../../deps';

export const APP_VERSION = '0.1.0';

export async function systemRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/healthz',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const db = await deps.database.ping();
      return reply.status(db ? 200 : 503).send({ ok: db, db, version: APP_VERSION });
    },
  );

  r.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () => ({
    engines: deps.engines.names,
    stripePublishableKey: deps.config.stripe?.publishableKey,
  }));
}
