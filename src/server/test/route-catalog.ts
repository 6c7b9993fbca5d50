import type { RouteOptions } from 'fastify';
import type { Guard } from '../../shared/api/define';

// The routes an app really registers, with the zod schemas each declares, collected by an onRoute
// hook (buildApp's `onRoute` option). Tests and scripts/security/ walk this instead of a hand list,
// so a new route or a new field is covered the day it is added.

export type RouteSchemas = { params?: unknown; querystring?: unknown; body?: unknown; response?: unknown };
/** Who the route admits: its descriptor's guard (http/guards.ts); `public` for a route without one (/files/*). */
export type RouteGuard = Guard;
export type RouteEntry = {
  method: string;
  url: string;
  schema: RouteSchemas;
  guard: RouteGuard;
  /** the guard, or the handler of a route without one (/files/*), asks for a session */
  needsSession: boolean;
  /** the success statuses the handler's source names in `reply.status(…)`; 200 when it names none */
  sends: number[];
};

function successStatusesOf(handler: unknown): number[] {
  const named = [...String(handler).matchAll(/\.status\(([^)]*)\)/g)].flatMap((m) =>
    [...m[1]!.matchAll(/\b(2\d\d)\b/g)].map((n) => Number(n[1])),
  );
  return named.length > 0 ? [...new Set(named)].sort() : [200];
}

const guardOf = (route: RouteOptions): RouteGuard => route.config?.guard ?? 'public';

/** A field a schema declares: its dotted path and the kind of its innermost value. */
export type SchemaField = { path: string; kind: string };

export function createRouteCollector() {
  const routes: RouteEntry[] = [];
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const s = (route.schema ?? {}) as RouteSchemas;
    for (const method of methods) {
      if (method === 'HEAD' || route.url.includes('*')) continue;
      routes.push({
        method,
        url: route.url,
        schema: { params: s.params, querystring: s.querystring, body: s.body, response: s.response },
        guard: guardOf(route),
        needsSession:
          guardOf(route) !== 'public' ||
          (!route.config?.guard && /\brequire(?:User|Admin)\b/.test(String(route.handler))),
        sends: successStatusesOf(route.handler),
      });
    }
  };
  return { routes, onRoute };
}

type ZodDef = {
  type: string;
  shape?: Record<string, { _zod: { def: ZodDef } }>;
  innerType?: { _zod: { def: ZodDef } };
  in?: { _zod: { def: ZodDef } };
  options?: { _zod: { def: ZodDef } }[];
  left?: { _zod: { def: ZodDef } };
  right?: { _zod: { def: ZodDef } };
  element?: { _zod: { def: ZodDef } };
  getter?: () => { _zod: { def: ZodDef } };
};

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

function defOf(schema: unknown): ZodDef | undefined {
  return (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;
}

/**
 * Every field of a zod object schema, nested objects as dotted paths, arrays as `path.0`. Wrappers
 * (optional, default, pipe, lazy) are seen through; a union contributes the fields of each option.
 */
export function schemaFields(schema: unknown, prefix = '', depth = 0): SchemaField[] {
  let def = defOf(schema);
  if (!def || depth > 8) return [];
  for (let i = 0; i < 16 && def; i++) {
    if (WRAPPERS.has(def.type)) def = defOf(def.innerType);
    else if (def.type === 'pipe') def = defOf(def.in);
    else if (def.type === 'lazy' && def.getter) def = defOf(def.getter());
    else break;
  }
  if (!def) return [];
  const field = (kind: string) => (prefix ? [{ path: prefix, kind }] : []);
  switch (def.type) {
    case 'object': {
      const out: SchemaField[] = [];
      for (const [key, value] of Object.entries(def.shape ?? {})) {
        out.push(...schemaFields(value, prefix ? `${prefix}.${key}` : key, depth + 1));
      }
      return out;
    }
    case 'union': {
      const seen = new Map<string, SchemaField>();
      for (const option of def.options ?? []) {
        for (const f of schemaFields(option, prefix, depth + 1)) if (!seen.has(f.path)) seen.set(f.path, f);
      }
      return seen.size > 0 ? [...seen.values()] : field('union');
    }
    case 'intersection':
      return [...schemaFields(def.left, prefix, depth + 1), ...schemaFields(def.right, prefix, depth + 1)];
    case 'array':
      return schemaFields(def.element, `${prefix}.0`, depth + 1);
    default:
      return field(def.type);
  }
}

/** Sets `value` at a dotted path (numeric segments make arrays), building the objects on the way. */
export function setPath(target: Record<string, unknown>, dotted: string, value: unknown) {
  const parts = dotted.split('.');
  let at: Record<string, unknown> = target;
  parts.forEach((part, i) => {
    if (i === parts.length - 1) {
      at[part] = value;
      return;
    }
    if (typeof at[part] !== 'object' || at[part] === null) at[part] = /^\d+$/.test(parts[i + 1]!) ? [] : {};
    at = at[part] as Record<string, unknown>;
  });
  return target;
}
