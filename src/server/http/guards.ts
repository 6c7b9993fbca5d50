import type { FastifyInstance } from 'fastify';
import { requireAdmin, requireUser } from './session';

/**
 * Who may call a route is its descriptor's `guard` (src/shared/api/<area>.server.ts, decision 069),
 * which route() puts in the route's config: this hook enforces it and the OpenAPI document states it,
 * so the two read one field. It runs after the session hook and before the body is validated, so a
 * guest gets 401 and a user 403 whatever they send (docs/product/decisions.md §1), instead of a 400
 * that reveals the endpoint's schema. Registered before any route: an /api/ route added without a
 * guard (not through route()) stops the start.
 */
export function registerGuards(app: FastifyInstance) {
  app.addHook('onRoute', (options) => {
    if (options.url.startsWith('/api/') && !options.config?.guard)
      throw new Error(`${options.url}: an /api/ route registers through route() with its descriptor's guard`);
  });
  app.addHook('preValidation', async (request) => {
    const guard = request.routeOptions.config.guard;
    if (guard === 'admin') requireAdmin(request);
    else if (guard === 'user') requireUser(request);
  });
}
