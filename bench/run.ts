// `npm run bench`: every bench/<name>.ts that exports run(); prints a table, writes bench/results.json.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = import.meta.dirname;
const only = process.argv.slice(2);

const FIRST = ['core.ts', 'lighthouse.ts'];
const rank = (file: string) => (FIRST.includes(file) ? FIRST.indexOf(file) : FIRST.length);

async function main() {
  const { ensureWebBuild } = await import(pathToFileURL(path.join(dir, '../scripts/start.mjs')).href);
  ensureWebBuild();
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.test.ts'))
    .filter((f) => only.length === 0 || only.includes(f.replace(/\.ts$/, '')))
    // Lighthouse right after core: its scores read CPU time, which the heavier benches (faces, scale)
    // would otherwise share with their own leftovers
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const results: Record<string, Record<string, number | string>> = {};
  for (const file of files) {
    const mod = await import(pathToFileURL(path.join(dir, file)).href);
    if (typeof mod.run !== 'function') continue;
    const name = file.replace(/\.ts$/, '');
    // a lab figure means little without how busy the machine was when it was taken (issue 41)
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    process.stdout.write(`running ${name}… (load average ${load}, ${os.cpus().length} CPUs)\n`);
    try {
      results[name] = { ...(await mod.run()), loadAtStart: `${load} on ${os.cpus().length} CPUs` };
    } catch (err) {
      results[name] = { error: err instanceof Error ? err.message : String(err), loadAtStart: load };
    }
  }
  const rows = Object.entries(results).flatMap(([bench, r]) =>
    Object.entries(r).map(([k, v]) => ({ bench, measure: k, value: v })),
  );
  console.table(rows);
  // a partial run (named benches) keeps the other benches' last results
  const file = path.join(dir, 'results.json');
  if (only.length > 0 && existsSync(file)) {
    const previous = JSON.parse(readFileSync(file, 'utf8')).results ?? {};
    for (const [k, v] of Object.entries(previous))
      if (!(k in results)) results[k] = v as Record<string, number | string>;
  }
  const out = {
    measuredAt: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    results,
  };
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`wrote ${file}`);
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
