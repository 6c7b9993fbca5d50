import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './common';
import { models } from './models';
import { users } from './users';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../../shared/constants';

export const ticketStatuses = TICKET_STATUSES;
export const ticketPriorities = TICKET_PRIORITIES;

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    modelId: uuid('model_id').references(() => models.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    priority: text('priority', { enum: ticketPriorities }).notNull().default('medium'),
    status: text('status', { enum: ticketStatuses }).notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('support_tickets_user_idx').on(t.userId, t.createdAt),
    index('support_tickets_status_idx').on(t.status, t.createdAt),
    index('support_tickets_created_idx').on(t.createdAt, t.id),
  ],
);

export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: id(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_notes_ticket_idx').on(t.ticketId, t.createdAt)],
);

export const siteTheme = pgTable('site_theme', {
  id: integer('id').primaryKey().default(1),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: updatedAt(),
});

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** extra headers the mail was sent with (List-Unsubscribe, decision 036); null: none */
    headers: jsonb('headers').$type<Record<string, string>>(),
    transport: text('transport').notNull().default('outbox'),
    sentAt: ts('sent_at'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt, t.id)],
);

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    // a job with a key exists once while unfinished: enqueueing it again is a no-op
    singletonKey: text('singleton_key'),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lockedUntil: ts('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    result: jsonb('result').$type<unknown>(),
    // the W3C traceparent of the span that enqueued the job (decision 063): its runs join that trace
    traceParent: text('trace_parent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_singleton_uq')
      .on(t.singletonKey)
      .where(sql`status in ('queued', 'running')`),
  ],
);

/**
 * One row per running worker process (its queue's worker id), rewritten every heartbeat: the admin
 * System panel shows who is alive and how busy; a row not seen for a few minutes is a gone process.
 */
export const workers = pgTable('workers', {
  id: text('id').primaryKey(),
  role: text('role').notNull(),
  pid: integer('pid').notNull(),
  host: text('host').notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  lastSeen: ts('last_seen').notNull().defaultNow(),
  activeJobs: integer('active_jobs').notNull().default(0),
});
