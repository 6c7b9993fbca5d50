import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiKeyScope, Guard, RouteDescriptor } from '../../shared/api/define';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the descriptor's `apiKey` scope: which personal API keys may call the route (decision 039) */
    apiKey?: ApiKeyScope;
    /** the descriptor's `guard`: who may call the route, enforced by http/guards.ts (decision 069) */
    guard?: Guard;
  }
}

// Every route registers from its descriptor (decision 032): the path, the method, the schemas and who
// may call (decision 069) come from src/shared/api/<area>.server.ts; the route file adds the handler
// and any other Fastify option.

/** The descriptor's schemas in Fastify's names, for fastify-type-provider-zod's request and reply types. */
type SchemaOf<D extends RouteDescriptor> = {
  params: D['params'];
  querystring: D['query'];
  body: D['body'];
  response: D['response'];
};

/** What a route file may add: a body limit, a raw-body parser… (who may call is the descriptor's `guard`) */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema'>;

export type DescribedHandler<D extends RouteDescriptor> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<D>,
  ZodTypeProvider
>;

export function route<const D extends RouteDescriptor>(
  app: FastifyInstance,
  descriptor: D,
  handler: DescribedHandler<D>,
): void;
export function route<const D extends RouteDescriptor>(
  app: FastifyInstance,
  descriptor: D,
  extras: RouteExtras,
  handler: DescribedHandler<D>,
): void;
export function route<const D extends RouteDescriptor>(
  app: FastifyInstance,
  descriptor: D,
  ...rest: [DescribedHandler<D>] | [RouteExtras, DescribedHandler<D>]
): void {
  const [extras, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  const where = `${descriptor.method} ${descriptor.path}`;
  // everything under /api/admin/ is the admin's; a key acts as a plain user (decision 055), never an admin
  if (descriptor.path.startsWith('/api/admin/') && descriptor.guard !== 'admin')
    throw new Error(`${where}: every /api/admin/ route is guarded 'admin'`);
  if (descriptor.guard === 'admin' && descriptor.apiKey)
    throw new Error(`${where}: a personal API key never opens an admin route`);
  const schema: Record<string, unknown> = { response: descriptor.response };
  if (descriptor.params) schema.params = descriptor.params;
  if (descriptor.query) schema.querystring = descriptor.query;
  if (descriptor.body) schema.body = descriptor.body;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...(extras as object),
    config: { ...(extras.config as object | undefined), apiKey: descriptor.apiKey, guard: descriptor.guard },
    method: descriptor.method,
    url: descriptor.path,
    schema,
    handler: handler as never,
  });
}
