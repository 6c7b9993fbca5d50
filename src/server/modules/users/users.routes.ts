import type { FastifyInstance } from 'fastify';
import { accountApi } from '../../../shared/api/account';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { toPublicUser } from './public-user';
import { createUsersService, type EmailChangeHooks } from './users.service';
import { usersOnly } from '../../http/guards';

export async function usersRoutes(
  app: FastifyInstance,
  opts: { deps: AppDeps; emailChange: EmailChangeHooks },
) {
  const users = createUsersService(opts.deps, opts.emailChange);

  route(app, accountApi.updateProfile, usersOnly, async (request) => {
    const user = await users.updateProfile(requireUser(request), request.body);
    return { success: true, username: user.username, email: user.email, user: toPublicUser(user) };
  });

  route(app, accountApi.setNsfw, usersOnly, async (request) => {
    const user = await users.setNsfw(requireUser(request), request.body.enableNSFW);
    return { success: true, user: toPublicUser(user) };
  });
}
