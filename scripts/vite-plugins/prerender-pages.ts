import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { precompress } from './precompress.js';
import { routeModules, routePreloads } from './route-preloads.js';

/** A pre-rendered page: the build's index.html with React's HTML of the page in its root. */
export function pageHtml(template: string, body: string): string {
  if (!template.includes('<div id="root"></div>'))
    throw new Error('prerender: index.html has no empty #root');
  return template.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}

/**
 * The landing page's head: its one small script (landing-islands.ts) in place of the app's script
 * and its preloads. Nothing on the landing page needs React (docs/decisions/029-react-everywhere-and-prerender.md).
 */
export function withOwnScript(template: string, script: string, imports: string[]): string {
  return template
    .replace(/<script type="module"[^>]*><\/script>\s*/, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      '</head>',
      `  <script type="module" crossorigin src="/${script}"></script>\n` +
        imports.map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">\n`).join('') +
        '  </head>',
    );
}

type Options = { configFile: string; webRoot: string; ssrOutDir: string };

/**
 * After the browser build: the chunks each route needs (route-preloads.json, for the server), the
 * public pages rendered to HTML by React's static renderer (entry-server.tsx, built for Node beside
 * the client) into dist/web/pages, then the .br/.gz siblings of every text file
 * (docs/decisions/029-react-everywhere-and-prerender.md).
 */
export function prerenderPages({ configFile, webRoot, ssrOutDir }: Options): Plugin {
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
      const routes = routeModules(readFileSync(path.join(webRoot, 'app/routes.tsx'), 'utf8'), webRoot);
      const preloads = routePreloads(chunks, routes, webRoot);
      await writeFile(path.join(outDir, 'route-preloads.json'), JSON.stringify(preloads));

      const island = chunks.find((c) => c.facadeModuleId?.endsWith('landing-islands.ts'));
      if (!island) throw new Error('prerender: the build has no landing-islands.ts chunk');
      await build({
        configFile,
        mode: 'production',
        logLevel: 'warn',
        build: { ssr: path.join(webRoot, 'entry-server.tsx'), outDir: ssrOutDir, emptyOutDir: true },
      });
      const server = (await import(pathToFileURL(path.join(ssrOutDir, 'entry-server.js')).href)) as {
        renderPage: (url: string) => Promise<string>;
        PRERENDERED_PAGES: Record<string, string>;
      };
      const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const landing = withOwnScript(template, island.fileName, island.imports);
      await mkdir(path.join(outDir, 'pages'), { recursive: true });
      for (const [url, name] of Object.entries(server.PRERENDERED_PAGES)) {
        const body = await server.renderPage(url);
        if (!/<h1[\s>]|aria-level="1"/.test(body))
          throw new Error(`prerender: ${url} rendered without a main heading`);
        await writeFile(
          path.join(outDir, 'pages', `${name}.html`),
          pageHtml(url === '/' ? landing : template, body),
        );
      }
      await precompress(outDir);
    },
  };
}
