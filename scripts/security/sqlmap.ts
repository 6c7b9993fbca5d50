import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { assertLoopback } from './http';

export type SqlmapTarget = { path: string; params: string[]; cookie: string };
export type SqlmapResult = {
  target: string;
  verdict: 'clean' | 'injectable' | 'timeout' | 'error';
  detail: string;
};

export function sqlmapPath(): string | undefined {
  const res = spawnSync('sqlmap', ['--version'], { encoding: 'utf8' });
  return res.status === 0 ? 'sqlmap' : undefined;
}

/** The verdict of one sqlmap run from its console output. */
export function readSqlmapOutput(out: string): Pick<SqlmapResult, 'verdict' | 'detail'> {
  const injectable =
    /identified the following injection point|parameter '[^']+' (?:is|appears to be) .*injectable/i.exec(out);
  if (injectable) return { verdict: 'injectable', detail: injectable[0] };
  // each "testing '<technique>'" line is one family of payloads sent; none means nothing was tested
  const tested = (out.match(/\[INFO\] testing '/g) ?? []).length;
  if (/all tested parameters do not appear to be injectable|do not appear to be injectable/i.test(out))
    return tested > 0
      ? { verdict: 'clean', detail: `${tested} techniques tried, none injectable` }
      : { verdict: 'error', detail: 'sqlmap tested nothing' };
  const critical = /\[CRITICAL\] ([^\n]+)/.exec(out);
  return { verdict: 'error', detail: critical?.[1] ?? out.trim().split('\n').slice(-1)[0] ?? 'no output' };
}

/** One bounded sqlmap run per target: only the named parameters, only this machine. */
export async function runSqlmap(
  baseUrl: string,
  targets: SqlmapTarget[],
  opts: { level: number; risk: number; timeoutMs: number },
): Promise<SqlmapResult[]> {
  const out: SqlmapResult[] = [];
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lora-sqlmap-'));
  try {
    for (const t of targets) {
      const url = baseUrl + t.path;
      assertLoopback(url);
      const args = [
        '-u',
        url,
        '--cookie',
        t.cookie,
        '-p',
        t.params.join(','),
        '--batch',
        `--level=${opts.level}`,
        `--risk=${opts.risk}`,
        '--dbms=PostgreSQL',
        '--time-sec=2',
        '--timeout=10',
        '--retries=0',
        '--threads=1',
        '--flush-session',
        '--disable-coloring',
        `--output-dir=${dir}`,
      ];
      const text = await new Promise<{ text: string; timedOut: boolean }>((resolve) => {
        const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
        let buf = '';
        child.stdout.on('data', (d) => (buf += d));
        child.stderr.on('data', (d) => (buf += d));
        const timer = setTimeout(() => {
          child.kill('SIGTERM');
          resolve({ text: buf, timedOut: true });
        }, opts.timeoutMs);
        child.on('close', () => {
          clearTimeout(timer);
          resolve({ text: buf, timedOut: false });
        });
      });
      const verdict = readSqlmapOutput(text.text);
      out.push({
        target: `${t.path} [${t.params.join(', ')}]`,
        ...(text.timedOut && verdict.verdict !== 'injectable'
          ? {
              verdict: 'timeout',
              detail: `stopped after ${opts.timeoutMs / 1000} s, nothing found until then`,
            }
          : verdict),
      });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return out;
}
