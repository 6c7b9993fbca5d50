import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiKeysContract } from '../../../shared/api/all';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { requireUser } from '../../http/session';
import { describeUserAgent } from '../../lib/user-agent';
import { createApiKeysService, type KeyClient, type Reauthenticate } from './api-keys.service';
import { buildOpenApiDocument } from './openapi';

const clientOf = (request: FastifyRequest): KeyClient => ({
  ip: request.ip,
  device: describeUserAgent(request.headers['user-agent'] ?? null),
});

export async function apiKeysRoutes(
  app: FastifyInstance,
  opts: { deps: AppDeps; reauthenticate: Reauthenticate },
) {
  const keys = createApiKeysService(opts.deps, opts.reauthenticate);

  // a key can never manage keys: these descriptors carry no `apiKey` scope, so a bearer gets 403
  route(app, apiKeysContract.list, async (request) => keys.list(requireUser(request)));

  route(app, apiKeysContract.create, async (request, reply) => {
    const created = await keys.create(requireUser(request), request.body, clientOf(request));
    return reply.status(201).header('cache-control', 'no-store').send(created);
  });

  route(app, apiKeysContract.revoke, async (request) =>
    keys.revoke(requireUser(request), request.params.id, clientOf(request)),
  );

  // built on first use, after every route registered (the document reads who guards each one)
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  route(app, apiKeysContract.openapi, async (_request, reply) => {
    document ??= buildOpenApiDocument({ serverUrl: opts.deps.config.publicUrl, version: '1.0.0' });
    reply.header('cache-control', 'public, max-age=300');
    return document as never;
  });
}
