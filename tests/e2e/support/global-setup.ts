import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, executablePath, SHARED_BROWSER_ENV } from './browser';
import {
  buildDataTemplate,
  DATA_TEMPLATE_ENV,
  DATABASE_TEMPLATE_ENV,
  dropDatabaseTemplate,
  SHARED_SERVER_ENV,
  SHARED_SERVER_OVERRIDES,
  startServer,
} from './server';

/**
 * vitest globalSetup of the `e2e` project: one server (the default test env) and one Chromium for
 * every spec file that can share them (docs/decisions/030-test-speed.md). A server start costs ~10 s
 * and a Chromium ~0.4 s more than a new browser context; each spec file still gets fresh contexts and
 * its own users. Specs that need another env, a server-wide count or a crash start their own server.
 */
export default async function setup() {
  // the web client and the server as `npm start` builds them, when their sources are newer
  const root = path.resolve(import.meta.dirname, '../../..');
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const built = spawnSync(
    process.execPath,
    ['-e', "import('./scripts/start.mjs').then((m) => { m.ensureWebBuild(); m.ensureServerBuild(); })"],
    { cwd: root, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('could not build the web client and the server');
  // every server of the run (this shared one and the specs' own) starts from a copy of one migrated,
  // seeded data directory (server.ts)
  const [template, browser] = await Promise.all([
    buildDataTemplate(),
    chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS }),
  ]);
  const templateAt = seconds();
  process.env[DATA_TEMPLATE_ENV] = template.dataDir;
  if (template.database) process.env[DATABASE_TEMPLATE_ENV] = template.database;
  const server = await startServer(SHARED_SERVER_OVERRIDES);
  process.env[SHARED_SERVER_ENV] = JSON.stringify({
    url: server.url,
    port: server.port,
    dataDir: server.dataDir,
    databaseUrl: server.databaseUrl,
    admin: server.admin,
  });
  process.env[SHARED_BROWSER_ENV] = browser.wsEndpoint();
  // what the lane spends before its first spec, in CI's log (docs/decisions/030-test-speed.md)
  console.log(
    `e2e setup: builds, template (${template.database ? 'PostgreSQL' : 'PGlite'}) and Chromium ${templateAt}; shared server ${seconds()}`,
  );
  return async () => {
    delete process.env[SHARED_SERVER_ENV];
    delete process.env[SHARED_BROWSER_ENV];
    delete process.env[DATA_TEMPLATE_ENV];
    delete process.env[DATABASE_TEMPLATE_ENV];
    await browser.close();
    await server.stop();
    await rm(template.dataDir, { recursive: true, force: true });
    await dropDatabaseTemplate(template.database);
  };
}
