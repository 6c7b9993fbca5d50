// `npm start`: build the web client and the server when their sources changed, then run the built
// server (plain JavaScript, dist/server/main.js) in this process with source maps on. `npm run dev`
// runs the TypeScript sources through tsx instead.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { newest, serverBuildStale, serverEntry } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist/web/index.html');

export function ensureWebBuild({ quiet = false } = {}) {
  const sources = Math.max(
    newest(path.join(root, 'src/web')),
    newest(path.join(root, 'src/shared')),
    statSync(path.join(root, 'vite.config.ts')).mtimeMs,
    newest(path.join(root, 'scripts/vite-plugins')),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  if (!quiet) console.log('Building the web client…');
  const res = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (res.status !== 0) process.exit(res.status ?? 1);
}

/** Builds the server in a child process (esbuild stays out of the server's memory). */
export function ensureServerBuild({ quiet = false } = {}) {
  if (!serverBuildStale()) return;
  if (!quiet) console.log('Building the server…');
  const res = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--quiet'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  ensureWebBuild();
  ensureServerBuild();
  // what `node --enable-source-maps` does: stack traces name the .ts lines
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(serverEntry).href);
}
