import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler';

// Serves the built SPA; unknown non-API paths get index.html so the client router (and its 404 page) decide.
export async function registerStatic(app: FastifyInstance, webRoot: string) {
  const hasBuild = existsSync(path.join(webRoot, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      // the build writes .br/.gz beside every text asset; clients get the smallest they accept
      preCompressed: true,
      setHeaders(res, file) {
        // @fastify/static hands over the Fastify reply here (not the raw response)
        const r = res as unknown as {
          header?: (k: string, v: string) => void;
          setHeader?: (k: string, v: string) => void;
        };
        const set = (v: string) =>
          r.header ? r.header('Cache-Control', v) : r.setHeader?.('Cache-Control', v);
        set(
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.get('/', (_request, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (
      request.method !== 'GET' ||
      url.startsWith('/api/') ||
      url === '/api' ||
      url.startsWith('/files/') ||
      !hasBuild
    ) {
      return sendError(reply, 404, 'NOT_FOUND', 'Not found');
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
