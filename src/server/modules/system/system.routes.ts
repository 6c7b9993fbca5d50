import type { FastifyInstance } from 'fastify';
import { adminContract, siteContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import type { AppMetrics } from '../../http/metrics';
import { requireAdmin } from '../../http/session';
import { APP_VERSION, createSystemService } from './system.service';
import { liveProcessors } from './processors';

export { APP_VERSION };

export async function systemRoutes(app: FastifyInstance, opts: { deps: AppDeps; metrics: AppMetrics }) {
  const { deps } = opts;
  const system = createSystemService(deps);
  const refreshGauges = system.databaseGauges(opts.metrics.registry);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // liveness (docs/product/interfaces.md): the process answers and reaches its database
  route(app, siteContract.health, async (_request, reply) => {
    const db = await deps.database.ping();
    return reply.status(db ? 200 : 503).send({ ok: db, db, version: APP_VERSION });
  });

  // readiness: a load balancer sends traffic here only while every dependency works
  route(app, siteContract.ready, async (request, reply) => {
    // the monitoring that holds the metrics token may ask for a fresh storage probe; anyone else
    // shares the last few seconds' one
    const ready = await system.readiness(system.metricsTokenMatches(request.headers.authorization));
    return reply.status(ready.ok ? 200 : 503).send(ready);
  });

  // the retention numbers and live processors come from the same config the retention job reads
  route(app, siteContract.config, async () => ({
    engines: deps.engines.names,
    stripePublishableKey: deps.config.stripe?.publishableKey,
    privacy: {
      ...deps.config.privacy,
      backupRetentionDays: deps.config.backup.retentionDays,
      processors: liveProcessors(deps.engines.names),
    },
    vitalsSampleRate: deps.config.vitals.sampleRate,
    admin2fa: deps.config.admin2fa,
  }));

  route(app, adminContract.system, async () => system.overview());

  // Prometheus scrapes with the METRICS_TOKEN bearer; an admin may read it in the browser.
  r.get('/metrics', async (request, reply) => {
    if (!system.metricsTokenMatches(request.headers.authorization)) requireAdmin(request);
    await refreshGauges();
    const { registry } = opts.metrics;
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
