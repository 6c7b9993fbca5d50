import { buildTemplate, TEMPLATE_ENV } from './template-db';

/**
 * vitest globalSetup of the `unit` project: migrate and seed one template database for the run;
 * every `createHarness()` clones it (src/server/test/template-db.ts). The forked test workers inherit
 * the environment variable naming it.
 */
export default async function setup() {
  const { dir, teardown } = await buildTemplate();
  process.env[TEMPLATE_ENV] = dir;
  return async () => {
    delete process.env[TEMPLATE_ENV];
    await teardown();
  };
}
