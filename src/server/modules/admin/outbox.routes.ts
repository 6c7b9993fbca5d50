import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxListSchema } from '../../../shared/schemas/admin';
import { cursorSchema, NEXT_CURSOR_HEADER } from '../../../shared/schemas/common';
import type { AppDeps } from '../../deps';
import { requireAdmin } from '../../http/session';
import { createOutboxService } from './outbox.service';

export async function outboxRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const outbox = createOutboxService(opts.deps.db);
  // docs/product/interfaces.md: "the outbox mailer's messages, newest first" — the body is that list itself. Older pages
  // are reached with ?cursor=, whose next value travels in the X-Next-Cursor header.
  r.get(
    '/api/admin/outbox',
    {
      schema: {
        querystring: z.object({
          cursor: cursorSchema,
          limit: z.coerce.number().int().min(1).max(500).default(50),
        }),
        response: { 200: outboxListSchema },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const page = await outbox.page(request.query);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );
}
