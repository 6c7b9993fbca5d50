import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

// The database side of backups (docs/decisions/062-backup-and-restore.md): PostgreSQL's own pg_dump
// and pg_restore, and loading a PGlite data-directory image into an empty directory.

/**
 * pg_dump or pg_restore: the first on PATH, else the newest under Debian's /usr/lib/postgresql/N/bin
 * (where the server packages put them without linking them onto PATH).
 */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian))
    dirs.push(
      ...readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => path.join(debian, v, 'bin')),
    );
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  throw new Error(
    `${name} was not found on PATH or under /usr/lib/postgresql: install the PostgreSQL client tools (e.g. apt-get install postgresql-client-15)`,
  );
}

/** The URL without its password, which goes in PGPASSWORD instead: argv is readable by every local user. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  env: NodeJS.ProcessEnv,
  stdin?: Readable,
): { stdout: Readable; done: Promise<void> } {
  const child = spawn(postgresTool(tool), args, { env, stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  if (stdin) stdin.pipe(child.stdin!);
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
  return { stdout: child.stdout!, done };
}

/**
 * pg_dump in its custom format (what pg_restore reads), of the snapshot `snapshot` a transaction
 * exported and holds open: the dump and what that transaction read are the same state.
 */
export function pgDump(url: string, snapshot: string) {
  const { dbname, env } = connection(url);
  return run(
    'pg_dump',
    ['--format=custom', `--snapshot=${snapshot}`, '--no-password', `--dbname=${dbname}`],
    env,
  );
}

/** Restores a custom-format dump file into the (empty) database at `url`, all or nothing. */
export async function pgRestore(url: string, file: string) {
  const { dbname, env } = connection(url);
  await run(
    'pg_restore',
    [
      '--no-owner',
      '--no-acl',
      '--exit-on-error',
      '--single-transaction',
      '--no-password',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  ).done;
}

/** Loads a `dumpDataDir()` image into the empty PGlite directory `dir` (DATA_DIR/pg), then closes it. */
export async function loadPgliteImage(dir: string, image: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  await mkdir(dir, { recursive: true });
  const client = new PGlite(dir, { extensions: { pg_trgm }, loadDataDir: image });
  await client.waitReady;
  await client.close();
}
