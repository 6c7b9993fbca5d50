import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { apiKeysApi } from '../../../shared/api/api-keys';

// GET /docs/api: the readable API reference, swagger-ui-dist's own files served from node_modules
// under /docs/api/ only (never in the app bundle, never from a CDN). Decision 039.

const DIST = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
};

// no inline script (the CSP allows none but the theme's): the page starts Swagger UI from this file.
// Swagger UI draws itself dark under `html.dark-mode`; the page follows the system's setting.
const INIT_JS = `(function () {
  var dark = window.matchMedia('(prefers-color-scheme: dark)');
  var follow = function () {
    document.documentElement.classList.toggle('dark-mode', dark.matches);
  };
  follow();
  dark.addEventListener('change', follow);
})();
window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(apiKeysApi.openapi.path)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    tryItOutEnabled: false,
    supportedSubmitMethods: [],
    defaultModelsExpandDepth: 0,
  });
});
`;

// the page's own lines, light and dark (Swagger UI's dark colours: swagger-ui.css, html.dark-mode)
const PAGE_CSS = `:root { color-scheme: light dark; }
body { margin: 0; }
.intro { font: 0.9rem system-ui, sans-serif; margin: 1rem 1.25rem 0; }
.intro h1 { font: 600 1.25rem system-ui, sans-serif; margin: 0 0 0.25rem; }
@media (prefers-color-scheme: dark) {
  html { background: #1c2022; color: #e4e6e6; }
  .intro a { color: #8ab4f8; }
}
`;

// the app's own mark (src/web/index.html), so the browser does not ask for a /favicon.ico that is not there
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%2300beab'/%3E%3Cpath d='M16 6l2.6 6.9L26 16l-7.4 3.1L16 26l-2.6-6.9L6 16l7.4-3.1z' fill='white'/%3E%3C/svg%3E";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>API reference · LoRA Studio</title>
<link rel="icon" href="${ICON}">
<link rel="stylesheet" href="/docs/api/swagger-ui.css">
<link rel="stylesheet" href="/docs/api/page.css">
</head>
<body>
<main>
<div class="intro">
<h1>LoRA Studio API reference</h1>
<p>
The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).
Create a personal API key in <a href="/settings?tab=api-keys">Settings → API keys</a>.
</p>
</div>
<div id="swagger-ui"><noscript>This reference needs JavaScript; the document itself is at /api/openapi.json.</noscript></div>
</main>
<script src="/docs/api/swagger-ui-bundle.js"></script>
<script src="/docs/api/init.js"></script>
</body>
</html>
`;

export async function apiDocsRoutes(app: FastifyInstance) {
  // read and gzipped once, on first use (swagger-ui-bundle.js: 1.7 MB, 0.46 MB gzipped)
  const cache = new Map<string, { plain: Buffer; gzip: Buffer }>();
  const asset = async (name: string) => {
    let body = cache.get(name);
    if (!body) {
      const plain = await readFile(path.join(DIST, ASSETS[name]!.file));
      cache.set(name, (body = { plain, gzip: gzipSync(plain) }));
    }
    return body;
  };

  app.get('/docs/api', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );
  app.get('/docs/api/init.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT_JS),
  );
  app.get('/docs/api/page.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(PAGE_CSS),
  );
  for (const name of Object.keys(ASSETS))
    app.get(`/docs/api/${name}`, async (request, reply) => {
      const body = await asset(name);
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      reply
        .type(ASSETS[name]!.type)
        .header('cache-control', 'public, max-age=86400')
        .header('vary', 'accept-encoding');
      if (gzip) reply.header('content-encoding', 'gzip');
      return reply.send(gzip ? body.gzip : body.plain);
    });
}
