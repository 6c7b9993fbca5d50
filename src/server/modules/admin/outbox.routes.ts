import type { FastifyInstance } from 'fastify';
import { adminContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import { NEXT_CURSOR_HEADER } from '../../../shared/schemas/common';
import type { AppDeps } from '../../deps';
import { requireAdmin } from '../../http/session';
import { createOutboxService } from './outbox.service';

export async function outboxRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const outbox = createOutboxService(opts.deps.db);
  // docs/product/interfaces.md: "the outbox mailer's messages, newest first" — the body is that list itself. Older pages
  // are reached with ?cursor=, whose next value travels in the X-Next-Cursor header.
  route(app, adminContract.outbox, async (request, reply) => {
    requireAdmin(request);
    const page = await outbox.page(request.query);
    if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.items;
  });
}
