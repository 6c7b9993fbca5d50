import { z } from 'zod';
import { API_AREAS } from '../../../shared/api/all';
import type { RouteDescriptor, Schema } from '../../../shared/api/define';
import { OPERATION_DOCS, type OperationDoc } from '../../../shared/api/operation-docs';
import { ERROR_CODES } from '../../../shared/error-codes';
import { SESSION_COOKIE } from '../../http/session';

// The OpenAPI 3.1 document of the HTTP contract (docs/decisions/039-api-keys-and-openapi.md), built
// from the route descriptors of src/shared/api/ and their zod schemas (zod 4's JSON Schema output,
// draft 2020-12, which is OpenAPI 3.1's dialect). Every descriptor is in it, webhooks included.

type Json = Record<string, unknown>;

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted (still running)',
  '204': 'No content',
};

/** One schema's JSON Schema, its `$defs` moved into the document's components under unique names. */
function jsonSchemaOf(schema: Schema, io: 'input' | 'output', defs: Json, prefix: string): Json {
  const out = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as Json;
  delete out.$schema;
  const local = (out.$defs ?? {}) as Record<string, Json>;
  delete out.$defs;
  if (Object.keys(local).length === 0) return out;
  const rename = (name: string) => `${prefix}_${name}`.replace(/[^A-Za-z0-9._-]/g, '_');
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const copy: Json = {};
    for (const [k, v] of Object.entries(node as Json))
      copy[k] =
        k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
          ? `#/components/schemas/${rename(v.slice('#/$defs/'.length))}`
          : rewrite(v);
    return copy;
  };
  for (const [name, def] of Object.entries(local)) defs[rename(name)] = rewrite(def);
  return rewrite(out) as Json;
}

/** Fastify's `/api/models/:id` as OpenAPI's `/api/models/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parameters(d: RouteDescriptor, defs: Json, prefix: string) {
  const out: Json[] = [];
  for (const [where, schema] of [
    ['path', d.params],
    ['query', d.query],
  ] as const) {
    if (!schema) continue;
    const s = jsonSchemaOf(schema, 'input', defs, `${prefix}_${where}`);
    const required = new Set((s.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries((s.properties ?? {}) as Record<string, Json>))
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: prop });
  }
  return out;
}

/** Who may call, from the descriptor's guard: the field http/guards.ts enforces (decision 069). */
export function securityOf(d: RouteDescriptor): Json[] {
  const options: Json[] = [];
  if (d.guard === 'public') options.push({});
  options.push({ session: [] });
  if (d.apiKey && d.guard !== 'admin') options.push({ apiKey: [d.apiKey] });
  return options;
}

function operation(area: string, name: string, d: RouteDescriptor, defs: Json): Json {
  const prefix = `${area}.${name}`;
  const guard = d.guard;
  const who =
    guard === 'admin'
      ? 'Admins only (session).'
      : guard === 'user'
        ? 'Signed-in users.'
        : 'Anyone; a session may change the answer.';
  const key = d.apiKey
    ? ` A personal API key with the \`${d.apiKey}\` scope may call it (\`Authorization: Bearer\`).`
    : ' Personal API keys are refused.';
  // the method and path are on the operation's line already; the summary says what it does
  const doc = (OPERATION_DOCS as Record<string, Record<string, OperationDoc>>)[area]![name]!;
  const op: Json = {
    operationId: prefix,
    tags: [area],
    summary: doc.summary,
    description: `${doc.description}\n\n${who}${guard === 'admin' ? ' Personal API keys are refused.' : key}`,
    security: securityOf(d),
    responses: {} as Json,
  };
  const params = parameters(d, defs, prefix);
  if (params.length) op.parameters = params;
  if (d.body)
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchemaOf(d.body, 'input', defs, `${prefix}_body`) } },
    };
  else if (d.multipart)
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', description: 'Files and fields as the route documents them.' },
        },
      },
    };
  const responses = op.responses as Json;
  for (const [status, schema] of Object.entries(d.response))
    responses[status] = {
      description: STATUS_TEXT[status] ?? 'Success',
      content: {
        'application/json': { schema: jsonSchemaOf(schema, 'output', defs, `${prefix}_${status}`) },
      },
    };
  responses['4XX'] = { $ref: '#/components/responses/Error' };
  responses['5XX'] = { $ref: '#/components/responses/Error' };
  return op;
}

/** The error body every route shares (src/server/http/error-handler.ts). */
const ERROR_SCHEMA: Json = {
  type: 'object',
  required: ['error', 'message', 'code'],
  properties: {
    error: { type: 'string', description: 'The message, kept for older clients' },
    message: { type: 'string' },
    code: { type: 'string', enum: [...ERROR_CODES] },
    fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Per-field messages' },
    retryAfter: { type: 'integer', description: 'With 429: seconds to wait (also the Retry-After header)' },
  },
};

export function buildOpenApiDocument(opts: { serverUrl: string; version: string }): Json {
  const defs: Json = { Error: ERROR_SCHEMA };
  const paths: Record<string, Json> = {};
  for (const [area, routes] of Object.entries(API_AREAS))
    for (const [name, descriptor] of Object.entries(routes as Record<string, RouteDescriptor>)) {
      const path = openApiPath(descriptor.path);
      paths[path] ??= {};
      paths[path]![descriptor.method.toLowerCase()] = operation(area, name, descriptor, defs);
    }
  return {
    // No `jsonSchemaDialect`: OpenAPI 3.1's default dialect is already draft 2020-12 (with OpenAPI's
    // vocabulary), and Swagger UI answered the explicit one with a red warning (issue 45 N2).
    openapi: '3.1.0',
    info: {
      title: 'LoRA Studio API',
      version: opts.version,
      description:
        'The HTTP API of LoRA Studio. The app itself signs in with a session cookie; scripts use a ' +
        'personal API key (Settings → API keys) as `Authorization: Bearer <token>` on the routes its ' +
        'scopes allow (`read`: models and gallery; `generate`: image generation, which spends tokens). ' +
        'Every error answers with the `Error` body; 429 carries `Retry-After`.',
    },
    servers: [{ url: opts.serverUrl }],
    tags: Object.keys(API_AREAS).map((name) => ({ name })),
    paths,
    components: {
      schemas: defs,
      responses: {
        Error: {
          description: 'An error (4xx, 5xx)',
          headers: {
            'Retry-After': {
              description: 'With 429: seconds to wait',
              schema: { type: 'integer' },
            },
          },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The signed session cookie the app sets at sign-in (writes must be same-origin).',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal API key (`ls_…`). Its scopes are listed per operation; a route without one ' +
            'refuses a key with 403, an unknown, revoked or expired key gets 401. A key acts as a plain ' +
            "user whatever its owner's role; it expires when its owner chose (30, 90 or 365 days, or " +
            'never) and is revoked by a password change or reset, "sign out everywhere", a suspension ' +
            'or a deletion. With the `read` scope it also fetches the `/files/…` URLs of its own answers.',
        },
      },
    },
  };
}
