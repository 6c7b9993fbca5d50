import path from 'node:path';

/** What this needs of a Rolldown output chunk. */
export type ChunkInfo = {
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
};

export type RouteModule = { path: string; file: string; layout: 'shell' | 'bare' };

/** The lazy page module of each route in app/routes.tsx (`@web/…` → a file), and its layout. */
export function routeModules(source: string, webRoot: string): RouteModule[] {
  const routes = [...source.matchAll(/\{\s*path: '([^']+)',([\s\S]*?)lazy: \(\) =>\s*import\('([^']+)'\)/g)];
  return routes.map(([, routePath, between, spec]) => ({
    path: routePath,
    layout: /layout: 'bare'/.test(between) ? 'bare' : 'shell',
    file: path.join(webRoot, spec.replace(/^@web\//, '').replace(/^\.\//, 'app/') + '.tsx'),
  }));
}

/** A chunk's file and every file it imports, transitively. */
function closure(byFile: Map<string, ChunkInfo>, start: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) walk(dep);
  };
  start.forEach(walk);
  return seen;
}

/**
 * For each route (and `*`, the 404 page), the chunks its page needs beyond the entry's: the server
 * names them as modulepreload links in that path's HTML (src/server/http/pages.ts), so they download
 * beside the entry instead of after it has run. The keys are also the server's list of the app's paths.
 */
export function routePreloads(
  chunks: ChunkInfo[],
  routes: RouteModule[],
  webRoot: string,
): Record<string, string[]> {
  const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
  if (!entry) throw new Error('route preloads: the build has no index.html entry');
  const inEntry = closure(byFile, [entry.fileName]);
  const shell = byModule.get(path.join(webRoot, 'app/shell.tsx'));
  const preloads: Record<string, string[]> = {};
  const notFound: RouteModule = {
    path: '*',
    file: path.join(webRoot, 'app/not-found-page.tsx'),
    layout: 'shell',
  };
  for (const route of [...routes, notFound]) {
    const page = byModule.get(route.file);
    if (!page) throw new Error(`route preloads: no chunk for the page of ${route.path} (${route.file})`);
    const start = [page.fileName, ...(route.layout === 'shell' && shell ? [shell.fileName] : [])];
    preloads[route.path] = [...closure(byFile, start)].filter((f) => !inEntry.has(f)).map((f) => `/${f}`);
  }
  return preloads;
}
