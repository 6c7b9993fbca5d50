// The script of a page the server sent as HTML (vite.config.ts puts it in place of the app's own
// script in dist/web/pages). The page is already drawn; the app and React start downloading after the
// first contentful paint, so that paint waits for none of it
// (docs/decisions/029-react-everywhere-and-prerender.md).
const app = document.querySelector<HTMLScriptElement>('script[data-app]');

const nextTask = () => new Promise((resolve) => setTimeout(resolve));
const PRELOADS_PER_TASK = 4;
/** How long the app waits for the first contentful paint before it starts anyway. */
const PAINT_WAIT_MS = 3000;

/**
 * Runs `start` in a task after the page's first contentful paint. The first animation frame is not
 * that paint: it can come while the document is still being parsed and draw nothing, and then the
 * app's downloads began before the page was on screen (traced on /login, /settings, /gallery: the
 * runtime's request 30–80 ms before the first contentful paint), which Lighthouse counts into that
 * paint. Without paint timing (an old browser) it falls back to the first frame, and a page that
 * never paints (a tab opened in the background) starts when it is shown, as before.
 */
export function afterFirstContentfulPaint(start: () => void, wait = PAINT_WAIT_MS): void {
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    setTimeout(start);
  };
  if (
    typeof PerformanceObserver !== 'function' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    requestAnimationFrame(run);
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    run();
  });
  observer.observe({ type: 'paint', buffered: true });
  // a page whose first paint has no content (nothing to draw yet) still gets its app
  setTimeout(() => requestAnimationFrame(run), wait);
}

afterFirstContentfulPaint(() => {
  if (!app?.dataset.app) return;
  const list = (name: 'preload' | 'first' | 'route') => (app.dataset[name] ?? '').split(' ').filter(Boolean);
  // the app's own script too: it is appended only once React is in, but downloads beside it; and the
  // chunks of the path's page, which the server names (http/pages.ts). A few per task: each link
  // starts its download there and then (about a millisecond apiece on this machine, several on a slow
  // phone), so a dozen at once made this one of the page's long tasks.
  const hrefs = [...list('preload'), app.dataset.app, ...list('route')];
  void (async () => {
    for (let i = 0; i < hrefs.length; i += PRELOADS_PER_TASK) {
      if (i > 0) await nextTask();
      for (const href of hrefs.slice(i, i + PRELOADS_PER_TASK)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      }
    }
  })();
  // React, the router and the query cache, then the shared UI kit, each evaluated in a task of its
  // own before the app's modules: the whole graph at once is one long task that blocks input while
  // the page is loading (docs/decisions/035-load-on-use.md). A failure here only means the app's script loads them.
  let ready: Promise<unknown> = Promise.resolve();
  for (const href of list('first')) ready = ready.then(() => import(/* @vite-ignore */ href)).then(nextTask);
  void ready
    .catch(() => {})
    .then(() => {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = app.dataset.app!;
      document.head.append(script);
    });
});
