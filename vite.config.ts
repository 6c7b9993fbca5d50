import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compileHints } from './scripts/vite-plugins/compile-hints.js';
import { prerenderPages } from './scripts/vite-plugins/prerender-pages.js';

const WEB_ROOT = fileURLToPath(new URL('./src/web', import.meta.url));

export default defineConfig(({ command, mode, isSsrBuild }) => {
  // A production build is React's production build whatever NODE_ENV the calling process has: Vite
  // keeps a NODE_ENV it finds set, and vitest sets `test`, so a client built from a test run (the e2e
  // global setup) shipped React's development build, twice the size and several times slower, which
  // `npm start` then served until a source changed. Vite reads it after loading this file.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return config(mode, isSsrBuild);
});

const config = (mode: string, isSsrBuild: boolean | undefined): UserConfig => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    prerenderPages({
      configFile: fileURLToPath(import.meta.url),
      webRoot: WEB_ROOT,
      ssrOutDir: fileURLToPath(new URL('./dist/ssr', import.meta.url)),
    }),
    // the browser's chunks only: the build-time renderer runs once in Node
    ...(isSsrBuild ? [] : [compileHints()]),
  ],
  resolve: {
    alias: [
      { find: '@shared', replacement: fileURLToPath(new URL('./src/shared', import.meta.url)) },
      { find: '@web', replacement: WEB_ROOT },
      ...(mode === 'production'
        ? [
            // zod without its eval-compiled parsers, which the CSP forbids (lib/zod-browser.ts)
            ...(isSsrBuild
              ? []
              : [{ find: /^zod$/, replacement: path.join(WEB_ROOT, 'lib/zod-browser.ts') }]),
            // react-router's package exports point every condition at its development build; the
            // production build ships beside it without dev-only warnings.
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
    // Rolldown splits by route (each page is a lazy import: app/routes.tsx) and by what pages share
    rolldownOptions: isSsrBuild
      ? // the build-time renderer is one file for Node (its packages stay in node_modules)
        { output: { codeSplitting: false } }
      : {
          input: {
            main: path.join(WEB_ROOT, 'index.html'),
            // the landing page's only script (no React: docs/decisions/029-react-everywhere-and-prerender.md)
            landing: path.join(WEB_ROOT, 'landing-islands.ts'),
          },
          // Left alone, Rolldown made 44 common chunks for /login, most of them one icon or one small
          // component of a few hundred bytes, each a request before the page can run; those under
          // 16 kB of source are copied into the chunks that read them instead, with one module state
          // kept by Rolldown's runtime (docs/decisions/054-frontend-performance.md). Chunks holding
          // styles stay files, as Rolldown's guide asks of a Vite build.
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              experimentalInlineCommonChunks: { maxSize: 16_384, exclude: /\.css(\?|$)/ },
            },
          },
        },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/files': 'http://127.0.0.1:3000' } },
});
