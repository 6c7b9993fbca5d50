import type { FastifyInstance } from 'fastify';
import { accountContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { toPublicUser } from './public-user';
import { createUsersService, type EmailChangeHooks } from './users.service';

export async function usersRoutes(
  app: FastifyInstance,
  opts: { deps: AppDeps; emailChange: EmailChangeHooks },
) {
  const users = createUsersService(opts.deps, opts.emailChange);

  route(app, accountContract.updateProfile, async (request) => {
    const user = await users.updateProfile(requireUser(request), request.body);
    return { success: true, username: user.username, email: user.email, user: toPublicUser(user) };
  });

  route(app, accountContract.setNsfw, async (request) => {
    const user = await users.setNsfw(requireUser(request), request.body.enableNSFW);
    return { success: true, user: toPublicUser(user) };
  });
}
