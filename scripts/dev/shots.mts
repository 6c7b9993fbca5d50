// Dev helper: screenshots of the main screens (light/dark, desktop/phone) into /tmp/shots.
import { mkdirSync } from 'node:fs';
import { startServer } from '../../tests/e2e/support/server';
import { openBrowser, signUp } from '../../tests/e2e/support/browser';
const paths = (process.argv[2] ?? '/dashboard,/settings').split(',');
mkdirSync('/tmp/shots', { recursive: true });
const s = await startServer();
for (const [w, scheme] of [
  [1280, 'light'],
  [360, 'dark'],
] as const) {
  const b = await openBrowser({ width: w, height: w === 360 ? 800 : 900, colorScheme: scheme });
  await b.page.addInitScript((sc) => localStorage.setItem('theme', sc), scheme);
  await signUp(b.page, s.url);
  for (const p of paths) {
    await b.page.goto(s.url + p);
    await new Promise((r) => setTimeout(r, 2500));
    await b.page.screenshot({
      path: `/tmp/shots/${p.replace(/\W+/g, '_')}-${w}-${scheme}.png`,
      fullPage: w === 360,
    });
  }
  await b.close();
}
await s.stop();
