import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler';
import { createPages, registerCrawlerFiles, type PagesOptions } from './pages';

// Serves the built client: its hashed files as they are, every other GET outside /api and /files as a
// page (http/pages.ts: pre-rendered HTML for a visitor on a public page, the app's page otherwise).
export async function registerStatic(
  app: FastifyInstance,
  webRoot: string,
  options: PagesOptions & { publicUrl?: string } = {},
) {
  const hasBuild = existsSync(path.join(webRoot, 'index.html'));
  if (options.publicUrl) registerCrawlerFiles(app, options.publicUrl);
  const sendPage = hasBuild ? createPages(webRoot, options) : undefined;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      // pages go through http/pages.ts (theme, session, preloads), never as the raw build files
      allowedPath: (file) =>
        !file.endsWith('.html') && !file.startsWith('/pages/') && file !== '/route-preloads.json',
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
    app.get('/', (request, reply) => sendPage!(request, reply));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (
      request.method !== 'GET' ||
      url.startsWith('/api/') ||
      url === '/api' ||
      url.startsWith('/files/') ||
      !sendPage
    ) {
      return sendError(reply, 404, 'NOT_FOUND', 'Not found');
    }
    return sendPage(request, reply);
  });
}
