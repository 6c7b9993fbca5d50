import { z } from 'zod';
import { CONTROL_CHARS_MESSAGE, noControlChars } from './common';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../constants';

// Spec part 2 §5: both fields must be non-blank, with one message for either.
export const TICKET_FIELDS_REQUIRED = 'Please fill in both subject and message fields.';

export const ticketStatusSchema = z.enum(TICKET_STATUSES, {
  error: 'Status must be open, in_progress, resolved or closed',
});
export const ticketPrioritySchema = z.enum(TICKET_PRIORITIES, {
  error: 'Priority must be low, medium, high or urgent',
});

export const createTicketSchema = z.object({
  subject: z
    .string({ error: TICKET_FIELDS_REQUIRED })
    .trim()
    .min(1, TICKET_FIELDS_REQUIRED)
    .max(200, 'Subject must be at most 200 characters')
    .refine(noControlChars(), CONTROL_CHARS_MESSAGE),
  message: z
    .string({ error: TICKET_FIELDS_REQUIRED })
    .trim()
    .min(1, TICKET_FIELDS_REQUIRED)
    .max(10_000, 'Message must be at most 10000 characters')
    .refine(noControlChars(true), CONTROL_CHARS_MESSAGE),
  priority: ticketPrioritySchema.default('medium'),
  // "none" and "" come from a select with no model chosen
  modelId: z
    .union([z.uuid('Model not found'), z.literal(''), z.literal('none'), z.null()])
    .optional()
    .transform((v) => (v && v !== 'none' ? v : null)),
});
export type CreateTicketInput = z.input<typeof createTicketSchema>;

export const ticketListQuerySchema = z.object({
  includeResolved: z
    .enum(['true', 'false', '1', '0'], { error: 'Expected true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const ticketStatusBodySchema = z.object({ status: ticketStatusSchema });
export const ticketPriorityBodySchema = z.object({ priority: ticketPrioritySchema });
export const ticketNoteBodySchema = z.object({
  note: z
    .string({ error: 'Note cannot be empty' })
    .trim()
    .min(1, 'Note cannot be empty')
    .max(10_000, 'Note must be at most 10000 characters')
    .refine(noControlChars(true), CONTROL_CHARS_MESSAGE),
});

export type TicketStatus = z.infer<typeof ticketStatusSchema>;
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;

export const supportTicketSchema = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  priority: ticketPrioritySchema,
  status: ticketStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  adminNotes: z.array(
    z.object({
      id: z.string(),
      note: z.string(),
      createdAt: z.string(),
      // a ticket's owner sees `{ username: "Support" }`; only admins see the admin's id and name
      author: z.object({ id: z.string().optional(), username: z.string() }).nullable(),
    }),
  ),
  modelId: z.string().nullable(),
  model: z.object({ id: z.string(), name: z.string() }).nullable(),
  user: z.object({ id: z.string(), username: z.string(), email: z.string() }).nullable(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;
export const supportTicketListSchema = z.array(supportTicketSchema);
export const ticketResultSchema = z.object({ success: z.boolean(), ticket: supportTicketSchema });
