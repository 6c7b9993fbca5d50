import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allDescriptors } from '../../../shared/api/all';
import { createHarness, type Harness } from '../../test/harness';
import { openApiPath } from './openapi';

// Issue 26 part 2: the published OpenAPI 3.1 document (docs/decisions/039-api-keys-and-openapi.md).

let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
});
afterAll(async () => {
  await h?.close();
});

type Operation = {
  operationId: string;
  summary: string;
  description: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
};
type Doc = { openapi: string; jsonSchemaDialect?: string; paths: Record<string, Record<string, Operation>> };

async function document() {
  const res = await h.client().get('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  return res.json() as Doc;
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const res = await validator.validate(doc as never);
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('holds every route of the contract (webhooks included), with its inputs and answers', async () => {
    const doc = await document();
    const missing: string[] = [];
    for (const { name, descriptor: d } of allDescriptors()) {
      const op = doc.paths[openApiPath(d.path)]?.[d.method.toLowerCase()];
      if (!op) {
        missing.push(name);
        continue;
      }
      expect(op.operationId).toBe(name);
      for (const status of Object.keys(d.response)) expect(op.responses[status], name).toBeDefined();
      expect(op.responses['4XX'], name).toEqual({ $ref: '#/components/responses/Error' });
      for (const p of d.path.match(/:[A-Za-z]+/g) ?? [])
        expect(op.parameters?.find((x) => x.name === p.slice(1))).toMatchObject({
          in: 'path',
          required: true,
        });
      if (d.body) expect(op.requestBody?.content['application/json'], name).toBeDefined();
      if (d.multipart) expect(op.requestBody?.content['multipart/form-data'], name).toBeDefined();
    }
    expect(missing).toEqual([]);
    expect(doc.paths['/api/openapi.json']?.get).toBeDefined();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/webhooks/'))).toBe(true);
  });

  it("names each operation's schemes: the key's scope where a key may call, sessions only elsewhere", async () => {
    const doc = await document();
    const schemes = (path: string, method: string) => doc.paths[path]![method]!.security;
    expect(schemes('/api/generate-image', 'post')).toContainEqual({ apiKey: ['generate'] });
    expect(schemes('/api/models', 'get')).toContainEqual({ apiKey: ['read'] });
    expect(schemes('/api/models', 'get')).toContainEqual({ session: [] });
    const closed = schemes('/api/admin/stats', 'get');
    expect(closed).toEqual([{ session: [] }]);
    expect(JSON.stringify(schemes('/api/user/profile', 'patch'))).not.toContain('apiKey');
    // the query of the gallery and a public route's optional security
    const gallery = doc.paths['/api/generated-images']!.get!;
    expect(gallery.parameters?.every((p) => p.in === 'query')).toBe(true);
    expect(schemes('/api/config', 'get')).toContainEqual({});
  });

  it("states each operation's security from its descriptor's guard, the field the server enforces (decision 069)", async () => {
    const doc = await document();
    const WHO = { public: 'Anyone', user: 'Signed-in users', admin: 'Admins only' } as const;
    for (const { name, descriptor: d } of allDescriptors()) {
      const op = doc.paths[openApiPath(d.path)]![d.method.toLowerCase()]!;
      const expected = [
        ...(d.guard === 'public' ? [{}] : []),
        { session: [] },
        ...(d.apiKey ? [{ apiKey: [d.apiKey] }] : []),
      ];
      expect(op.security, name).toEqual(expected);
      expect(op.description, name).toContain(`\n\n${WHO[d.guard]}`);
    }
  });

  it('gives each operation words of its own, not its method and path again (issue 45 N2)', async () => {
    const doc = await document();
    // Swagger UI warned in red about an explicit dialect; 3.1's default is already draft 2020-12
    expect(doc.jsonSchemaDialect).toBeUndefined();
    const echoes: string[] = [];
    const summaries = new Set<string>();
    for (const { name, descriptor: d } of allDescriptors()) {
      const op = doc.paths[openApiPath(d.path)]![d.method.toLowerCase()]!;
      if (!op.summary || op.summary.includes(d.path) || op.summary.startsWith(d.method)) echoes.push(name);
      summaries.add(op.summary);
      // what it does first, then who may call it
      expect(op.description, name).toMatch(/^[A-Z].{15,}\.\n\n(Admins only|Signed-in users|Anyone)/s);
    }
    expect(echoes).toEqual([]);
    expect(summaries.size).toBe(allDescriptors().length);
    const generate = doc.paths['/api/generate-image']!.post!;
    expect(generate.summary).toBe('Generate images');
    expect(generate.description).toContain('`generate` scope');
  });

  it('is built once and served from memory after', async () => {
    const a = await h.client().get('/api/openapi.json');
    const b = await h.client().get('/api/openapi.json');
    expect(a.body).toBe(b.body);
  });
});

describe('GET /docs/api', () => {
  it("serves the reference page and swagger-ui's own files, under /docs/api only", async () => {
    const c = h.client();
    const page = await c.get('/docs/api');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/docs/api/swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(page.body).not.toMatch(/https?:\/\//);
    // its own icon, so the browser asks for no /favicon.ico (a 404 in the console), and light or dark
    // as the system is (issue 45 N2)
    expect(page.body).toMatch(/<link rel="icon" href="data:image\/svg\+xml,/);
    expect(page.body).toContain('<link rel="stylesheet" href="/docs/api/page.css">');
    expect((await c.get('/docs/api/page.css')).body).toContain('@media (prefers-color-scheme: dark)');
    expect((await c.get('/docs/api/init.js')).body).toContain("classList.toggle('dark-mode'");
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    for (const [file, type] of [
      ['swagger-ui-bundle.js', /javascript/],
      ['swagger-ui.css', /text\/css/],
      ['init.js', /javascript/],
      ['page.css', /text\/css/],
    ] as const) {
      const res = await c.get(`/docs/api/${file}`);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toMatch(type);
    }
    const zipped = await c.inject({
      method: 'GET',
      url: '/docs/api/swagger-ui-bundle.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(700_000);
    expect((await c.get('/docs/api/package.json')).statusCode).not.toBe(200);
    expect((await c.get('/docs/api/../package.json')).body).not.toContain('"swagger-ui-dist"');
  });
});
