import type { FastifyInstance } from 'fastify';
import { accountApi } from '../../../shared/api/account';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { usersOnly } from '../../http/guards';
import { requireUser } from '../../http/session';
import { createConsentService } from './consent.service';

export async function consentRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const consent = createConsentService(opts.deps);

  route(app, accountApi.privacy, usersOnly, async (request) => ({
    privacy: await consent.get(requireUser(request).id),
  }));

  route(app, accountApi.setPrivacy, usersOnly, async (request) => ({
    privacy: await consent.set(requireUser(request).id, request.body.faceAnalysis),
  }));
}
