import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app';
import { createDeps, type CreateDepsOptions } from '../bootstrap';
import { loadConfig, type Config } from '../config';
import { TEST_TIMINGS } from './timings';
import { seedCatalog } from '../db/seed';
import type { AppDeps } from '../deps';
import { registerJobs } from '../register-jobs';
import { bootstrapAdmin } from '../modules/users/bootstrap-admin';
import { freshDatabase, harnessBaseEnv, HARNESS_ADMIN, loadTemplate } from './template-db';
import { createRouteCollector, type RouteEntry } from './route-catalog';
import { EngineError } from '../engines/engine-error';
import type { FaceEngine } from '../engines/vision/faces';

export type Harness = {
  app: FastifyInstance;
  deps: AppDeps;
  config: Config;
  /** every route the app registered, with its schemas (from an onRoute hook) */
  routes: RouteEntry[];
  /** inject with a cookie jar per "browser" */
  client: () => Client;
  admin: () => Promise<Client>;
  /** the PostgreSQL database this harness made (TEST_DATABASE_URL runs); undefined on PGlite */
  databaseUrl?: string;
  close: () => Promise<void>;
};

export type Client = {
  cookie: string | undefined;
  inject: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  get: (url: string) => Promise<LightMyRequestResponse>;
  post: (url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
  patch: (url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
  put: (url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
  del: (url: string) => Promise<LightMyRequestResponse>;
  register: (
    username?: string,
    password?: string,
  ) => Promise<{ id: string; username: string; tokenBalance: number }>;
  login: (username: string, password: string) => Promise<void>;
};

export const ADMIN = HARNESS_ADMIN;

/**
 * The photo checks' engine in tests that are not about them: the real one costs about a second a photo,
 * so these tests see every check end as 'failed' (no verdict) — never a made-up verdict.
 */
export const facesOff: FaceEngine = {
  name: 'face-api',
  analyzeFaces: async () => {
    throw new EngineError('Face analysis is off in this test', false);
  },
  describe: async () => {
    throw new EngineError('Face analysis is off in this test', false);
  },
  loaded: () => false,
  unload: async () => {},
};

export async function createHarness(
  env: Record<string, string> = {},
  opts: {
    startQueue?: boolean;
    engines?: CreateDepsOptions['engines'];
    /** run the real offline face engine (tests about the photo checks only) */
    realFaces?: boolean;
  } = {},
): Promise<Harness> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lora-test-'));
  const config = loadConfig({ ...harnessBaseEnv(dataDir), ...env }, { timings: TEST_TIMINGS });
  // the template's admin is HARNESS_ADMIN: a harness that configures another starts empty
  const sameAdmin = (['ADMIN_USERNAME', 'ADMIN_PASSWORD', 'ADMIN_EMAIL'] as const).every((k) => !(k in env));
  const template = sameAdmin ? await loadTemplate() : null;
  const { database, url: databaseUrl, drop } = await freshDatabase(template);
  const deps = await createDeps(config, {
    database,
    log: pino({ level: 'silent' }) as any,
    queuePollMs: 50,
    engines: (built) => ({ ...(opts.realFaces ? {} : { faces: facesOff }), ...opts.engines?.(built) }),
  });
  // no-ops over the template, but its style previews must reach this harness's own storage
  await seedCatalog(deps.db, deps.storage);
  await bootstrapAdmin(deps.db, config, () => {});
  await template?.fillStorage(deps.storage);
  registerJobs(deps);
  if (opts.startQueue !== false) deps.queue.start();
  const collector = createRouteCollector();
  const app = await buildApp(deps, { webRoot: path.join(dataDir, 'no-web'), onRoute: collector.onRoute });
  await app.ready();

  const client = (): Client => {
    const c: Client = {
      cookie: undefined,
      inject: async (o) => {
        const headers = { ...(o.headers ?? {}) } as Record<string, string>;
        if (c.cookie) headers.cookie = c.cookie;
        const res = await app.inject({ ...o, headers });
        const set = res.headers['set-cookie'];
        const list = Array.isArray(set) ? set : set ? [set] : [];
        for (const s of list) {
          const [pair] = s.split(';');
          const [name, value] = pair.split('=');
          if (name === 'sid') c.cookie = value ? `sid=${value}` : undefined;
        }
        return res;
      },
      get: (url) => c.inject({ method: 'GET', url }),
      post: (url, payload) => c.inject({ method: 'POST', url, payload: payload as any }),
      patch: (url, payload) => c.inject({ method: 'PATCH', url, payload: payload as any }),
      put: (url, payload) => c.inject({ method: 'PUT', url, payload: payload as any }),
      del: (url) => c.inject({ method: 'DELETE', url }),
      register: async (username = `user_${randomUUID().slice(0, 8)}`, password = 'Harbor-Lamp-42') => {
        const res = await c.post('/api/auth/register', {
          username,
          email: `${username}@example.com`,
          password,
        });
        if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
        return res.json().user;
      },
      login: async (username, password) => {
        const res = await c.post('/api/auth/login', { username, password });
        if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      },
    };
    return c;
  };

  return {
    app,
    deps,
    config,
    routes: collector.routes,
    client,
    databaseUrl,
    admin: async () => {
      const c = client();
      await c.login(ADMIN.username, ADMIN.password);
      return c;
    },
    close: async () => {
      await app.close();
      await deps.engines.faces.unload();
      await deps.queue.stop();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
