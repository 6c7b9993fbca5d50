import type { FastifyRequest } from 'fastify';
import { requireAdmin, requireUser } from './session';

/**
 * Route options that check who is calling before the body is validated, so a guest gets 401 and a
 * user 403 whatever they send (DECISIONS 1), instead of a 400 that reveals the endpoint's schema.
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
