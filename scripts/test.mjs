// `npm test`: every runner (unit + API + component, then browser end-to-end), one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { ensureWebBuild } from './start.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'lora-vitest-'));

function ensureChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return true;
  // the specs run in the headless shell when it is there (tests/e2e/support/browser.ts), else in chromium
  if (existsSync('/usr/bin/chromium-headless-shell') || existsSync('/usr/bin/chromium')) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(
      'Installing Debian Chromium for the browser tests (apt-get install chromium chromium-headless-shell)…',
    );
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const res = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'chromium-headless-shell'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return res.status === 0 && existsSync('/usr/bin/chromium');
  }
  console.error(
    'Chromium is not installed: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.',
  );
  return false;
}

// The files of the `unit` project (vitest.config.ts) that open a database: the PostgreSQL pass runs only
// these, the others already ran in `npm test` and cannot behave differently there. The rule
// (docs/decisions/030-test-speed.md): a file opens a database when it, or a support file it imports from
// src/server/test/ or tests/ (followed transitively), names `createHarness`, `openDatabase` or
// TEST_DATABASE_URL.
const UNIT_DIRS = ['src/shared', 'src/server', 'tests/lint', 'tests/vendors', 'scripts/security'];
const OPENS_DATABASE = /\b(createHarness|openDatabase|TEST_DATABASE_URL)\b/;

function opensDatabase(file, seen = new Set()) {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(path.join(root, file), 'utf8');
  if (OPENS_DATABASE.test(text)) return true;
  for (const m of text.matchAll(/from '(\.[^']+)'/g)) {
    const base = path.relative(root, path.resolve(root, path.dirname(file), m[1]));
    if (!base.startsWith('src/server/test/') && !base.startsWith('tests/')) continue;
    const dep = [base, `${base}.ts`, `${base}/index.ts`].find(
      (f) => existsSync(path.join(root, f)) && f.endsWith('.ts'),
    );
    if (dep && opensDatabase(dep, seen)) return true;
  }
  return false;
}

function databaseTestFiles() {
  const all = UNIT_DIRS.flatMap((d) =>
    readdirSync(path.join(root, d), { recursive: true })
      .map((f) => path.join(d, String(f)))
      .filter((f) => f.endsWith('.test.ts')),
  ).sort();
  return { all, database: all.filter((f) => opensDatabase(f)) };
}

// The unit files whose outcome depends on the embedded database's own driver and engine, not only on
// SQL. CI (.ci/run) runs the unit project once, its database files on PostgreSQL 15 (TEST_DATABASE_URL),
// and then these on PGlite (`--only=pglite`); `npm test` with no TEST_DATABASE_URL runs all of them on
// PGlite; the e2e servers run on PGlite too, unless E2E_DATABASE_URL names a PostgreSQL server, as CI's
// does (tests/e2e/support/server.ts, docs/decisions/030-test-speed.md).
const PGLITE_FILES = [
  // opening a data directory, the PGlite factory, the traced client
  'src/server/db/client.test.ts',
  // backups and the restore drill of a PGlite data directory, taken as its image (db/dump-tools.ts)
  'src/server/modules/backup/backup.test.ts',
  'src/server/modules/backup/restore-drill.test.ts',
  // LISTEN/NOTIFY in one process: the session cache's invalidation
  'src/server/lib/session-cache.test.ts',
  // the job queue's claims and leases on PGlite's single connection
  'src/server/jobs/queue.test.ts',
  'src/server/jobs/queue-leases.test.ts',
  'src/server/jobs/claim.test.ts',
  // the ledger: one writer, idempotency keys, no negative balance
  'src/server/modules/tokens/ledger.service.test.ts',
];

// Most unit and API files spend much of their time waiting (job polls, leases, PostgreSQL), so one
// worker per core keeps the cores busy; vitest's default leaves one core free.
const WORKERS = `--maxWorkers=${Math.max(2, os.availableParallelism())}`;

function run(name, projects, files = [], extra = [], env = process.env) {
  const out = path.join(tmp, `${name}.json`);
  const res = spawnSync(
    process.execPath,
    [
      vitest,
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      ...extra,
      ...files,
    ],
    { cwd: root, stdio: 'inherit', env },
  );
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed = r.numPassedTests;
    failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
    skipped = r.numPendingTests + r.numTodoTests;
    // a file that failed to load counts as a failure even with no test in it
    failed += r.testResults.filter((t) => t.status === 'failed' && t.assertionResults.length === 0).length;
    failures.push(...failedTests(r));
  } else if (res.status !== 0) failed = 1;
  if (res.status !== 0 && failed === 0) failed = 1;
  if (res.status !== 0 && failures.length === 0) failures.push(`${name}: vitest exited ${res.status}`);
  return { passed, failed, skipped };
}

// One line per failed test, its file and the first line of why, printed again at the very end: a long
// run's log is often read from its tail only, where the reporter's own failure report has scrolled away.
function failedTests(report) {
  const firstLine = (text) =>
    stripVTControlCharacters(String(text ?? ''))
      .split('\n')
      .find((l) => l.trim())
      ?.trim()
      .slice(0, 300) ?? '';
  const rel = (file) => path.relative(root, file);
  return report.testResults.flatMap((file) => {
    const tests = file.assertionResults.filter((t) => t.status === 'failed');
    if (tests.length === 0)
      return file.status === 'failed' ? [`${rel(file.name)}: ${firstLine(file.message)}`] : [];
    return tests.map((t) => `${rel(file.name)} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const add = (r) => {
  totals.passed += r.passed;
  totals.failed += r.failed;
  totals.skipped += r.skipped;
};

if (!only || only === 'unit') add(run('unit', ['unit', 'web'], [], [WORKERS]));
// the two halves of `unit` apart, for .ci/run's lanes: `node` (server, shared, lint) and `web` (jsdom)
if (only === 'node') add(run('unit', ['unit'], [], [WORKERS]));
if (only === 'web') add(run('web', ['web'], [], [WORKERS]));
if (only === 'api') {
  const { all, database } = databaseTestFiles();
  console.log(`PostgreSQL pass: the ${database.length} of ${all.length} unit files that open a database`);
  add(run('api', ['unit'], database, [WORKERS]));
}
if (only === 'pglite') {
  const missing = PGLITE_FILES.filter((f) => !existsSync(path.join(root, f)));
  if (missing.length > 0) {
    console.error(`--only=pglite: no such file ${missing.join(', ')} (scripts/test.mjs PGLITE_FILES)`);
    add({ passed: 0, failed: 1, skipped: 0 });
  } else {
    const env = { ...process.env };
    delete env.TEST_DATABASE_URL;
    console.log(
      `PGlite pass: the ${PGLITE_FILES.length} unit files that test the embedded database's driver`,
    );
    add(run('pglite', ['unit'], PGLITE_FILES, [WORKERS], env));
  }
}
// the kill test starts real web and worker processes on PostgreSQL (tests/scale/): never on PGlite
if (only === 'scale') {
  if (!process.env.TEST_DATABASE_URL) {
    console.error(
      '--only=scale needs TEST_DATABASE_URL (a PostgreSQL 15+ server it may create databases on)',
    );
    add({ passed: 0, failed: 1, skipped: 0 });
  } else {
    ensureWebBuild();
    // files named after the flags run alone: .ci/run runs the CPU-bound kill test apart from the files
    // that mostly wait for leases to run out, beside other work
    const files = args.filter((a) => !a.startsWith('--'));
    add(run('scale', ['scale'], files));
  }
}
if (!only || only === 'e2e') {
  ensureWebBuild();
  if (ensureChromium()) add(run('e2e', ['e2e']));
  else add({ passed: 0, failed: 1, skipped: 0 });
}
rmSync(tmp, { recursive: true, force: true });
// `.ci/run` gathers these lines from every lane's log into its last lines
for (const f of failures) console.log(`FAILED: ${f}`);
console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed > 0 ? 1 : 0);
