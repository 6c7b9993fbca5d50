import type { FastifyInstance } from 'fastify';
import { notificationsApi } from '../../../shared/api/notifications';
import type { AppDeps } from '../../deps';
import { usersOnly } from '../../http/guards';
import { route } from '../../http/route';
import { requireUser } from '../../http/session';
import { createNotificationsService } from './notifications.service';
import { unsubscribeRoutes } from './unsubscribe';

export async function notificationsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const service = createNotificationsService(opts.deps);

  route(app, notificationsApi.list, usersOnly, async (request) =>
    service.list(requireUser(request), request.query.cursor),
  );

  route(app, notificationsApi.markRead, usersOnly, async (request) =>
    service.markRead(requireUser(request), request.body),
  );

  route(app, notificationsApi.preferences, usersOnly, async (request) =>
    service.preferences(requireUser(request).id),
  );

  route(app, notificationsApi.setPreferences, usersOnly, async (request) =>
    service.setPreferences(requireUser(request).id, request.body.mail),
  );

  // its own scope: the one-click POST's form body parser applies to it alone
  await app.register(unsubscribeRoutes, { deps: opts.deps });
}
