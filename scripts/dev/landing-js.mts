// Dev helper: which JS files the landing page loads, with gzip sizes.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { startServer } from '../../tests/e2e/support/server';
import { openBrowser } from '../../tests/e2e/support/browser';
const s = await startServer();
const b = await openBrowser();
const files = new Set<string>();
b.page.on('response', (r) => {
  if (r.request().resourceType() === 'script') files.add(new URL(r.url()).pathname);
});
await b.page.goto(s.url + (process.argv[2] ?? '/'), { waitUntil: 'networkidle' });
let total = 0;
for (const f of files) {
  const n = gzipSync(readFileSync('dist/web' + f)).length;
  total += n;
  console.log((n / 1024).toFixed(1).padStart(7), f);
}
console.log('total kB', (total / 1024).toFixed(1));
await b.close();
await s.stop();
