import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCreateUserSchema,
  adminResetPasswordSchema,
  adminStatsSchema,
  adminUserListSchema,
  adminUserResultSchema,
  adminUsersQuerySchema,
  balanceResultSchema,
  setUserStatusSchema,
  toggleAdminSchema,
  toggleNsfwSchema,
  updateBalanceSchema,
} from '../../../shared/schemas/admin';
import { NEXT_CURSOR_HEADER, successSchema } from '../../../shared/schemas/common';
import type { AppDeps } from '../../deps';
import { adminOnly } from '../../http/guards';
import { requireAdmin } from '../../http/session';
import { createAdminUsersService } from './admin-users.service';

export async function adminRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const users = createAdminUsersService(opts.deps);

  r.get('/api/admin/stats', { ...adminOnly, schema: { response: { 200: adminStatsSchema } } }, async () =>
    users.stats(),
  );

  // a plain list like the spec's other lists (decision 010): older pages through X-Next-Cursor
  r.get(
    '/api/admin/users',
    { ...adminOnly, schema: { querystring: adminUsersQuerySchema, response: { 200: adminUserListSchema } } },
    async (request, reply) => {
      const { search, limit, cursor } = request.query;
      const page = await users.list(search, limit, cursor);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.users;
    },
  );

  r.post(
    '/api/admin/users',
    { ...adminOnly, schema: { body: adminCreateUserSchema, response: { 201: adminUserResultSchema } } },
    async (request, reply) => {
      const user = await users.create(requireAdmin(request), request.body);
      return reply.status(201).send({ success: true, user });
    },
  );

  r.post(
    '/api/admin/users/update-balance',
    { ...adminOnly, schema: { body: updateBalanceSchema, response: { 200: balanceResultSchema } } },
    async (request) => {
      const { newBalance } = await users.setBalance(
        requireAdmin(request),
        request.body.userId,
        request.body.tokenBalance,
      );
      return { success: true, newBalance };
    },
  );

  r.post(
    '/api/admin/users/toggle-admin',
    { ...adminOnly, schema: { body: toggleAdminSchema, response: { 200: adminUserResultSchema } } },
    async (request) => {
      const user = await users.setAdmin(requireAdmin(request), request.body.userId, request.body.isAdmin);
      return { success: true, user };
    },
  );

  r.post(
    '/api/admin/users/toggle-nsfw',
    { ...adminOnly, schema: { body: toggleNsfwSchema, response: { 200: adminUserResultSchema } } },
    async (request) => {
      const user = await users.setNsfw(requireAdmin(request), request.body.userId, request.body.enableNSFW);
      return { success: true, user };
    },
  );

  r.post(
    '/api/admin/users/set-status',
    { ...adminOnly, schema: { body: setUserStatusSchema, response: { 200: adminUserResultSchema } } },
    async (request) => {
      const user = await users.setStatus(requireAdmin(request), request.body.userId, request.body.status);
      return { success: true, user };
    },
  );

  // Spec part 2 §7 names this under /api/auth, but it is an admin action: reset another user's password.
  r.post(
    '/api/auth/reset-password',
    { ...adminOnly, schema: { body: adminResetPasswordSchema, response: { 200: successSchema } } },
    async (request) => {
      await users.resetPassword(requireAdmin(request), request.body.username, request.body.newPassword);
      return { success: true };
    },
  );
}
