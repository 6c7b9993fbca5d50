import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendCachedJson } from './serialize-once';

// unknown keys are dropped on the way out, as by the compiled serializer
const schema = z.object({ at: z.string(), n: z.number() });

async function build(body: () => object) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get('/x', { schema: { response: { 200: schema } } }, async (_req, reply) =>
    sendCachedJson(reply, schema as never, body()),
  );
  await app.ready();
  return app;
}

describe('sendCachedJson', () => {
  it('sends what the compiled serializer would, and the same text again for the same object', async () => {
    const cached = { at: '2026-01-02T03:04:05.000Z', n: 1, secret: 'kept out' };
    const app = await build(() => cached);
    const first = await app.inject('/x');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual({ at: '2026-01-02T03:04:05.000Z', n: 1 });
    cached.n = 2; // a cached body is never changed in place; the text of the first send stands
    expect((await app.inject('/x')).json()).toEqual({ at: '2026-01-02T03:04:05.000Z', n: 1 });
    await app.close();
  });

  it('still refuses a body its schema does not describe', async () => {
    const app = await build(() => ({ at: 1, n: 'x' }));
    expect((await app.inject('/x')).statusCode).toBe(500);
    await app.close();
  });
});
