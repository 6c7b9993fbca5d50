import type { FastifyInstance } from 'fastify';
import { accountContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { createConsentService } from './consent.service';

export async function consentRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const consent = createConsentService(opts.deps);

  route(app, accountContract.privacy, async (request) => ({
    privacy: await consent.get(requireUser(request).id),
  }));

  route(app, accountContract.setPrivacy, async (request) => ({
    privacy: await consent.set(requireUser(request).id, request.body.faceAnalysis),
  }));
}
