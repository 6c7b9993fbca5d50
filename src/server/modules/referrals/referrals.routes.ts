import type { FastifyInstance } from 'fastify';
import { siteContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { referralOverview } from './referrals.service';

export async function referralsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  route(app, siteContract.referrals, async (request) => {
    const user = requireUser(request);
    return referralOverview(opts.deps.db, user, opts.deps.config.publicUrl);
  });
}
