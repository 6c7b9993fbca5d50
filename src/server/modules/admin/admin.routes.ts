import type { FastifyInstance } from 'fastify';
import { adminContract, adminStatsContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import { NEXT_CURSOR_HEADER } from '../../../shared/schemas/common';
import type { AppDeps } from '../../deps';
import { requireAdmin } from '../../http/session';
import { createAdminUsersService } from './admin-users.service';
import { createAdminStatsService } from './admin-stats.service';

export async function adminRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const users = createAdminUsersService(opts.deps);

  route(app, adminContract.stats, async () => users.stats());

  // the dashboard's charts, per UTC day (docs/decisions/040-admin-charts.md)
  const stats = createAdminStatsService(opts.deps);
  route(app, adminStatsContract.daily, async (request) => stats.daily(request.query.days));

  // a plain list like the spec's other lists (decision 010): older pages through X-Next-Cursor
  route(app, adminContract.users, async (request, reply) => {
    const { search, limit, cursor } = request.query;
    const page = await users.list(search, limit, cursor);
    if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.users;
  });

  route(app, adminContract.createUser, async (request, reply) => {
    const user = await users.create(requireAdmin(request), request.body);
    return reply.status(201).send({ success: true, user });
  });

  route(app, adminContract.updateBalance, async (request) => {
    const { newBalance } = await users.setBalance(
      requireAdmin(request),
      request.body.userId,
      request.body.tokenBalance,
    );
    return { success: true, newBalance };
  });

  route(app, adminContract.toggleAdmin, async (request) => {
    const user = await users.setAdmin(requireAdmin(request), request.body.userId, request.body.isAdmin);
    return { success: true, user };
  });

  route(app, adminContract.toggleNsfw, async (request) => {
    const user = await users.setNsfw(requireAdmin(request), request.body.userId, request.body.enableNSFW);
    return { success: true, user };
  });

  route(app, adminContract.setUserStatus, async (request) => {
    const user = await users.setStatus(requireAdmin(request), request.body.userId, request.body.status);
    return { success: true, user };
  });

  // Spec part 2 §7 names this under /api/auth, but it is an admin action: reset another user's password.
  route(app, adminContract.resetPassword, async (request) => {
    await users.resetPassword(requireAdmin(request), request.body.username, request.body.newPassword);
    return { success: true };
  });
}
