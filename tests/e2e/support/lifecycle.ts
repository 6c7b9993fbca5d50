import { afterAll, beforeAll } from 'vitest';
import { openBrowser, type Browser } from './browser';
import { startServer, type TestServer } from './server';

/**
 * The real server and one Chromium a spec file shares: started before its first test (with `env`
 * on top of the test defaults in server.ts), stopped after its last. Read the fields inside tests
 * and hooks; they are set once `beforeAll` has run.
 */
export function useServerAndBrowser(env: Record<string, string> = {}) {
  const e2e = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    e2e.server = await startServer(env);
    e2e.browser = await openBrowser();
  }, 90_000);
  afterAll(async () => {
    await e2e.browser?.close();
    await e2e.server?.stop();
  });
  return e2e;
}
