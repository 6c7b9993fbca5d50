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
import type { RouteDescriptor } from '../../shared/api/define';

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
  app.withTypeProvider<ZodTypeProvider>().route({
    ...(extras as object),
    method: descriptor.method,
    url: descriptor.path,
    schema,
    handler: handler as never,
  });
}
