import type { FastifyInstance } from 'fastify';
import { siteApi } from '../../../shared/api/site';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { referralOverview } from './referrals.service';

export async function referralsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  route(app, siteApi.referrals, {}, async (request) => {
    const user = requireUser(request);
    return referralOverview(opts.deps.db, user, opts.deps.config.publicUrl);
  });
}
