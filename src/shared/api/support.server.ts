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
import { serverSide } from './define';

/** The server's half of `supportApi`: who may call each route, what it validates and answers. */
export const supportServer = serverSide({
  tickets: { guard: 'user', query: ticketListQuerySchema, response: { 200: supportTicketListSchema } },
  create: { guard: 'user', body: createTicketSchema, response: { 201: supportTicketSchema } },
  setStatus: {
    guard: 'admin',
    params: idParamsSchema,
    body: ticketStatusBodySchema,
    response: { 200: ticketResultSchema },
  },
  setPriority: {
    guard: 'admin',
    params: idParamsSchema,
    body: ticketPriorityBodySchema,
    response: { 200: ticketResultSchema },
  },
  addNote: {
    guard: 'admin',
    params: idParamsSchema,
    body: ticketNoteBodySchema,
    response: { 201: ticketResultSchema },
  },
});
