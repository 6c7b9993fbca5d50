import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeModules, routePreloads, type ChunkInfo } from './route-preloads';

const WEB = '/repo/src/web';

describe('routeModules', () => {
  it('reads each route’s path, page module and layout', () => {
    const source = `export const appRoutes = [
      { path: '/', guard: 'public', layout: 'bare', lazy: () => import('@web/features/landing/landing-page').then((m) => m.LandingPage) },
      { path: '/models/:id', guard: 'user', lazy: () =>
        import('@web/features/models/model-details-page').then((m) => m.ModelDetailsPage) },
    ];`;
    expect(routeModules(source, WEB)).toEqual([
      { path: '/', layout: 'bare', file: `${WEB}/features/landing/landing-page.tsx` },
      { path: '/models/:id', layout: 'shell', file: `${WEB}/features/models/model-details-page.tsx` },
    ]);
  });

  it('finds every route of the app, each with a page file that exists', () => {
    const web = path.resolve('src/web');
    const routes = routeModules(readFileSync(path.join(web, 'app/routes.tsx'), 'utf8'), web);
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map((r) => r.path)).toContain('/login');
    for (const route of routes) expect(() => readFileSync(route.file), route.path).not.toThrow();
  });
});

describe('routePreloads', () => {
  const chunk = (
    fileName: string,
    facade: string | null,
    imports: string[] = [],
    isEntry = false,
  ): ChunkInfo => ({
    fileName,
    facadeModuleId: facade,
    imports,
    isEntry,
  });
  const chunks = [
    chunk('assets/main.js', `${WEB}/index.html`, ['assets/react.js'], true),
    chunk('assets/react.js', null),
    chunk('assets/shell.js', `${WEB}/app/shell.tsx`, ['assets/react.js', 'assets/menus.js']),
    chunk('assets/menus.js', null),
    chunk('assets/models.js', `${WEB}/features/models/models-page.tsx`, ['assets/forms.js']),
    chunk('assets/forms.js', null, ['assets/react.js']),
    chunk('assets/landing.js', `${WEB}/features/landing/landing-page.tsx`),
    chunk('assets/404.js', `${WEB}/app/not-found-page.tsx`),
  ];

  it('lists a page’s chunks and the shell’s, without those the entry already loads', () => {
    const preloads = routePreloads(
      chunks,
      [
        { path: '/models', layout: 'shell', file: `${WEB}/features/models/models-page.tsx` },
        { path: '/', layout: 'bare', file: `${WEB}/features/landing/landing-page.tsx` },
      ],
      WEB,
    );
    expect(preloads['/models']).toEqual([
      '/assets/models.js',
      '/assets/forms.js',
      '/assets/shell.js',
      '/assets/menus.js',
    ]);
    // a bare page has no shell
    expect(preloads['/']).toEqual(['/assets/landing.js']);
    expect(preloads['*']).toEqual(['/assets/404.js', '/assets/shell.js', '/assets/menus.js']);
  });

  it('fails the build when a route’s page has no chunk', () => {
    expect(() =>
      routePreloads(chunks, [{ path: '/gone', layout: 'shell', file: `${WEB}/features/gone.tsx` }], WEB),
    ).toThrow(/no chunk for the page of \/gone/);
  });
});
