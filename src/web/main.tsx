import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter, preloadRoute } from './app/router';
import { bootstrapTheme } from '@web/lib/theme/theme-provider';
import { startHydrating } from '@web/lib/hydration';
import { queryClient } from '@web/lib/query-client';
import { prefetchSession } from '@web/lib/session';
import { startWebVitals } from '@web/lib/web-vitals';
import './styles.css';

bootstrapTheme();
prefetchSession(queryClient);
// the page's chunk (and the shell's) download while React starts and the session is read
const chunks = preloadRoute(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

let firstRendered: () => void;
// real-user vitals start once the page is drawn: their download and reads must not compete with its own
startWebVitals(queryClient, new Promise<void>((resolve) => (firstRendered = resolve)));

/** Marks the page as React's once its first render (or hydration) has committed: tests wait for it. */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
    firstRendered();
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

if (container.firstElementChild) {
  // A public page the server sent as HTML (pre-rendered at build time: entry-server.tsx). React takes
  // it over once the page's chunks are in, so nothing suspends and none of the HTML is drawn again.
  startHydrating();
  void chunks.then(() =>
    hydrateRoot(container, app, {
      // a page whose HTML React could not take over is drawn again; say so (tests/e2e/public-pages.test.ts)
      onRecoverableError: (error) => console.error('Hydration failed', error),
    }),
  );
} else {
  // Any other page is drawn once its chunks are in as well. Drawn at once, the page suspended on its
  // chunk and showed a spinner, and React keeps a fallback it has shown for at least 300 ms
  // (FALLBACK_THROTTLE_MS): every first load of a signed-in page waited that long after its chunk was in.
  // As a transition React renders it in slices and yields between them (hydration does so too): one
  // task for the whole first render held the main thread for its full length.
  void chunks.then(() => {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  });
}
