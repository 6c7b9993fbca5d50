import { afterAll, beforeAll } from 'vitest';
import { openBrowser, type Browser } from './browser';
import { sharedServer, startServer, type TestServer } from './server';

/**
 * The real server and a browser for a spec file. With no `env` the server is the run's shared one
 * (global-setup.ts); with an `env` (on top of the test defaults in server.ts), or `own: true` for a spec
 * that asserts server-wide counts, the file starts its own before its first test and stops it after its
 * last. Read the fields inside tests and hooks; they are set once `beforeAll` has run.
 */
export function useServerAndBrowser(
  env: Record<string, string> = {},
  opts: { own?: boolean; host?: string; browser?: Parameters<typeof openBrowser>[0] } = {},
) {
  const e2e = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    e2e.server =
      Object.keys(env).length > 0 || opts.own || opts.host
        ? await startServer(env, { host: opts.host })
        : await sharedServer();
    e2e.browser = await openBrowser(opts.browser);
  }, 180_000);
  afterAll(async () => {
    await e2e.browser?.close();
    await e2e.server?.stop();
  });
  return e2e;
}
