import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { privacySettingsSchema, updatePrivacySchema } from '../../../shared/schemas/consent';
import type { AppDeps } from '../../deps';
import { usersOnly } from '../../http/guards';
import { requireUser } from '../../http/session';
import { createConsentService } from './consent.service';

export async function consentRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const consent = createConsentService(opts.deps);

  r.get(
    '/api/user/privacy',
    { ...usersOnly, schema: { response: { 200: privacySettingsSchema } } },
    async (request) => ({ privacy: await consent.get(requireUser(request).id) }),
  );

  r.put(
    '/api/user/privacy',
    { ...usersOnly, schema: { body: updatePrivacySchema, response: { 200: privacySettingsSchema } } },
    async (request) => ({
      privacy: await consent.set(requireUser(request).id, request.body.faceAnalysis),
    }),
  );
}
