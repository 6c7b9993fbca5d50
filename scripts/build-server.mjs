// Builds the server into dist/server: one ES module bundle of src/server (and the src/shared code it
// uses) with its source map, plus the files the server reads beside its code at run time — the
// migrations and the database-creating process (src/server/db/client.ts) and the face-analysis thread (src/server/engines/vision/faces.ts).
// Every package under node_modules stays external: native and optional ones (sharp, argon2, PGlite's
// WebAssembly, face-api's weights) load from where npm installed them, as under tsx.
// `npm run build` runs it; `npm start` runs it only when the sources are newer than the build.
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverOutDir = path.join(root, 'dist/server');
export const serverEntry = path.join(serverOutDir, 'main.js');

/** The files beside the bundle, as the bundled code finds them from `import.meta.url` (dist/server/). */
const besides = [
  ['src/server/db/migrations', 'migrations'],
  ['src/server/engines/vision/face-worker.mjs', 'face-worker.mjs'],
  ['src/server/db/pglite-create.mjs', 'pglite-create.mjs'],
];

/** The newest modification time under `p` (a file or a directory; node_modules and dot-files skipped). */
export function newest(p) {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    max = Math.max(max, newest(path.join(p, entry.name)));
  }
  return max;
}

/** True when dist/server is missing or older than any source, the build settings or this script. */
export function serverBuildStale() {
  if (!existsSync(serverEntry)) return true;
  const sources = Math.max(
    ...['src/server', 'src/shared', 'tsconfig.json', 'package.json', 'scripts/build-server.mjs'].map((p) =>
      newest(path.join(root, p)),
    ),
  );
  return statSync(serverEntry).mtimeMs < sources;
}

/**
 * Builds into a fresh directory beside `outDir` and swaps it in whole, so a process starting from the
 * old build never sees half a new one. `outDir` must sit two levels under the repository (like
 * dist/server): the bundle finds dist/web at ../../dist/web from itself (src/server/app.ts).
 */
export async function buildServer({ outDir = serverOutDir, quiet = false } = {}) {
  const esbuild = await import('esbuild');
  const tmp = `${outDir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const started = Date.now();
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile: path.join(tmp, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    // stack traces name the .ts lines (node --enable-source-maps; scripts/start.mjs turns it on)
    sourcemap: 'linked',
    sourcesContent: false,
    // the source's own names in stack traces and logs
    keepNames: true,
    logLevel: 'warning',
  });
  for (const [from, to] of besides) cpSync(path.join(root, from), path.join(tmp, to), { recursive: true });
  const old = `${outDir}.old-${process.pid}`;
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(tmp, outDir);
  rmSync(old, { recursive: true, force: true });
  if (!quiet)
    console.log(`Built the server into ${path.relative(root, outDir)} in ${Date.now() - started} ms`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  // --out=dist/<name>: another directory two levels down (src/server/main.build.test.ts)
  const out = process.argv.find((a) => a.startsWith('--out='))?.slice('--out='.length);
  await buildServer({
    outDir: out ? path.resolve(root, out) : serverOutDir,
    quiet: process.argv.includes('--quiet'),
  });
}
