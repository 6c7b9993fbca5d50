// Renders the public pages to HTML at build time with React's own static renderer (the build runs it
// after `vite build`: vite.config.ts, prerenderPages). The browser hydrates that HTML (main.tsx), so
// this tree must be the one main.tsx renders: the same providers and routes, with a static router.
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes, renderPagesAtOnce } from './app/router';
import { appRoutes } from './app/routes';
import { Shell } from './app/shell';
import { FrameContent } from './app/frame-content';
import { createQueryClient } from './lib/query-client';

/**
 * The pages sent as HTML: the URL each is rendered at → its file in dist/web/pages (the server maps
 * request paths to these files: http/pages.ts). The reset page is drawn as a mail's link opens it,
 * with a token (none is in the HTML); the 404 page stands for any unknown path.
 */
export const PRERENDERED_PAGES: Record<string, string> = {
  '/': 'index',
  '/login': 'login',
  '/register': 'register',
  '/forgot-password': 'forgot-password',
  '/reset-password?token=prerendered-page': 'reset-password',
  '/terms': 'terms',
  '/privacy': 'privacy',
  '/contact': 'contact',
  '/__not-found': 'not-found',
};

export async function renderPage(url: string): Promise<string> {
  renderPagesAtOnce();
  return renderStatic(url, <AppRoutes />);
}

/**
 * The signed-in pages sent with their frame (app/routes.tsx `frame`): path → its title, for the HTML's
 * <title>. Only fixed paths: the frame is the same for everyone who opens the page.
 */
export const FRAMED_PAGES: Record<string, string> = Object.fromEntries(
  appRoutes.filter((r) => r.frame && !r.path.includes(':')).map((r) => [r.path, r.frame!.header.title]),
);

/**
 * A signed-in page's frame: the shell as while the session is read, the page's heading and a spinner.
 * The server sends it to a signed-in person in the app's HTML (http/pages.ts); the app replaces it with
 * the page once the page can be drawn whole (main.tsx), so the heading lands in the same place.
 */
export async function renderFrame(url: string): Promise<string> {
  const frame = appRoutes.find((r) => r.path === url)?.frame;
  if (!frame) throw new Error(`${url}: no frame`);
  return renderStatic(url, <Shell frame={<FrameContent frame={frame} />} />);
}

async function renderStatic(url: string, routes: ReactNode): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <Providers client={createQueryClient()}>
        <StaticRouter location={url}>{routes}</StaticRouter>
      </Providers>
    </StrictMode>,
    // every boundary inline: the page is complete HTML that needs no script to show (the default
    // outlines large boundaries behind an inline script, which the CSP forbids)
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (html.includes('<script') || html.includes('<template'))
    throw new Error(`${url}: the rendered HTML needs a script to show`);
  return html;
}
