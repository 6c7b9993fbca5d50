import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cursorSchema, NEXT_CURSOR_HEADER } from '../../../shared/schemas/common';
import type { AppDeps } from '../../deps';
import { requireAdmin } from '../../http/session';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { createMailRepository } from '../mail/mail.repository';

export async function outboxRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = createMailRepository(opts.deps.db);
  // INTERFACES: "the outbox mailer's messages, newest first" — the body is that list itself. Older pages
  // are reached with ?cursor=, whose next value travels in the X-Next-Cursor header.
  r.get('/api/admin/outbox', { schema: { querystring: z.object({ cursor: cursorSchema, limit: z.coerce.number().int().min(1).max(500).default(50) }) } }, async (request, reply) => {
    requireAdmin(request);
    const rows = await repo.page(request.query.limit + 1, decodeCursor(request.query.cursor));
    const page = rows.slice(0, request.query.limit);
    const last = page[page.length - 1];
    if (rows.length > request.query.limit && last) reply.header(NEXT_CURSOR_HEADER, encodeCursor(last.cursorTs, last.id));
    return page.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, html: m.html, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null, error: m.error, transport: m.transport }));
  });
}
