import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDeps } from '../../bootstrap';
import { loadConfig, type Config } from '../../config';
import type { ImageEngine } from '../../engines/images/images';
import { createOfflineImageEngine } from '../../engines/images/offline';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { catalog, readyModel, switchableImages } from '../../test/generation-helpers';
import { startS3Server, type S3TestServer } from '../../test/s3-server';
import { createServerDatabase } from '../../test/server-database';
import { harnessBaseEnv } from '../../test/template-db';
import { TEST_TIMINGS } from '../../test/timings';
import { runBackup } from './backup.service';
import { backupStoreOf } from './backup-store';
import { restoreBackup } from './restore.service';

// The restore drill (docs/operators/backup-restore.md): users, models, images, purchases and refunds;
// back up; wipe; restore; the same balances, files and sign-ins. It runs on PGlite in the unit pass
// and on PostgreSQL 15 in the PostgreSQL pass (TEST_DATABASE_URL), each with local storage and S3.

const serverUrl = process.env.TEST_DATABASE_URL;
// each drill opens three databases (the studio, the restore, the restored app) on a machine other
// test files share: minutes only when the cores are busy, so the bound is generous
const PASSWORD = 'Harbor-Lamp-42';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

type Account = { c: Client; username: string; id: string };

async function account(h: Harness): Promise<Account> {
  const c = h.client();
  const username = `drill_${randomUUID().slice(0, 8)}`;
  const u = await c.register(username, PASSWORD);
  return { c, username, id: u.id };
}

async function buy(c: Client) {
  const [pkg] = (await c.get('/api/token-packages')).json() as { id: string }[];
  const pi = (await c.post('/api/create-payment-intent', { packageId: pkg!.id })).json();
  await c.post('/api/payments/offline/confirm', {
    paymentIntentId: pi.paymentIntentId,
    cardNumber: '4242424242424242',
  });
  const res = await c.post('/api/purchase-tokens', {
    packageId: pkg!.id,
    paymentIntentId: pi.paymentIntentId,
  });
  expect(res.statusCode).toBe(200);
}

function generate(h: Harness, c: Client, baseModelId: string, count = 2) {
  return c.post('/api/generate-image', {
    prompt: 'a lighthouse at sunset',
    baseModelId,
    modelId: null,
    styleId: null,
    count,
    width: 128,
    height: 128,
    hdEnabled: false,
    loraStrength: 1,
    calculatedTokenCost: count * 10,
  });
}

/** A lived-in studio: two accounts with a purchase, a model, images, and a refunded generation. */
async function liveIn(h: Harness, images: ReturnType<typeof switchableImages>) {
  const cat = await catalog(h.deps);
  const accounts = [await account(h), await account(h)];
  for (const a of accounts) {
    await buy(a.c);
    await readyModel(h.deps, a.id, { name: 'My face' });
    expect((await generate(h, a.c, cat.schnell.id)).statusCode).toBe(200);
  }
  const offline = createOfflineImageEngine();
  const nothing: ImageEngine = { name: 'offline', render: async () => [] };
  images.use(nothing);
  const failed = await generate(h, accounts[0]!.c, cat.schnell.id, 1);
  expect(failed.json().code).toBe('GENERATION_FAILED');
  images.use(offline);
  return { accounts, cat };
}

/** What a user sees: balance, and each gallery image's bytes as the app serves them. */
async function seen(c: Client) {
  const user = (await c.get('/api/auth/user')).json().user;
  const gallery = (await c.get('/api/generated-images')).json();
  const list = (gallery.images ?? gallery) as { id: string; imageUrl: string }[];
  const files: Record<string, string> = {};
  for (const img of list) {
    const res = await c.get(img.imageUrl);
    expect(res.statusCode).toBe(200);
    files[img.id] = res.rawPayload.toString('base64');
  }
  return { balance: user.tokenBalance as number, files };
}

/** An empty target: a new DATA_DIR and, on PostgreSQL, a new empty database. */
async function emptyTarget(env: Record<string, string>): Promise<Config> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lora-restore-target-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const extra: Record<string, string> = { ...env };
  if (serverUrl) {
    const db = await createServerDatabase(serverUrl, `r_${randomUUID().replace(/-/g, '')}`);
    cleanups.push(db.drop);
    extra.DATABASE_URL = db.url;
  }
  return loadConfig({ ...harnessBaseEnv(dataDir), ...extra }, { timings: TEST_TIMINGS });
}

/** The app on the restored data, as `npm start` would open it. */
async function restoredApp(config: Config): Promise<{ app: FastifyInstance; client: () => Client }> {
  const deps = await createDeps(config, { log: pino({ level: 'silent' }) as never });
  const app = await buildApp(deps, { webRoot: path.join(config.dataDir, 'no-web') });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await deps.database.close();
  });
  const client = (): Client => {
    const c = { cookie: undefined as string | undefined } as Client;
    c.inject = async (o) => {
      const headers = { ...(o.headers ?? {}) } as Record<string, string>;
      if (c.cookie) headers.cookie = c.cookie;
      const res = await app.inject({ ...o, headers });
      const set = res.headers['set-cookie'];
      for (const s of Array.isArray(set) ? set : set ? [set] : []) {
        const [name, value] = s.split(';')[0]!.split('=');
        if (name === 'sid') c.cookie = value ? `sid=${value}` : undefined;
      }
      return res;
    };
    c.get = (url) => c.inject({ method: 'GET', url });
    c.post = (url, payload) => c.inject({ method: 'POST', url, payload: payload as never });
    c.login = async (username, password) => {
      const res = await c.post('/api/auth/login', { username, password });
      expect(res.statusCode).toBe(200);
    };
    return c;
  };
  return { app, client };
}

describe.each(['local', 's3'] as const)('restore drill, %s storage', (storageKind) => {
  let s3: S3TestServer | undefined;
  let env: Record<string, string> = {};

  it(
    'backs up, wipes, restores: the same balances, files and sign-ins; a second restore is refused',
    { timeout: 90_000 },
    async () => {
      if (storageKind === 's3') {
        s3 = await startS3Server();
        cleanups.push(() => s3!.stop());
        env = { ...s3.env, BACKUP_S3_PREFIX: 'backups/' };
      } else {
        const dir = await mkdtemp(path.join(os.tmpdir(), 'lora-backups-'));
        cleanups.push(() => rm(dir, { recursive: true, force: true }));
        env = { BACKUP_DIR: dir };
      }
      const images = switchableImages(createOfflineImageEngine());
      const h = await createHarness(env, {
        engines: (built) => ({ images: { ...built.images, offline: images.engine } }),
      });
      let closed = false;
      cleanups.push(() => (closed ? Promise.resolve() : h.close()));
      const { accounts } = await liveIn(h, images);
      const before = await Promise.all(accounts.map((a) => seen(a.c)));
      expect(Object.keys(before[0]!.files)).toHaveLength(2);

      const backup = await runBackup(h.deps);
      expect(backup.manifest.database.ledger.mismatched).toBe(0);
      expect(backup.manifest.storage.files.length).toBeGreaterThan(4);
      expect(Boolean(backup.manifest.storage.archive)).toBe(storageKind === 'local');

      // wipe: the database and DATA_DIR (local files) go; an S3 bucket keeps its objects
      await h.close();
      closed = true;

      const target = await emptyTarget(env);
      const store = backupStoreOf(target, target.backup.destination!);
      const report = await restoreBackup(target, store, backup.name);
      expect(report.problems).toEqual([]);
      expect(report.ok).toBe(true);
      expect(report.lines.join('\n')).toMatch(/ledger: 3 of 3 users' balances equal their ledger sums/);

      const restored = await restoredApp(target);
      for (const [i, a] of accounts.entries()) {
        const c = restored.client();
        await c.login(a.username, PASSWORD);
        expect(await seen(c)).toEqual(before[i]);
      }

      const again = await restoreBackup(target, store, backup.name);
      expect(again.refused).toBe(true);
      expect(again.problems[0]).toMatch(
        serverUrl
          ? /Refusing to restore: the database .* is not empty/
          : /Refusing to restore: .* already holds a database/,
      );
    },
  );

  it(
    'restores a backup taken while generations and a purchase run to a state whose ledger and balances agree',
    { timeout: 90_000 },
    async () => {
      const images = switchableImages(createOfflineImageEngine());
      const h = await createHarness(env, {
        engines: (built) => ({ images: { ...built.images, offline: images.engine } }),
      });
      cleanups.push(() => h.close());
      const { accounts, cat } = await liveIn(h, images);
      const busy = Promise.all([
        generate(h, accounts[0]!.c, cat.schnell.id),
        generate(h, accounts[1]!.c, cat.schnell.id),
        buy(accounts[1]!.c),
      ]);
      const [backup] = await Promise.all([runBackup(h.deps), busy]);
      expect(backup.manifest.database.ledger.mismatched).toBe(0);

      const target = await emptyTarget(env);
      const report = await restoreBackup(
        target,
        backupStoreOf(target, target.backup.destination!),
        backup.name,
      );
      expect(report.problems).toEqual([]);
      expect(report.ok).toBe(true);
    },
  );
});
