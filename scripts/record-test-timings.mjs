// Writes tests/order/timings.json from vitest's record of this machine's last run of each file
// (node_modules/.vite/vitest/*/results.json), for the order of a fresh clone's run
// (tests/order/timed-sequencer.ts). Run it after a full `npm test` on a quiet machine; files the last
// run did not reach keep their earlier time.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'tests/order/timings.json');
const cacheRoot = path.join(root, 'node_modules/.vite/vitest');
const timings = (() => {
  try {
    return JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    return {};
  }
})();
let read = 0;
for (const dir of readdirSync(cacheRoot, { withFileTypes: true })) {
  if (!dir.isDirectory()) continue;
  let results;
  try {
    results = JSON.parse(readFileSync(path.join(cacheRoot, dir.name, 'results.json'), 'utf8')).results;
  } catch {
    continue;
  }
  for (const [key, { duration, failed }] of results) {
    if (failed || !(duration > 0)) continue;
    timings[key] = Math.round(duration / 100) / 10;
    read++;
  }
}
// `project:path`; a file since removed or renamed is dropped
const kept = Object.entries(timings).filter(([key]) =>
  existsSync(path.join(root, key.slice(key.indexOf(':') + 1))),
);
const sorted = Object.fromEntries(kept.sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(out, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${read} timings read, ${Object.keys(sorted).length} in ${path.relative(root, out)}`);
