#!/usr/bin/env node
// The structure counts of issue 24, printed beside their goals (`node scripts/architecture-counts.mjs`,
// `--json` for a machine, `--list` to name every offender). Reads files as text; runs nothing.
//
// - imports of another server module's repository (goal 0): a file under src/server/modules/<a>/ importing
//   src/server/modules/<b>/*.repository(.ts) with a ≠ b;
// - web files that write an `/api/` path (goal 1: the typed client);
// - types the web declares again under a name the shared or server code exports (goal 0);
// - substantive duplicate pairs in production code (goal ≤ 40), defined below at `duplicatePairs`;
// - source files over 400 lines (goal 0): .ts/.tsx/.mjs/.js in src, tests, scripts and bench; data files
//   (JSON, text) do not count, nor generated migrations.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));

function walk(dir, out = []) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mjs|js|mts)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const rel = (p) => path.relative(root, p).split(path.sep).join('/');
const isTest = (f) =>
  /\.test\.tsx?$/.test(f) ||
  /^src\/server\/test\//.test(f) ||
  /^src\/web\/testing\//.test(f) ||
  /^tests\//.test(f) ||
  /\/fixtures\//.test(f);
const isGenerated = (f) => /^src\/server\/db\/migrations\//.test(f);

const all = ['src', 'tests', 'scripts', 'bench']
  .flatMap((d) => walk(path.join(root, d)))
  .map(rel)
  .filter((f) => !isGenerated(f));
const text = new Map(all.map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));
const production = all.filter((f) => f.startsWith('src/') && !isTest(f));

// --- imports of another module's repository --------------------------------------------------------
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
function importsOf(file) {
  const out = [];
  for (const m of text.get(file).matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith('.')) out.push(rel(path.resolve(root, path.dirname(file), spec)));
  }
  return out;
}
const moduleOf = (f) => /^src\/server\/modules\/([^/]+)\//.exec(f)?.[1];
const repoImports = [];
for (const f of all.filter((f) => f.startsWith('src/server/modules/') && !isTest(f))) {
  for (const target of importsOf(f)) {
    const m = moduleOf(target + '/');
    if (m && m !== moduleOf(f) && /\.repository(\.ts)?$/.test(target)) repoImports.push(`${f} → ${target}`);
  }
}

// --- web files writing an /api/ path ----------------------------------------------------------------
const apiFiles = production
  .filter((f) => f.startsWith('src/web/'))
  .filter((f) => /['"`]\/api\//.test(text.get(f)));

// --- types the web declares again --------------------------------------------------------------------
// `export type A = B;` (an alias of an imported type) names the shared type, it does not copy it
const DECL = /export\s+(?:type|interface)\s+([A-Z][A-Za-z0-9]*)\b(?!\s*=\s*[\w$.]+(?:<[^>]*>)?;)/g;
const declared = (files) => {
  const names = new Map();
  for (const f of files) for (const m of text.get(f).matchAll(DECL)) names.set(m[1], f);
  return names;
};
const elsewhere = declared(
  production.filter((f) => f.startsWith('src/shared/') || f.startsWith('src/server/')),
);
const copiedTypes = [];
for (const [name, f] of declared(production.filter((f) => f.startsWith('src/web/')))) {
  // a props type or a component's own state is the web's; a name the server's contract also exports is a copy
  if (elsewhere.has(name)) copiedTypes.push(`${name}: ${f} (also ${elsewhere.get(name)})`);
}

// --- substantive duplicate pairs ---------------------------------------------------------------------
// A pair is two places in two production files (or two far-apart places in one) that share a run of at
// least MIN_LINES meaningful lines: identical once white space is folded, or identical in shape (names,
// strings and numbers replaced) for runs of at least SHAPE_LINES. Meaningful lines: not blank, not a
// comment, not an import, not lone punctuation, and carrying at least THIN_TOKENS tokens — JSX closers,
// `},` and the like are the grammar, not the logic. A run whose lines appear in more than COMMON places is
// the house pattern (e.g. a route's guard options), not a copy. A run of declarations — object
// properties such as a route descriptor's `path: '/api/…',` or a seed row's fields — is a table, not
// logic: a run counts only if at least a third of its lines do something (a call, a branch, an
// assignment). One row per pair of files.
const MIN_LINES = 6;
const SHAPE_LINES = 10;
const THIN_TOKENS = 4;
const COMMON = 8;

function meaningfulLines(source) {
  const out = [];
  let inBlock = false;
  source.split('\n').forEach((raw, i) => {
    let line = raw.trim();
    if (inBlock) {
      if (line.includes('*/')) inBlock = false;
      return;
    }
    if (line.startsWith('/*')) {
      if (!line.includes('*/')) inBlock = true;
      return;
    }
    if (line === '' || line.startsWith('//') || line.startsWith('*')) return;
    if (/^(import|export)\s.*from\s/.test(line) || /^import\s['"]/.test(line)) return;
    line = line.replace(/\s+/g, ' ');
    const tokens = line.match(/[A-Za-z_$][\w$]*|\d+|'[^']*'|"[^"]*"|`[^`]*`|\S/g) ?? [];
    if (tokens.length < THIN_TOKENS) return;
    const shape = line
      .replace(/'[^']*'|"[^"]*"|`[^`]*`/g, 'S')
      .replace(/\b\d+(\.\d+)?\b/g, 'N')
      .replace(
        /\b(?!(?:if|else|return|const|let|await|async|function|for|of|in|new|throw|try|catch|true|false|null|undefined|export|type|interface)\b)[A-Za-z_$][\w$]*/g,
        'x',
      );
    const declaration = /^['"]?[\w$-]+['"]?\??:\s/.test(line) && !/=>|\s=\s|\bawait\b|\s\?\s/.test(line);
    out.push({ line, shape, n: i + 1, declaration: declaration || /^[\])}]+[,;)]*$/.test(line) });
  });
  return out;
}

function duplicatePairs(files) {
  const lines = new Map(files.map((f) => [f, meaningfulLines(text.get(f))]));
  const pairs = new Map(); // "a|b" -> { a, b, lines, kind }
  for (const [key, width] of [
    ['line', MIN_LINES],
    ['shape', SHAPE_LINES],
  ]) {
    const windows = new Map(); // hash -> [{file, idx}]
    for (const [f, ls] of lines) {
      for (let i = 0; i + width <= ls.length; i++) {
        const h = ls
          .slice(i, i + width)
          .map((l) => l[key])
          .join('\n');
        if (!windows.has(h)) windows.set(h, []);
        windows.get(h).push({ f, i });
      }
    }
    for (const places of windows.values()) {
      if (places.length < 2 || places.length > COMMON) continue;
      const { f, i } = places[0];
      const doing = lines
        .get(f)
        .slice(i, i + width)
        .filter((l) => !l.declaration).length;
      if (doing * 3 < width) continue;
      for (let x = 0; x < places.length; x++) {
        for (let y = x + 1; y < places.length; y++) {
          const [p, q] = [places[x], places[y]].sort((u, v) => (u.f < v.f ? -1 : u.f > v.f ? 1 : u.i - v.i));
          if (p.f === q.f && q.i - p.i < width) continue; // an overlap of one run with itself
          const id = `${p.f}|${q.f}`;
          const prev = pairs.get(id);
          const from = lines.get(p.f)[p.i].n;
          if (!prev) pairs.set(id, { a: p.f, b: q.f, at: from, windows: 1, kind: key });
          else {
            prev.windows++;
            if (key === 'line') prev.kind = prev.kind === 'shape' ? 'line' : prev.kind;
          }
        }
      }
    }
  }
  return [...pairs.values()].sort((u, v) => v.windows - u.windows);
}

const dups = duplicatePairs(production);

// --- files over 400 lines ----------------------------------------------------------------------------
const long = all
  .map((f) => ({ f, n: text.get(f).split('\n').length - (text.get(f).endsWith('\n') ? 1 : 0) }))
  .filter((x) => x.n > 400)
  .sort((u, v) => v.n - u.n);

const rows = [
  ['imports of another module’s repository', repoImports.length, '0', repoImports.length === 0],
  ['web files writing an /api/ path', apiFiles.length, '1', apiFiles.length <= 1],
  ['types the web copies', copiedTypes.length, '0', copiedTypes.length === 0],
  ['substantive duplicate pairs (production)', dups.length, '≤ 40', dups.length <= 40],
  ['source files over 400 lines', long.length, '0', long.length === 0],
];

if (args.has('--json')) {
  console.log(
    JSON.stringify(Object.fromEntries(rows.map(([name, n, goal, met]) => [name, { n, goal, met }])), null, 2),
  );
} else {
  for (const [name, n, goal, met] of rows) {
    console.log(`${String(n).padStart(5)}  ${name} (goal ${goal}) ${met ? 'met' : 'MISSED'}`);
  }
  if (args.has('--list')) {
    const section = (title, items) => items.length && console.log(`\n${title}\n  ${items.join('\n  ')}`);
    section('imports of another module’s repository:', repoImports);
    section('web files writing an /api/ path:', apiFiles);
    section('types the web copies:', copiedTypes);
    section(
      'duplicate pairs (first line of the first run, windows shared):',
      dups.map((d) => `${d.a} ~ ${d.b} @${d.at} ×${d.windows} ${d.kind === 'shape' ? '(shape)' : ''}`),
    );
    section(
      'files over 400 lines:',
      long.map((x) => `${x.f} (${x.n})`),
    );
  }
}
