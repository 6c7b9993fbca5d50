import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { referralOverviewSchema } from '../../../shared/schemas/tokens';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { referralOverview } from './referrals.service';

export async function referralsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/referrals', { schema: { response: { 200: referralOverviewSchema } } }, async (request) => {
    const user = requireUser(request);
    return referralOverview(opts.deps.db, user, opts.deps.config.publicUrl);
  });
}
