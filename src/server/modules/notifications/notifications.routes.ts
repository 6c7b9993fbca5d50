import type { FastifyInstance } from 'fastify';
import { notificationsContract } from '../../../shared/api/all';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { requireUser } from '../../http/session';
import { createNotificationsService } from './notifications.service';
import { unsubscribeRoutes } from './unsubscribe';

export async function notificationsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const service = createNotificationsService(opts.deps);

  route(app, notificationsContract.list, async (request) =>
    service.list(requireUser(request), request.query.cursor),
  );

  route(app, notificationsContract.markRead, async (request) =>
    service.markRead(requireUser(request), request.body),
  );

  route(app, notificationsContract.preferences, async (request) =>
    service.preferences(requireUser(request).id),
  );

  route(app, notificationsContract.setPreferences, async (request) =>
    service.setPreferences(requireUser(request).id, request.body.mail),
  );

  // its own scope: the one-click POST's form body parser applies to it alone
  await app.register(unsubscribeRoutes, { deps: opts.deps });
}
