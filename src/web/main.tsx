import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter, preloadRoute } from './app/router';
import { bootstrapTheme } from '@web/lib/theme/theme-provider';
import { cn } from '@web/lib/cn';
import { queryClient } from '@web/lib/query-client';
import { prefetchSession } from '@web/lib/session';
import './styles.css';

bootstrapTheme();
prefetchSession(queryClient);
preloadRoute(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first render runs in a task of its own: evaluating the entry's modules and rendering the app in
// one go is a single long task that blocks input (issue 14). The session read and the page's chunks
// are already on the wire, so nothing waits on this.
setTimeout(() =>
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  ),
);

// tailwind-merge builds its class tables on its first call (~10 ms, ~40 ms on a slow phone). Done in
// a task of its own while the session and the page's chunks are still on the wire, it no longer
// lengthens the task that first renders the shell and the page.
setTimeout(() => cn('p-0', 'p-1'), 0);
