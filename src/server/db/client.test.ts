import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsApplied, openDatabase } from './client';

// Issue 44: a new embedded database is created (initdb, migrations) by a child process, so the
// server's own WebAssembly heap never holds what creating it took; an existing one is just opened.
describe('openDatabase on a data directory (PGlite on disk)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lora-db-create-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('creates a new database in a child process, then opens it migrated', async () => {
    const created: number[] = [];
    const database = await openDatabase({ dataDir, onCreated: ({ pid }) => created.push(pid) });
    try {
      expect(created).toHaveLength(1);
      expect(created[0]).not.toBe(process.pid);
      expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
      expect(await migrationsApplied(database.db)).toBe(true);
      await database.db.execute(sql`create table created_check (id int)`);
    } finally {
      await database.close();
    }
  }, 240_000);

  it('opens an existing database without a child, keeping what it holds', async () => {
    const created: number[] = [];
    const database = await openDatabase({ dataDir, onCreated: ({ pid }) => created.push(pid) });
    try {
      expect(created).toEqual([]);
      const res = await database.db.execute(sql`select count(*)::int as n from created_check`);
      expect((res as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 240_000);
});
