// Dev helper: the landing page logged out (and the error/404 frame) at phone and desktop widths.
import { mkdirSync } from 'node:fs';
import { startServer } from '../../tests/e2e/support/server';
import { openBrowser } from '../../tests/e2e/support/browser';
mkdirSync('/tmp/shots', { recursive: true });
const s = await startServer();
for (const [w, scheme] of [
  [1280, 'light'],
  [360, 'dark'],
] as const) {
  const b = await openBrowser({ width: w, height: 800, colorScheme: scheme });
  await b.page.addInitScript((sc) => localStorage.setItem('theme', sc), scheme);
  for (const p of ['/', '/nope']) {
    await b.page.goto(s.url + p, { waitUntil: 'networkidle' });
    await b.page.screenshot({ path: `/tmp/shots/out${p.replace(/\W+/g, '_')}-${w}-${scheme}.png` });
  }
  await b.close();
}
await s.stop();
