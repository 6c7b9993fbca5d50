import { configure } from '@testing-library/react';
import { vi } from 'vitest';

// findBy…/waitFor wait up to 5 s, not 1: on a 2-core CI machine running the PostgreSQL lane beside
// this one, a page's first render after a click has taken longer than a second (waits end as soon as
// their check passes, so this costs nothing when it does).
configure({ asyncUtilTimeout: 5000 });

// The web test files share one jsdom per worker (vitest.config.ts: `isolate: false`; a jsdom per file
// was a third of the web project's time). Each file still starts as a first visit would: the app's
// modules anew (their module-level state — toasts, the page being hydrated, a recent sign-out — is
// per page load in a browser), no storage, no cookies, nothing left on <html> by a theme or a
// hydration, an empty document, at /.
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
for (const { name } of [...document.documentElement.attributes])
  document.documentElement.removeAttribute(name);
document.head.innerHTML = '';
document.body.innerHTML = '';
document.body.removeAttribute('style');
window.history.replaceState(null, '', '/');
