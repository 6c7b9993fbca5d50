import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common';
import {
  createTicketSchema,
  supportTicketListSchema,
  supportTicketSchema,
  ticketListQuerySchema,
  ticketNoteBodySchema,
  ticketPriorityBodySchema,
  ticketResultSchema,
  ticketStatusBodySchema,
} from '../../../shared/schemas/support';
import type { AppDeps } from '../../deps';
import { adminOnly, usersOnly } from '../../http/guards';
import { requireAdmin, requireUser } from '../../http/session';
import { createSupportService } from './support.service';

export async function supportRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const support = createSupportService(opts.deps);

  r.get(
    '/api/support/tickets',
    {
      ...usersOnly,
      schema: { querystring: ticketListQuerySchema, response: { 200: supportTicketListSchema } },
    },
    async (request) => {
      return support.list(requireUser(request), request.query.includeResolved);
    },
  );

  r.post(
    '/api/support/tickets',
    { ...usersOnly, schema: { body: createTicketSchema, response: { 201: supportTicketSchema } } },
    async (request, reply) => {
      const ticket = await support.create(requireUser(request), request.body);
      return reply.status(201).send(ticket);
    },
  );

  r.patch(
    '/api/support/tickets/:id/status',
    {
      ...adminOnly,
      schema: { params: idParamsSchema, body: ticketStatusBodySchema, response: { 200: ticketResultSchema } },
    },
    async (request) => {
      const ticket = await support.setStatus(requireAdmin(request), request.params.id, request.body.status);
      return { success: true, ticket };
    },
  );

  r.patch(
    '/api/support/tickets/:id/priority',
    {
      ...adminOnly,
      schema: {
        params: idParamsSchema,
        body: ticketPriorityBodySchema,
        response: { 200: ticketResultSchema },
      },
    },
    async (request) => {
      const ticket = await support.setPriority(
        requireAdmin(request),
        request.params.id,
        request.body.priority,
      );
      return { success: true, ticket };
    },
  );

  r.post(
    '/api/support/tickets/:id/notes',
    {
      ...adminOnly,
      schema: { params: idParamsSchema, body: ticketNoteBodySchema, response: { 201: ticketResultSchema } },
    },
    async (request, reply) => {
      const ticket = await support.addNote(requireAdmin(request), request.params.id, request.body.note);
      return reply.status(201).send({ success: true, ticket });
    },
  );
}
