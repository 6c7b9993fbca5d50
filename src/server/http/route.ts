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
import type { ApiKeyScope, RouteDescriptor } from '../../shared/api/define';
import { adminOnly, usersOnly } from './guards';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the descriptor's `apiKey` scope: which personal API keys may call the route (decision 039) */
    apiKey?: ApiKeyScope;
  }
}

/** Who may call a registered descriptor, for the OpenAPI document (decision 039). */
export type DescriptorGuard = 'admin' | 'user' | 'none';
const guards = new WeakMap<RouteDescriptor, DescriptorGuard>();
export const guardOfDescriptor = (d: RouteDescriptor): DescriptorGuard | undefined => guards.get(d);

function guardOf(descriptor: RouteDescriptor, extras: RouteExtras, handler: unknown): DescriptorGuard {
  const hooks = [extras.preValidation].flat();
  // a handler may ask for the session itself (requireUser, requireAdmin) instead of through its guard
  const source = String(handler);
  if (descriptor.path.startsWith('/api/admin/') || hooks.includes(adminOnly.preValidation)) return 'admin';
  if (/\brequireAdmin\b/.test(source)) return 'admin';
  return hooks.includes(usersOnly.preValidation) || /\brequireUser\b/.test(source) ? 'user' : 'none';
}

// Every route registers from its descriptor in src/shared/api/ (decision 032): the path, the method
// and the schemas come from there, the route file adds only who may call and the handler.

/** The descriptor's schemas in Fastify's names, for fastify-type-provider-zod's request and reply types. */
type SchemaOf<D extends RouteDescriptor> = {
  params: D['params'];
  querystring: D['query'];
  body: D['body'];
  response: D['response'];
};

/** What a route file may add: a guard (`usersOnly`, `adminOnly`), a body limit, a rate-limit config… */
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
  extras: RouteExtras,
  handler: DescribedHandler<D>,
): void {
  const schema: Record<string, unknown> = { response: descriptor.response };
  if (descriptor.params) schema.params = descriptor.params;
  if (descriptor.query) schema.querystring = descriptor.query;
  if (descriptor.body) schema.body = descriptor.body;
  guards.set(descriptor, guardOf(descriptor, extras, handler));
  app.withTypeProvider<ZodTypeProvider>().route({
    ...(extras as object),
    config: { ...(extras.config as object | undefined), apiKey: descriptor.apiKey },
    method: descriptor.method,
    url: descriptor.path,
    schema,
    handler: handler as never,
  });
}
