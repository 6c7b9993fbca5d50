import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 13: a weak bootstrap admin password stops the start with the configuration message, not a stack trace.
describe('start with a weak ADMIN_PASSWORD', () => {
  it('exits 2 naming the variable and the rule, before opening anything', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const res = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'src/server/main.ts'), '--role=web'],
      {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          PATH: process.env.PATH,
          HOME: os.tmpdir(),
          DATA_DIR: path.join(os.tmpdir(), 'lora-weak-admin-never-created'),
          SESSION_SECRET: 'x'.repeat(40),
          ADMIN_USERNAME: 'site_admin',
          ADMIN_PASSWORD: 'Password123',
          PORT: '0',
        },
      },
    );
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('Invalid configuration');
    expect(res.stderr).toContain('ADMIN_PASSWORD: This password is too common. Choose another.');
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(res.stderr).not.toContain('Password123');
  }, 70_000);
});
