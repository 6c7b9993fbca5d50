import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAdmin, requireUser } from './session';

/**
 * Route options that check who is calling before the body is validated, so a guest gets 401 and a
 * user 403 whatever they send (docs/product/decisions.md §1), instead of a 400 that reveals the endpoint's schema.
 */
export const adminOnly = {
  preValidation: async (request: FastifyRequest) => {
    requireAdmin(request);
  },
};

export const usersOnly = {
  preValidation: async (request: FastifyRequest) => {
    requireUser(request);
  },
};

/**
 * Everything under /api/admin/ is admin-only. Checking it once here, after the session hook, means a
 * new admin route cannot forget the guard and a malformed request never gets a 400 before its 401/403.
 */
export function registerAdminPrefixGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.url?.startsWith('/api/admin/')) requireAdmin(request);
  });
}
