import type { FastifyInstance } from 'fastify';
import { adminContract, siteContract } from '../../../shared/api/all';
import type { AppDeps } from '../../deps';
import type { AppMetrics } from '../../http/metrics';
import { route } from '../../http/route';
import { createVitalsHistograms } from './vitals.metrics';
import { createVitalsService } from './vitals.service';

export async function vitalsRoutes(app: FastifyInstance, opts: { deps: AppDeps; metrics: AppMetrics }) {
  const vitals = createVitalsService(opts.deps, createVitalsHistograms(opts.metrics.registry));

  // anyone: a visitor's page load counts as much as a signed-in one's. The body is a few fields.
  route(app, siteContract.vitals, { bodyLimit: 1024 }, async (request, reply) => {
    await vitals.record(request.body, request.ip);
    return reply.status(204).send(null);
  });

  route(app, adminContract.vitals, async (request) => vitals.summary(request.query.hours));
}
