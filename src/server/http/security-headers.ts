import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { zodSchemaController } from './schema-compilers';

/**
 * Helmet's headers, worked out once. @fastify/helmet runs helmet's middleware on every request, which
 * re-serialises the Content-Security-Policy each time (measured at ~10 % of a signed-in read, issue
 * 14); our options have no per-request parts (no nonces), so one answer from a throwaway instance
 * with the same options gives the exact same headers for every response.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ schemaController: zodSchemaController });
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const plain = await headersOfBareFastify();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (!(name in plain) && typeof value === 'string') headers[name] = value;
  return headers;
}

/** What Fastify itself sends for the same route, so only helmet's additions are kept. */
async function headersOfBareFastify() {
  const bare = Fastify({ schemaController: zodSchemaController });
  bare.get('/', async () => '');
  const res = await bare.inject({ method: 'GET', url: '/' });
  await bare.close();
  return res.headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
