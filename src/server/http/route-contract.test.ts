import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allDescriptors } from '../../shared/api/all';
import type { RouteDescriptor } from '../../shared/api/define';
import { createHarness, type Harness } from '../test/harness';
import type { RouteEntry } from '../test/route-catalog';

// Issue 24: one HTTP contract (decision 032). Every JSON route the app registers comes from a descriptor
// in src/shared/api/ with the descriptor's own schemas, every descriptor is registered, and every
// success status a route answers with has a response schema (Fastify serialises through it).

let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
});
afterAll(async () => {
  await h?.close();
});

const keyOf = (method: string, path: string) => `${method} ${path}`;
const isZod = (schema: unknown) =>
  typeof (schema as { safeParse?: unknown } | undefined)?.safeParse === 'function';
// a body the route's schema would refuse, where a body can go
const bodyFor = (route: RouteEntry) => (route.method === 'GET' ? undefined : { hostile: true });
const jsonRoutes = () => h.routes.filter((r) => r.url.startsWith('/api/'));

describe('the HTTP contract (src/shared/api/)', () => {
  const descriptors = allDescriptors();
  const byKey = new Map(descriptors.map((d) => [keyOf(d.descriptor.method, d.descriptor.path), d]));

  it('names each method and path once', () => {
    expect(byKey.size).toBe(descriptors.length);
  });

  it('every registered /api/ route has a descriptor, and registers its schemas', () => {
    const problems: string[] = [];
    for (const route of jsonRoutes()) {
      const found = byKey.get(keyOf(route.method, route.url));
      if (!found) {
        problems.push(`${route.method} ${route.url}: no descriptor`);
        continue;
      }
      const d: RouteDescriptor = found.descriptor;
      const pairs: [string, unknown, unknown][] = [
        ['params', route.schema.params, d.params],
        ['query', route.schema.querystring, d.query],
        ['body', route.schema.body, d.body],
        ['response', route.schema.response, d.response],
      ];
      for (const [what, registered, declared] of pairs)
        if (registered !== declared)
          problems.push(`${found.name}: the registered ${what} is not the descriptor's`);
    }
    expect(problems).toEqual([]);
  });

  it('every descriptor is registered', () => {
    const registered = new Set(jsonRoutes().map((r) => keyOf(r.method, r.url)));
    const missing = descriptors.filter((d) => !registered.has(keyOf(d.descriptor.method, d.descriptor.path)));
    expect(missing.map((d) => d.name)).toEqual([]);
  });

  it('every JSON route, webhooks included, has a response schema for each success status it sends', () => {
    const problems: string[] = [];
    const routes: RouteEntry[] = jsonRoutes();
    expect(routes.some((r) => r.url.startsWith('/api/webhooks/'))).toBe(true);
    for (const route of routes) {
      const response = (route.schema.response ?? {}) as Record<string, unknown>;
      const declared = Object.keys(response).map(Number);
      if (!declared.some((s) => s >= 200 && s < 300))
        problems.push(`${route.method} ${route.url}: no 2xx schema`);
      for (const status of route.sends)
        if (!isZod(response[status]))
          problems.push(`${route.method} ${route.url}: sends ${status} without a schema`);
      for (const [status, schema] of Object.entries(response))
        if (!isZod(schema))
          problems.push(`${route.method} ${route.url}: the ${status} schema is not a zod schema`);
    }
    expect(problems).toEqual([]);
  });

  it("every registered /api/ route carries its descriptor's guard (decision 069)", () => {
    const problems: string[] = [];
    for (const route of jsonRoutes()) {
      const found = byKey.get(keyOf(route.method, route.url));
      if (found && route.guard !== found.descriptor.guard)
        problems.push(`${found.name}: registered as ${route.guard}, described as ${found.descriptor.guard}`);
    }
    expect(problems).toEqual([]);
    for (const guard of ['public', 'user', 'admin'])
      expect(descriptors.some((d) => d.descriptor.guard === guard)).toBe(true);
  });

  it('refuses a guest on every guarded route with 401, before reading its input', async () => {
    const problems: string[] = [];
    for (const route of jsonRoutes().filter((r) => r.guard !== 'public')) {
      // any value for the parameters: the guard answers before they are validated or looked up
      const url = route.url.replace(/:[A-Za-z]+/g, 'x');
      const res = await h.client().inject({ method: route.method as 'POST', url, payload: bodyFor(route) });
      if (res.statusCode !== 401) problems.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    expect(problems).toEqual([]);
  });

  it("refuses a signed-in user on every admin route with 403, whatever the route's path", async () => {
    const c = h.client();
    await c.register();
    const problems: string[] = [];
    for (const route of jsonRoutes().filter((r) => r.guard === 'admin')) {
      const url = route.url.replace(/:[A-Za-z]+/g, 'x');
      const res = await c.inject({ method: route.method as 'POST', url, payload: bodyFor(route) });
      if (res.statusCode !== 403) problems.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('registering a route (http/route.ts)', () => {
  it('refuses an /api/ route without a guard, and a descriptor that would open the admin area to a user or a key', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerGuards } = await import('./guards');
    const { route } = await import('./route');
    const app = Fastify();
    registerGuards(app);
    expect(() => app.get('/api/unguarded', async () => ({}))).toThrow(/guard/);
    const response = { 200: (await import('../../shared/schemas/common')).successSchema };
    expect(() =>
      route(app, { method: 'GET', path: '/api/admin/open', guard: 'user', response }, async () => ({
        success: true,
      })),
    ).toThrow(/admin/);
    expect(() =>
      route(
        app,
        { method: 'GET', path: '/api/keyed', guard: 'admin', apiKey: 'read', response },
        async () => ({ success: true }),
      ),
    ).toThrow(/key/);
    await app.close();
  });
});
