// The shape of one HTTP route (decision 032), in two halves (decision 069):
// - the browser's, `src/shared/api/<area>.ts`: where and how to call it (method, path, multipart), with
//   the types of its schemas but none of their values, so a page that calls the server loads no zod;
// - the server's, `src/shared/api/<area>.server.ts`: who may call it (`guard`, `apiKey`) and the zod
//   schemas it validates and serialises with. The browser never imports it (ESLint refuses it).
// The server registers the two joined (`contractOf` in src/shared/api/all.ts, src/server/http/route.ts);
// the browser calls the first (src/web/lib/api-client.ts).
//
// This file is zod-free at runtime on purpose: the browser imports it.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A personal API key's scopes (docs/decisions/039-api-keys-and-openapi.md). */
export type ApiKeyScope = 'read' | 'generate';

/**
 * Who may call a route. The server refuses everyone else before the input is validated
 * (src/server/http/guards.ts), and the OpenAPI document states the same field's `security`.
 * - `public`: anyone; a session may change the answer (webhooks check their own signature)
 * - `user`: a signed-in person (or a personal API key, where `apiKey` names its scope)
 * - `admin`: a signed-in admin with the second factor ADMIN_2FA asks for; never a key
 */
export type Guard = 'public' | 'user' | 'admin';

// any zod schema: the descriptor only carries it, the server validates and serialises with it
export type Schema = z.ZodType;

/** What only the server reads of a route: who may call it, and its schemas. */
export type ServerSide = {
  guard: Guard;
  /**
   * A personal API key with this scope may call the route (`Authorization: Bearer`, decision 039).
   * Without it, a request with a key is refused: never on admin, payment, account or privacy routes.
   */
  apiKey?: ApiKeyScope;
  params?: Schema;
  query?: Schema;
  /** a JSON body; a multipart upload declares none and says so in `multipart` */
  body?: Schema;
  /** the body of every success status the route answers with (errors share one shape, error-handler.ts) */
  response: { readonly [status: number]: Schema };
};

/** What the browser reads of a route: where and how to call it. */
export type Place = {
  method: HttpMethod;
  /** Fastify's path syntax: `/api/models/:id` */
  path: `/api/${string}`;
  multipart?: true;
};

// a key with no value at runtime: it carries the server side's types to the browser's descriptor
declare const sideOf: unique symbol;

/** A descriptor as the browser has it: its place, and the types (only) of its server side. */
export type Endpoint<S extends ServerSide = ServerSide> = Place & { readonly [sideOf]?: S };

/** A descriptor as the server registers it: place, guard and schemas. */
export type RouteDescriptor = Place & ServerSide;

/**
 * The browser's half of an area, typed by its server half (`import type`, so nothing of it is
 * loaded): every route the server half names, and no other, each with its schemas' types.
 */
export function endpoints<S extends Record<string, ServerSide>>() {
  return <const E extends { [K in keyof S]: Place }>(places: E & Record<Exclude<keyof E, keyof S>, never>) =>
    places as { [K in keyof E]: E[K] & Endpoint<S[K & keyof S]> };
}

/** The server's half of an area, its literal types kept (the guard, the schemas). */
export function serverSide<const S extends Record<string, ServerSide>>(sides: S): S {
  return sides;
}

/** Both halves joined: the descriptors the server registers and documents. */
export function contractOf<A extends Record<string, Place>, S extends { [K in keyof A]: ServerSide }>(
  api: A,
  sides: S,
): { [K in keyof A]: A[K] & S[K] } {
  return Object.fromEntries(
    Object.entries(api).map(([name, place]) => [name, { ...place, ...sides[name as keyof A] }]),
  ) as { [K in keyof A]: A[K] & S[K] };
}

type SideOf<D> = D extends { readonly [sideOf]?: infer S } ? NonNullable<S> : never;
/** One field of a descriptor's server side, `undefined` when it has none. */
type Part<D, K extends keyof ServerSide> = SideOf<D> extends { [P in K]: infer V } ? V : undefined;
type Infer<S> = S extends Schema ? z.infer<S> : never;
type InputOf<S> = S extends Schema ? z.input<S> : never;
type SuccessStatus = 200 | 201 | 202 | 204;
type Responses<D> = Part<D, 'response'>;

/** What a successful call answers: the union of the descriptor's 2xx bodies. */
export type ResponseOf<D extends Endpoint> = {
  [S in keyof Responses<D> & SuccessStatus]: Infer<Responses<D>[S]>;
}[keyof Responses<D> & SuccessStatus];

/** What a caller sends: the path parameters, the query and the JSON body, each as the schema accepts it. */
export type ParamsOf<D extends Endpoint> =
  Part<D, 'params'> extends Schema ? InputOf<Part<D, 'params'>> : undefined;
/** The query by the values the server reads (`showNsfw: true`); the URL carries them as text. */
export type QueryOf<D extends Endpoint> =
  Part<D, 'query'> extends Schema
    ? { [K in keyof Infer<Part<D, 'query'>>]?: Infer<Part<D, 'query'>>[K] | null }
    : undefined;
export type BodyOf<D extends Endpoint> =
  Part<D, 'body'> extends Schema ? InputOf<Part<D, 'body'>> : undefined;
