import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  nsfwSettingsSchema,
  profileResultSchema,
  profileSchema,
  userResultSchema,
} from '../../../shared/schemas/user';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { toPublicUser } from './public-user';
import { createUsersService, type EmailChangeHooks } from './users.service';
import { usersOnly } from '../../http/guards';

export async function usersRoutes(
  app: FastifyInstance,
  opts: { deps: AppDeps; emailChange: EmailChangeHooks },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const users = createUsersService(opts.deps, opts.emailChange);

  r.patch(
    '/api/user/profile',
    { ...usersOnly, schema: { body: profileSchema, response: { 200: profileResultSchema } } },
    async (request) => {
      const user = await users.updateProfile(requireUser(request), request.body);
      return { success: true, username: user.username, email: user.email, user: toPublicUser(user) };
    },
  );

  r.post(
    '/api/user/nsfw-settings',
    { ...usersOnly, schema: { body: nsfwSettingsSchema, response: { 200: userResultSchema } } },
    async (request) => {
      const user = await users.setNsfw(requireUser(request), request.body.enableNSFW);
      return { success: true, user: toPublicUser(user) };
    },
  );
}
