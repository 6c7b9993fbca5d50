import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

export const APP_VERSION = '0.1.0';

export async function systemRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  app.get('/api/healthz', async (_request, reply) => {
    const db = await deps.database.ping();
    return reply.status(db ? 200 : 503).send({ ok: db, db, version: APP_VERSION });
  });

  app.get('/api/config', async () => ({
    engines: deps.engines.names,
    stripePublishableKey: deps.config.stripe?.publishableKey,
  }));
}
