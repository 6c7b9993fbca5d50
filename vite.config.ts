import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { build, defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compile as compileTailwind, optimize as optimizeCss } from '@tailwindcss/node';
import { createHash } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

// The server sends these siblings (@fastify/static preCompressed) instead of compressing per request:
// best ratios once at build time, no CPU per download.
async function precompress(outDir: string) {
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
}

const CONFIG_FILE = fileURLToPath(import.meta.url);
const WEB_ROOT = fileURLToPath(new URL('./src/web', import.meta.url));
const SSR_OUT = fileURLToPath(new URL('./dist/ssr', import.meta.url));

/** The lazy page module of each route in app/routes.tsx, by its path (`@web/…` → a file). */
function routeModules(): { path: string; file: string; layout: string }[] {
  const source = readFileSync(path.join(WEB_ROOT, 'app/routes.tsx'), 'utf8');
  const routes = [...source.matchAll(/\{\s*path: '([^']+)',([\s\S]*?)lazy: \(\) =>\s*import\('([^']+)'\)/g)];
  return routes.map(([, routePath, between, spec]) => ({
    path: routePath,
    layout: /layout: 'bare'/.test(between) ? 'bare' : 'shell',
    file: path.join(WEB_ROOT, spec.replace(/^@web\//, '').replace(/^\.\//, 'app/') + '.tsx'),
  }));
}

/**
 * After the browser build: (1) for each route, the chunks its page needs beyond the entry's, which the
 * server announces as modulepreload links in that path's HTML (http/pages.ts); (2) the public pages
 * rendered to HTML by React's static renderer (entry-server.tsx, built for Node beside the client);
 * (3) the .br/.gz siblings of every text file; (4) the signed-in pages' frames (frames.json).
 * docs/decisions/029-react-everywhere-and-prerender.md, 043-signed-in-page-frames.md
 */
function prerenderPages(): Plugin {
  let outDir = '';
  let ssr = false;
  let chunks: Rolldown.OutputChunk[] = [];
  return {
    name: 'lora-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    writeBundle(_options, bundle) {
      chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
    },
    async closeBundle() {
      if (ssr) return;
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
      const island = chunks.find((c) => c.facadeModuleId?.endsWith('landing-islands.ts'));
      const boot = chunks.find((c) => c.facadeModuleId?.endsWith('boot.ts'));
      if (!entry || !island || !boot)
        throw new Error(
          `prerender: a chunk is missing: ${chunks.map((c) => `${c.name}:${c.isEntry}:${c.facadeModuleId}`).join(', ')}`,
        );
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const walk = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) walk(dep);
        };
        start.forEach(walk);
        return seen;
      };
      const inEntry = closure([entry.fileName]);
      const shell = byModule.get(path.join(WEB_ROOT, 'app/shell.tsx'));
      const preloads: Record<string, string[]> = {};
      for (const route of [
        ...routeModules(),
        { path: '*', file: path.join(WEB_ROOT, 'app/not-found-page.tsx'), layout: 'shell' },
      ]) {
        const page = byModule.get(route.file);
        if (!page) throw new Error(`prerender: no chunk for the page of ${route.path} (${route.file})`);
        const start = [page.fileName, ...(route.layout === 'shell' && shell ? [shell.fileName] : [])];
        preloads[route.path] = [...closure(start)].filter((f) => !inEntry.has(f)).map((f) => `/${f}`);
      }
      await writeFile(path.join(outDir, 'route-preloads.json'), JSON.stringify(preloads));

      await build({
        configFile: CONFIG_FILE,
        mode: 'production',
        logLevel: 'warn',
        build: { ssr: path.join(WEB_ROOT, 'entry-server.tsx'), outDir: SSR_OUT, emptyOutDir: true },
      });
      const server = (await import(pathToFileURL(path.join(SSR_OUT, 'entry-server.js')).href)) as {
        renderPage: (url: string) => Promise<string>;
        PRERENDERED_PAGES: Record<string, string>;
        renderFrame: (url: string) => Promise<string>;
        FRAMED_PAGES: Record<string, string>;
      };
      const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
      // a pre-rendered page starts with one small script instead of the app's: the landing page's
      // (landing-islands.ts, no app at all), the others' (boot.ts, the app after the first paint)
      const withScript = (chunk: Rolldown.OutputChunk, attrs = '') =>
        template
          .replace(/<script type="module"[^>]*><\/script>\s*/, '')
          .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
          .replace(
            '</head>',
            `  <script type="module" crossorigin src="/${chunk.fileName}"${attrs}></script>\n` +
              chunk.imports.map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">\n`).join('') +
              '  </head>',
          );
      const landingHead = withScript(island);
      // The entry's imports that never lead back to it (React, the router and query cache, `ui`), each
      // after its own imports: boot.ts evaluates them one task each before the app's modules, instead of
      // the whole graph in one long task (docs/decisions/035-load-on-use.md).
      const first: string[] = [];
      const placing: string[] = [];
      const place = (file: string) => {
        if (first.includes(file) || closure([file]).has(entry.fileName)) return;
        // two chunks that import each other have no order to evaluate them in, one task each
        if (placing.includes(file))
          throw new Error(`prerender: chunks import each other: ${[...placing, file].join(' → ')}`);
        placing.push(file);
        for (const dep of byFile.get(file)?.imports ?? []) place(dep);
        placing.pop();
        first.push(file);
      };
      entry.imports.forEach(place);
      const bootHead = withScript(
        boot,
        ` data-app="/${entry.fileName}" data-preload="${entry.imports.map((f) => `/${f}`).join(' ')}"` +
          ` data-first="${first.map((f) => `/${f}`).join(' ')}"`,
      );
      // a signed-in page's frame (below) is drawn before the app loads, too
      await writeFile(path.join(outDir, 'framed.html'), bootHead);
      await mkdir(path.join(outDir, 'pages'), { recursive: true });
      for (const [url, name] of Object.entries(server.PRERENDERED_PAGES)) {
        const body = await server.renderPage(url);
        if (!/<h1[\s>]|aria-level="1"/.test(body))
          throw new Error(`prerender: ${url} rendered without a main heading`);
        let html = (url === '/' ? landingHead : bootHead).replace(
          '<div id="root"></div>',
          `<div id="root">${body}</div>`,
        );
        if (url === '/') {
          // our own modules in the landing script's chunks, whose strings may hold classes it sets
          const ours = [...closure([island.fileName])]
            .flatMap((f) => byFile.get(f)?.moduleIds ?? [])
            .filter((id) => id.startsWith(WEB_ROOT) && existsSync(id));
          if (!ours.some((id) => id.endsWith('landing-islands.ts')))
            throw new Error(`prerender: the landing script's modules are not known (${ours.join(', ')})`);
          const css = await landingStylesheet(html, ours);
          const file = `assets/landing-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
          await writeFile(path.join(outDir, file), css);
          const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
          if (links.length !== 1)
            throw new Error(`prerender: the landing page links ${links.length} stylesheets`);
          html = html.replace(links[0], `<link rel="stylesheet" crossorigin href="/${file}">`);
        }
        await writeFile(path.join(outDir, 'pages', `${name}.html`), html);
      }
      // (4) the signed-in pages' frames (their heading in the shell), which the server writes into the
      // app's HTML for a signed-in person (http/pages.ts; docs/decisions/043-signed-in-page-frames.md)
      const frames: Record<string, { title: string; html: string }> = {};
      for (const [url, title] of Object.entries(server.FRAMED_PAGES)) {
        const html = await server.renderFrame(url);
        if (!/<h1[\s>]/.test(html)) throw new Error(`prerender: the frame of ${url} has no main heading`);
        frames[url] = { title, html };
      }
      await writeFile(path.join(outDir, 'frames.json'), JSON.stringify(frames));
      await precompress(outDir);
    },
  };
}

/**
 * The landing page's own stylesheet: Tailwind's output for the classes its HTML and its one script
 * (landing-islands.ts and what it imports of ours) name, a third of the app's. The landing page loads
 * no app, so nothing else can appear on it, and the server inlines whichever stylesheet a page links
 * (http/pages.ts). Parsing the app's whole stylesheet was the longest part of the page's first task:
 * on /login here, 66 KB inline cost ~70 ms of parsing before the first paint, ~30 ms for half of it
 * (docs/decisions/050-landing-stylesheet.md).
 */
async function landingStylesheet(html: string, scripts: string[]): Promise<string> {
  const candidates = new Set<string>();
  // React escapes attribute values: `[&_svg]:size-4` is written `[&amp;_svg]:size-4`
  const unescape = (text: string) =>
    text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_m, e: string) =>
      e === 'amp' ? '&' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : "'",
    );
  for (const m of html.matchAll(/\bclass="([^"]*)"/g))
    for (const token of unescape(m[1]).split(/\s+/)) if (token) candidates.add(token);
  for (const file of scripts)
    for (const m of readFileSync(file, 'utf8').matchAll(/['"`]([^'"`\n]+)['"`]/g))
      for (const token of m[1].split(/\s+/)) if (token) candidates.add(token);
  const source = path.join(WEB_ROOT, 'styles.css');
  const compiler = await compileTailwind(readFileSync(source, 'utf8'), {
    base: WEB_ROOT,
    onDependency: () => {},
  });
  return optimizeCss(compiler.build([...candidates]), { file: source, minify: true }).code;
}

// The route descriptors (src/shared/api/) carry zod schemas for the server, which registers, validates
// and serialises with them; the browser reads only a descriptor's method and path (lib/api-client.ts,
// types from the schemas, nothing parsed at runtime). Its build replaces their schema imports with
// `undefined`, so a page that calls the server does not load zod (decision 032).
const CONTRACT_FILE = /src[\\/]shared[\\/]api[\\/][a-z-]+\.ts$/;
function contractTypesOnly(): Plugin {
  return {
    name: 'lora-contract-types-only',
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr || !CONTRACT_FILE.test(id.split('?')[0]!)) return;
      // a schema written in a descriptor file would load zod with it on every page
      if (/from\s*["']zod/.test(code))
        this.error(`${id}: descriptors use the schemas of src/shared/schemas/`);
      const out = code
        .replace(
          /import\s*\{([^}]*)\}\s*from\s*["']\.\.\/schemas\/[a-z-]+(?:\.ts)?["'];?/g,
          (_all, names: string) => {
            const locals = names
              .split(',')
              .map((name) =>
                name
                  .trim()
                  .split(/\s+as\s+/)
                  .pop()!,
              )
              .filter(Boolean);
            return locals.length > 0 ? `const ${locals.map((name) => `${name} = void 0`).join(', ')};` : '';
          },
        )
        // and the (now empty) schema fields themselves: the client reads `method`, `path`, `multipart`
        .replace(/\b(?:params|query|body|response)\s*:\s*(?:\{[^{}]*\}|[\w$]+)\s*,?/g, '');
      if (/from\s*["'][^"']*schemas/.test(out))
        this.error(`${id}: a schema import the browser build cannot drop`);
      return { code: out, map: null };
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
      // a type-only import of zod builds nothing
      (existsSync(file) &&
        /^import (?!type )[^;]*from 'zod'|common-passwords/m.test(readFileSync(file, 'utf8')));
    zodUsers.set(id, uses);
  }
  return uses;
}

// every page but the landing page: the renderer, and the router and the query cache
const REACT = (id: string) =>
  /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/]web[\\/]react-first\.ts$/.test(id);
const VENDOR = (id: string) =>
  /node_modules[\\/](react-router|@tanstack|cookie|set-cookie-parser)[\\/]/.test(id) ||
  // the helper behind every lazy import(): left to the bundler it lands in the entry, and `ui`, which
  // has lazy imports, would then import the entry and could not be evaluated in a task of its own
  // before it (boot.ts, `data-first` below)
  /vite[\\/]preload-helper/.test(id);
// signed-in pages: Radix's overlay primitives and the components built on them (the few small
// Radix pieces a button or a label needs stay in `ui`)
const RADIX =
  /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll(-bar)?|aria-hidden|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib)[\\/]/;
const RADIX_SMALL = /@radix-ui[\\/]react-(slot|compose-refs|label|primitive)[\\/]/;
const OVERLAYS = new RegExp(
  String.raw`src[\\/]web[\\/]components[\\/](generated-image[\\/](image-lightbox|image-details-dialog)\.tsx$|ui[\\/](` +
    'alert-dialog|avatar|dialog|dropdown-menu|progress|select-radix|toast|toast-region|tooltip' +
    String.raw`)\.tsx$)`,
);
const DIALOGS = (id: string) => (RADIX.test(id) && !RADIX_SMALL.test(id)) || OVERLAYS.test(id);
// Radix's in-page controls (slider, avatar, progress) and the small pieces they share with the
// overlays: a page that draws a slider or an avatar loads these (~a quarter of the overlays' weight),
// not the menus, selects, dialogs and positioning engine it only needs once one opens
// (docs/decisions/035-load-on-use.md). The overlays' chunk imports this one.
const CONTROLS = (id: string) =>
  /node_modules[\\/]@radix-ui[\\/](primitive|number|react-(slider|avatar|progress|roving-focus|collection|presence|direction|id|context|use-controllable-state|use-layout-effect|use-callback-ref|use-effect-event|use-is-hydrated|use-previous|use-size))[\\/]/.test(
    id,
  ) || /src[\\/]web[\\/]components[\\/]ui[\\/](avatar|progress|slider)\.tsx$/.test(id);
// pages with a form (a form that loads its schema late, lib/lazy-zod-resolver.ts, needs no zod to show)
const FORMS = /node_modules[\\/]react-hook-form[\\/]/;
// zod, the resolver and every shared module that builds a schema at load
const SCHEMAS = (id: string) =>
  /node_modules[\\/](zod|@hookform)[\\/]|src[\\/]web[\\/]lib[\\/]zod-browser\.ts$/.test(id) ||
  sharedWithZod(id);
// the small shared pieces every page draws with
const UI_FILES =
  /src[\\/]web[\\/](components|lib)[\\/]|node_modules[\\/](lucide-react|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs|label|primitive))[\\/]/;

// the landing page's script uses these two and nothing else of the app's (landing-islands.ts)
const LANDING_SAFE = /src[\\/]web[\\/]lib[\\/](referral|theme[\\/]theme-mode)\.ts$/;
// the admin pages' kit goes with the admin pages, not to every signed-in page
const ADMIN_KIT = /src[\\/]web[\\/]components[\\/]admin[\\/]/;
const UI = (id: string) =>
  !SCHEMAS(id) &&
  !ADMIN_KIT.test(id) &&
  (UI_FILES.test(id) || (/src[\\/]shared[\\/]/.test(id) && !sharedWithZod(id))) &&
  !DIALOGS(id) &&
  !LANDING_SAFE.test(id) &&
  // the admin area's descriptors load with the admin pages only
  !/src[\\/]shared[\\/]api[\\/]admin\.ts$/.test(id);

export default defineConfig(({ command, mode, isSsrBuild }) => {
  // A production build is React's production build whatever NODE_ENV the calling process has: Vite
  // keeps a NODE_ENV it finds set, and vitest sets `test`, so a client built from a test run (the e2e
  // global setup) shipped React's development build, twice the size and several times slower, which
  // `npm start` then served until a source changed. Vite reads it after loading this file.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return config(mode, isSsrBuild);
});

/**
 * V8's explicit compile hint (Chrome 136+; other engines read a comment): every function of a chunk
 * that starts with it is compiled as the file is compiled, instead of on the main thread the first
 * time each is called. Only React's chunk has it: Chrome streams that file, so its functions are
 * compiled on a background thread while it downloads. The app's other chunks were compiled on the main
 * thread in one piece with the hint, a longer task than the lazy compiles it saved
 * (docs/decisions/052-eager-compile-hint.md).
 */
const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const EAGERLY_COMPILED = new Set(['react']);

/** Starts those chunks with the hint, on their first line: V8 reads it only there. */
function eagerCompileHint(): Plugin {
  return {
    name: 'lora-eager-compile-hint',
    apply: 'build',
    enforce: 'post',
    // after Vite's own additions to a chunk's start (the `__vite__mapDeps` list of lazy imports)
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && EAGERLY_COMPILED.has(chunk.name))
            chunk.code = `${EAGER_COMPILE_HINT}\n${chunk.code}`;
      },
    },
  };
}

const config = (mode: string, isSsrBuild: boolean | undefined): UserConfig => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    contractTypesOnly(),
    prerenderPages(),
    ...(isSsrBuild ? [] : [eagerCompileHint()]),
  ],
  resolve: {
    alias: [
      { find: '@shared', replacement: fileURLToPath(new URL('./src/shared', import.meta.url)) },
      { find: '@web', replacement: fileURLToPath(new URL('./src/web', import.meta.url)) },
      ...(mode === 'production'
        ? [
            // zod without its eval-compiled parsers, which the CSP forbids (lib/zod-browser.ts)
            ...(isSsrBuild
              ? []
              : [{ find: /^zod$/, replacement: path.join(WEB_ROOT, 'lib/zod-browser.ts') }]),
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
    rolldownOptions: isSsrBuild
      ? // the build-time renderer is one file for Node (its packages stay in node_modules)
        { output: { codeSplitting: false } }
      : {
          input: {
            main: path.join(WEB_ROOT, 'index.html'),
            landing: path.join(WEB_ROOT, 'landing-islands.ts'),
            boot: path.join(WEB_ROOT, 'boot.ts'),
          },
          output: {
            codeSplitting: {
              groups: [
                { name: 'react', test: REACT, priority: 5 },
                { name: 'vendor', test: VENDOR, priority: 4 },
                { name: 'controls', test: CONTROLS, priority: 3, includeDependenciesRecursively: false },
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
});
