import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './test/until';

// Issue 27: `npm start` runs the server built by scripts/build-server.mjs. This builds it into a
// directory of its own (two levels down, like dist/server) and starts it as plain JavaScript: the
// files it reads beside its code (migrations, the face thread) must be found from there.
const root = path.resolve(import.meta.dirname, '../..');
const out = path.join(root, 'dist', `server-test-${process.pid}`);
const env = (extra: Record<string, string>) => ({
  PATH: process.env.PATH,
  HOME: os.tmpdir(),
  SESSION_SECRET: 'x'.repeat(40),
  PORT: '0',
  LOG_LEVEL: 'warn',
  PHOTO_CHECKS: 'off',
  ...extra,
});

beforeAll(() => {
  const res = spawnSync(process.execPath, ['scripts/build-server.mjs', `--out=${out}`, '--quiet'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(res.status, res.stderr).toBe(0);
}, 130_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the server built for production', () => {
  it('is one bundle with its source map (naming the .ts sources) and the files it reads beside it', () => {
    const map = JSON.parse(readFileSync(path.join(out, 'main.js.map'), 'utf8')) as { sources: string[] };
    expect(map.sources).toContain('../../src/server/main.ts');
    // only our own code is bundled: every package stays in node_modules
    expect(map.sources.filter((s) => s.includes('node_modules'))).toEqual([]);
    expect(existsSync(path.join(out, 'migrations/meta/_journal.json'))).toBe(true);
    expect(existsSync(path.join(out, 'face-worker.mjs'))).toBe(true);
    expect(existsSync(path.join(out, 'pglite-create.mjs'))).toBe(true);
  });

  it('loads OpenTelemetry only on demand: the bundle imports none of its packages at its top', () => {
    const code = readFileSync(path.join(out, 'main.js'), 'utf8');
    const atTop = [...code.matchAll(/^import\b[^;]*?from\s*"([^"]+)"/gms)].map((m) => m[1]);
    expect(atTop).toContain('fastify');
    expect(atTop.filter((p) => p.startsWith('@opentelemetry/') || p === '@fastify/otel')).toEqual([]);
    expect(code).toContain('import("@opentelemetry/sdk-node")');
  });

  it('stops on a bad setting with the configuration message, without tsx', () => {
    const res = spawnSync(
      process.execPath,
      ['--enable-source-maps', path.join(out, 'main.js'), '--role=web'],
      {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
        env: env({
          DATA_DIR: path.join(os.tmpdir(), 'lora-build-never-created'),
          JOB_CONCURRENCY: 'renders=2',
        }),
      },
    );
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('Invalid configuration');
    expect(res.stderr).toContain('JOB_CONCURRENCY: unknown job kind "renders"');
  }, 70_000);

  it('migrates a fresh embedded database from the copied migrations and stops cleanly', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lora-build-'));
    try {
      const proc = spawn(
        process.execPath,
        ['--enable-source-maps', path.join(out, 'main.js'), '--role=worker'],
        {
          cwd: root,
          env: env({ DATA_DIR: dataDir }),
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let log = '';
      proc.stdout.on('data', (d) => (log += d));
      proc.stderr.on('data', (d) => (log += d));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
        proc.once('exit', (code, signal) => r({ code, signal })),
      );
      await until(
        () => log.includes('LoRA Studio worker started (pglite)') || proc.exitCode !== null,
        'the worker to start or exit',
        120_000,
        100,
      );
      expect(log).toContain('LoRA Studio worker started (pglite)');
      proc.kill('SIGTERM');
      // exit code 0 from its own handler, not the signal's default action (code null, "SIGTERM")
      expect(await exited, log).toEqual({ code: 0, signal: null });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
