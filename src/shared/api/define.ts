// The shape of one HTTP route, shared by the server (which registers it, src/server/http/route.ts)
// and the browser (which calls it, src/web/lib/api-client.ts). Decision 032.
//
// This file is zod-free on purpose: the browser build keeps only `method` and `path` of a descriptor
// (scripts/vite-plugins/contract-types-only.ts drops the schema imports of src/shared/api/), so it must not import zod itself.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A personal API key's scopes (docs/decisions/039-api-keys-and-openapi.md). */
export type ApiKeyScope = 'read' | 'generate';

// any zod schema: the descriptor only carries it, the server validates and serialises with it
export type Schema = z.ZodType;

export type RouteDescriptor = {
  method: HttpMethod;
  /** Fastify's path syntax: `/api/models/:id` */
  path: `/api/${string}`;
  params?: Schema;
  query?: Schema;
  /** a JSON body; a multipart upload declares none and says so in `multipart` */
  body?: Schema;
  multipart?: true;
  /** the body of every success status the route answers with (errors share one shape, error-handler.ts) */
  response: { [status: number]: Schema };
  /**
   * A personal API key with this scope may call the route (`Authorization: Bearer`, decision 039).
   * Without it, a request with a key is refused: never on admin, payment, account or privacy routes.
   */
  apiKey?: ApiKeyScope;
};

/** Keeps the literal types of a descriptor (the path, the schemas) while checking its shape. */
export function defineRoute<const D extends RouteDescriptor>(descriptor: D): D {
  return descriptor;
}

type Infer<S> = S extends Schema ? z.infer<S> : never;
type InputOf<S> = S extends Schema ? z.input<S> : never;
type SuccessStatus = 200 | 201 | 202 | 204;

/** What a successful call answers: the union of the descriptor's 2xx bodies. */
export type ResponseOf<D extends RouteDescriptor> = {
  [S in keyof D['response'] & SuccessStatus]: Infer<D['response'][S]>;
}[keyof D['response'] & SuccessStatus];

/** What a caller sends: the path parameters, the query and the JSON body, each as the schema accepts it. */
export type ParamsOf<D extends RouteDescriptor> = D['params'] extends Schema
  ? InputOf<D['params']>
  : undefined;
/** The query by the values the server reads (`showNsfw: true`); the URL carries them as text. */
export type QueryOf<D extends RouteDescriptor> = D['query'] extends Schema
  ? { [K in keyof Infer<D['query']>]?: Infer<D['query']>[K] | null }
  : undefined;
export type BodyOf<D extends RouteDescriptor> = D['body'] extends Schema ? InputOf<D['body']> : undefined;
