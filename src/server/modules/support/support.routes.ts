import type { FastifyInstance } from 'fastify';
import { supportContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { requireAdmin, requireUser } from '../../http/session';
import { createSupportService } from './support.service';

export async function supportRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const support = createSupportService(opts.deps);

  route(app, supportContract.tickets, async (request) => {
    return support.list(requireUser(request), request.query.includeResolved);
  });

  route(app, supportContract.create, async (request, reply) => {
    const ticket = await support.create(requireUser(request), request.body);
    return reply.status(201).send(ticket);
  });

  route(app, supportContract.setStatus, async (request) => {
    const ticket = await support.setStatus(requireAdmin(request), request.params.id, request.body.status);
    return { success: true, ticket };
  });

  route(app, supportContract.setPriority, async (request) => {
    const ticket = await support.setPriority(requireAdmin(request), request.params.id, request.body.priority);
    return { success: true, ticket };
  });

  route(app, supportContract.addNote, async (request, reply) => {
    const ticket = await support.addNote(requireAdmin(request), request.params.id, request.body.note);
    return reply.status(201).send({ success: true, ticket });
  });
}
