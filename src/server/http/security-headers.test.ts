import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { helmetHeaders } from './security-headers';

const options = {
  contentSecurityPolicy: {
    directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", 'https://js.stripe.com'] },
  },
  crossOriginEmbedderPolicy: false,
};

describe('security headers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({}, { startQueue: false });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('are exactly what @fastify/helmet sends per request, worked out once', async () => {
    const live = Fastify();
    await live.register(fastifyHelmet, options);
    live.get('/', async () => '');
    const res = await live.inject({ method: 'GET', url: '/' });
    await live.close();
    const once = await helmetHeaders(options);
    expect(Object.keys(once).length).toBeGreaterThan(8);
    for (const [name, value] of Object.entries(once)) expect(res.headers[name]).toBe(value);
    expect(once['content-security-policy']).toContain('https://js.stripe.com');
  });

  it('go out on API answers and on errors', async () => {
    for (const url of ['/api/healthz', '/api/auth/user', '/api/no-such-route']) {
      const res = await h.client().get(url);
      expect(res.headers['content-security-policy']).toContain("frame-src 'self' https://js.stripe.com");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeDefined();
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });
});
