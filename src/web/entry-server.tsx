// Renders the public pages to HTML at build time with React's own static renderer (the build runs it
// after `vite build`: build/prerender-pages.ts). The browser hydrates that HTML (main.tsx), so
// this tree must be the one main.tsx renders: the same providers and routes, with a static router.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
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
  const { prelude } = await prerender(
    <StrictMode>
      <Providers client={createQueryClient()}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
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
