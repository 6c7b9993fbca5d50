import './react-first';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter, preloadRoute, renderPagesAtOnce, seedHistoryIndex } from './app/router';
import { bootstrapTheme } from '@web/lib/theme/theme-provider';
import { cn } from '@web/lib/cn';
import { queryClient } from '@web/lib/query-client';
import { prefetchSession, sessionRead } from '@web/lib/session';
import { startWebVitals } from '@web/lib/web-vitals';
import './styles.css';

bootstrapTheme();
prefetchSession(queryClient);
startWebVitals(queryClient);
const chunks = preloadRoute(window.location.pathname);

// before the router's first render, in a task of its own (router.tsx)
setTimeout(seedHistoryIndex, 0);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Marks the page as React's once its first render (or hydration) has committed: tests wait for it. */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
    <AppReady />
  </StrictMode>
);

if (container.dataset.frame !== undefined) {
  // The server sent a signed-in page's frame: the shell and the page's heading, already on screen
  // (docs/decisions/043-signed-in-page-frames.md). It is not what React draws for a signed-in person
  // (the top bar has no user yet), so it is replaced, not hydrated. Once the session and the page's
  // chunks are in, the first render draws the shell around the same frame (router.tsx AfterShellPaint),
  // and the page takes the frame's place a task later: the heading never leaves the screen, and the
  // work is two tasks, not one.
  void Promise.all([chunks, sessionRead(queryClient)]).then(() => {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  });
} else if (container.firstElementChild) {
  // The server sent this page as HTML (a public page, pre-rendered at build time: entry-server.tsx).
  // It is already on screen; React takes it over once the page's chunks are in, so nothing suspends
  // and no part of the HTML is thrown away and drawn again.
  renderPagesAtOnce();
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task
  // (the page is already on screen, so nothing waits for it but the first click).
  void chunks.then(() =>
    startTransition(() => {
      hydrateRoot(container, app, {
        // a page whose HTML React could not take over is drawn again; say so (tests/e2e/public-pages.test.ts)
        onRecoverableError: (error) => console.error('Hydration failed', error),
      });
    }),
  );
} else {
  // The first render runs in a task of its own: evaluating the entry's modules and rendering the app
  // in one go is a single long task that blocks input (issue 14). The session read and the page's
  // chunks are already on the wire, so nothing waits on this.
  // As a transition, that render also yields to the browser every few milliseconds (a default update
  // renders in one go): nothing is on screen yet, so nothing is kept waiting but the first paint.
  setTimeout(() => {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  });
}

// tailwind-merge builds its class table on its first merge (lib/class-groups.ts). Done in a task of its
// own while the session and the page's chunks are still on the wire, it does not lengthen the task that
// first renders the shell and the page.
setTimeout(() => cn('p-0', 'p-1'), 0);
