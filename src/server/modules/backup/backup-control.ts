import { createConnection, createServer, type Server } from 'node:net';
import { chmod, rm } from 'node:fs/promises';
import path from 'node:path';
import { runBackup, type BackupDeps, type BackupResult } from './backup.service';

// PGlite lives inside the server's process, and a second process cannot open its data directory
// while the server has it. So `npm run backup` asks the running server over a Unix socket in DATA_DIR
// (readable by DATA_DIR's owner only, who can read the database files anyway); the server writes the
// backup itself, without stopping (docs/decisions/062-backup-and-restore.md).

export const CONTROL_SOCKET = 'backup.sock';

export type ControlAnswer =
  { ok: true; backup: Omit<BackupResult, 'manifest'> & { files: number } } | { ok: false; error: string };

/** Serves backup requests on DATA_DIR/backup.sock; resolves with the server, which closes with `close()`. */
export async function startBackupControl(deps: BackupDeps): Promise<Server> {
  const socketPath = path.join(deps.config.dataDir, CONTROL_SOCKET);
  // a socket file left by a process that ended without closing it
  await rm(socketPath, { force: true });
  const server = createServer((conn) => {
    conn.setEncoding('utf8');
    let line = '';
    conn.on('error', () => {});
    conn.on('data', (d: string) => {
      line += d;
      if (!line.includes('\n')) return;
      const op = line.split('\n')[0]!.trim();
      line = '';
      if (op !== 'backup') {
        conn.end(`${JSON.stringify({ ok: false, error: `unknown request ${op}` })}\n`);
        return;
      }
      runBackup(deps, { trigger: 'command' })
        .then(({ manifest, ...rest }) => ({
          ok: true,
          backup: { ...rest, files: manifest.storage.files.length },
        }))
        .catch((err: Error) => {
          deps.log.warn({ err }, 'backup failed');
          return { ok: false, error: err.message };
        })
        .then((answer) => conn.end(`${JSON.stringify(answer)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  // never what keeps the process alive
  server.unref();
  return server;
}

/**
 * Asks the server running on `dataDir` for a backup. Null when none listens there (no socket, or
 * one left by a server that has stopped): the caller may then open the data directory itself.
 */
export function requestBackup(dataDir: string): Promise<ControlAnswer | null> {
  return new Promise((resolve, reject) => {
    const conn = createConnection(path.join(dataDir, CONTROL_SOCKET));
    let answer = '';
    let connected = false;
    conn.setEncoding('utf8');
    conn.on('connect', () => {
      connected = true;
      conn.write('backup\n');
    });
    conn.on('data', (d: string) => (answer += d));
    conn.on('end', () => {
      try {
        resolve(JSON.parse(answer) as ControlAnswer);
      } catch {
        reject(new Error('the server closed the backup request without an answer'));
      }
    });
    conn.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(null);
      else reject(err);
    });
  });
}
