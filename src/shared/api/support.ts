import { idParamsSchema } from '../schemas/common';
import {
  createTicketSchema,
  supportTicketListSchema,
  supportTicketSchema,
  ticketListQuerySchema,
  ticketNoteBodySchema,
  ticketPriorityBodySchema,
  ticketResultSchema,
  ticketStatusBodySchema,
} from '../schemas/support';
import { defineRoute } from './define';

/** Support tickets: the person's own, and the admin's handling of all (server: modules/support). */
export const supportApi = {
  tickets: defineRoute({
    method: 'GET',
    path: '/api/support/tickets',
    query: ticketListQuerySchema,
    response: { 200: supportTicketListSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/support/tickets',
    body: createTicketSchema,
    response: { 201: supportTicketSchema },
  }),
  setStatus: defineRoute({
    method: 'PATCH',
    path: '/api/support/tickets/:id/status',
    params: idParamsSchema,
    body: ticketStatusBodySchema,
    response: { 200: ticketResultSchema },
  }),
  setPriority: defineRoute({
    method: 'PATCH',
    path: '/api/support/tickets/:id/priority',
    params: idParamsSchema,
    body: ticketPriorityBodySchema,
    response: { 200: ticketResultSchema },
  }),
  addNote: defineRoute({
    method: 'POST',
    path: '/api/support/tickets/:id/notes',
    params: idParamsSchema,
    body: ticketNoteBodySchema,
    response: { 201: ticketResultSchema },
  }),
};
