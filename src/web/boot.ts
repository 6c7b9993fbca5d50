// The script of a page the server sent as HTML (vite.config.ts puts it in place of the app's own
// script in dist/web/pages). The page is already drawn; the app and React start downloading after the
// first paint, so that paint waits for none of it (docs/decisions/029-react-everywhere-and-prerender.md).
const app = document.querySelector<HTMLScriptElement>('script[data-app]');
requestAnimationFrame(() =>
  setTimeout(() => {
    if (!app?.dataset.app) return;
    for (const href of (app.dataset.preload ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app.dataset.app;
    document.head.append(script);
  }),
);
