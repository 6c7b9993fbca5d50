import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

// The server sends these siblings (@fastify/static preCompressed) instead of compressing per request:
// best ratios once at build time, no CPU per download.
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lora-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) =>
        /\.(js|css|html|svg|json|txt)$/.test(f),
      );
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const data = await readFile(full);
          const [gz, br] = await Promise.all([
            gzipAsync(data, { level: 9 }),
            brotliAsync(data, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
            }),
          ]);
          // a tiny file can grow when compressed; then the plain file is the better answer
          await Promise.all([
            gz.length < data.length ? writeFile(`${full}.gz`, gz) : undefined,
            br.length < data.length ? writeFile(`${full}.br`, br) : undefined,
          ]);
        }),
      );
    },
  };
}

// a shared module that builds zod schemas at load (schemas, the password rule, architectures) would
// pull zod into every page through the chunk it lands in
const zodUsers = new Map<string, boolean>();
function sharedWithZod(id: string): boolean {
  if (!/src[\\/]shared[\\/]/.test(id)) return false;
  let uses = zodUsers.get(id);
  if (uses === undefined) {
    const file = id.split('?')[0];
    uses =
      /common-passwords/.test(file) ||
      (existsSync(file) && /from 'zod'|common-passwords/.test(readFileSync(file, 'utf8')));
    zodUsers.set(id, uses);
  }
  return uses;
}

// every page: the renderer, the router and the query cache
const VENDOR = /node_modules[\\/](preact|react-router|@tanstack|cookie|set-cookie-parser)[\\/]/;
// signed-in pages: Radix's overlay primitives and the components built on them (the few small
// Radix pieces a button or a label needs stay in `ui`)
const RADIX =
  /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll(-bar)?|aria-hidden|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib)[\\/]/;
const RADIX_SMALL = /@radix-ui[\\/]react-(slot|compose-refs|label|primitive)[\\/]/;
const OVERLAYS = new RegExp(
  String.raw`src[\\/]web[\\/]components[\\/](generated-image[\\/]|ui[\\/](` +
    'alert-dialog|avatar|dialog|dropdown-menu|progress|select|switch|tabs|toast|toast-region|tooltip' +
    String.raw`)\.tsx$)`,
);
const DIALOGS = (id: string) => (RADIX.test(id) && !RADIX_SMALL.test(id)) || OVERLAYS.test(id);
// pages with a form (a form that loads its schema late, lib/lazy-zod-resolver.ts, needs no zod to show)
const FORMS = /node_modules[\\/]react-hook-form[\\/]/;
// zod, the resolver and every shared module that builds a schema at load
const SCHEMAS = (id: string) => /node_modules[\\/](zod|@hookform)[\\/]/.test(id) || sharedWithZod(id);
// the small shared pieces every page draws with
const UI_FILES =
  /src[\\/]web[\\/](components|lib)[\\/]|node_modules[\\/](lucide-react|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs|label|primitive))[\\/]/;

const UI = (id: string) =>
  (UI_FILES.test(id) || (/src[\\/]shared[\\/]/.test(id) && !sharedWithZod(id))) && !DIALOGS(id);

export default defineConfig(({ mode }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: [
      { find: '@shared', replacement: fileURLToPath(new URL('./src/shared', import.meta.url)) },
      { find: '@web', replacement: fileURLToPath(new URL('./src/web', import.meta.url)) },
      ...(mode === 'production'
        ? [
            // Preact's compat layer in place of react-dom in the shipped build
            // (docs/decisions/023-preact-and-route-chunks.md)
            { find: /^react$/, replacement: 'preact/compat' },
            { find: /^react-dom$/, replacement: 'preact/compat' },
            { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
            { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
            { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
            // react-router's package exports point every condition at its development build; the
            // production build ships beside it without dev-only warnings (smaller landing page).
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ]
        : []),
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // every browser we support has native modulepreload
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    // Few, route-shaped chunks instead of ~60 tiny ones: on HTTP/1.1 a browser opens 6 connections
    // per origin, so every extra file on a page's path costs a round trip
    // (docs/decisions/023-preact-and-route-chunks.md).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: VENDOR, priority: 4 },
            { name: 'dialogs', test: DIALOGS, priority: 2 },
            { name: 'forms', test: FORMS, priority: 1 },
            { name: 'schemas', test: SCHEMAS, priority: 1 },
            // only what it names: its imports (a dialog, a schema) stay in their own chunks
            { name: 'ui', test: UI, priority: 3, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/files': 'http://127.0.0.1:3000' } },
}));
