import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { act } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { mockFetch } from '@web/testing/render';
import { setBrowserLanguages } from '@web/testing/browser-languages';
import { createQueryClient } from '@web/lib/query-client';
import { prefetchSession } from '@web/lib/session';
import { APP_CONFIG_QUERY_KEY, type AppConfig } from '@web/lib/app-config';
import { Providers } from './app/providers';
import { AppRoutes, preloadRoute } from './app/router';
import { startHydrating } from './lib/hydration';
import { PRERENDERED_PAGES } from './entry-server';

// The pre-rendered public pages, hydrated by React's development build, which reports every
// difference between the server's HTML and the first client render (the shipped build repairs some
// silently): any console error here is a hydration mismatch
// (docs/decisions/029-react-everywhere-and-prerender.md).

let pages: Record<string, string> = {};
beforeAll(() => {
  // vitest runs from the repository's root
  const script = path.resolve('src/web/testing/render-pages.ts');
  const tsx = path.resolve('node_modules/tsx/dist/cli.mjs');
  pages = JSON.parse(execFileSync(process.execPath, [tsx, script], { encoding: 'utf8' })) as Record<
    string,
    string
  >;
}, 60_000);

let root: Root | undefined;
let restoreLanguages: (() => void) | undefined;
afterEach(() => {
  restoreLanguages?.();
  restoreLanguages = undefined;
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

// The HTML is written once, in en-US (lib/locale.ts PAGE_LOCALE); a visitor's browser may speak anything.
const LANGUAGES = [['en-US'], ['de-DE', 'de'], ['ja-JP', 'ja']];
const cases = Object.keys(PRERENDERED_PAGES)
  .filter((url) => url !== '/')
  .flatMap((url) => LANGUAGES.map((languages) => [url, languages[0], languages] as const));

// GET /api/config of a studio on its offline engines: what the footer's note and the privacy
// schedule draw once it has answered (the HTML, written at build time, has neither)
const OFFLINE_CONFIG = {
  engines: {
    training: 'offline',
    hosting: 'offline',
    images: 'offline',
    vision: 'offline',
    payments: 'offline',
    mail: 'outbox',
    storage: 'local',
  },
  privacy: {
    photoRetentionDays: 30,
    unusedModelPhotoDays: 30,
    exportLinkHours: 24,
    auditLogRetentionDays: 365,
    notificationRetentionDays: 90,
    deletedEmailRetentionDays: 365,
    backupRetentionDays: 30,
    processors: [],
  },
} as unknown as AppConfig;

describe('pre-rendered public pages', () => {
  it.each([
    ...cases.map(([url, locale, languages]) => ({ url, locale, languages, configFirst: false })),
    // the config may answer before React reaches a part of the page that reads it (a slow phone, a
    // fast server): that part must still start as the HTML
    ...Object.keys(PRERENDERED_PAGES)
      .filter((url) => url !== '/')
      .map((url) => ({ url, locale: 'en-US', languages: ['en-US'], configFirst: true })),
  ])(
    '$url hydrates without a mismatch in a browser set to $locale (the config in first: $configFirst)',
    async ({ url, languages, configFirst }) => {
      restoreLanguages = setBrowserLanguages([...languages]);
      mockFetch({ 'GET /api/config': { body: OFFLINE_CONFIG } });
      // as the server sends it to a visitor; a remembered referral code must not change the first render
      localStorage.setItem('referralCode', 'FRIEND1');
      document.documentElement.dataset.session = 'guest';
      const html = pages[url];
      expect(html).toMatch(/<h1[\s>]|aria-level="1"/);
      window.history.replaceState(null, '', url);
      document.body.innerHTML = `<div id="root">${html}</div>`;
      const container = document.getElementById('root')!;
      const client = createQueryClient();
      prefetchSession(client);
      if (configFirst) client.setQueryData(APP_CONFIG_QUERY_KEY, OFFLINE_CONFIG);
      startHydrating(); // as main.tsx does before it hydrates
      await preloadRoute(window.location.pathname, undefined, client);
      const errors: unknown[] = [];
      vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      await act(async () => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <Providers client={client}>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </Providers>
          </StrictMode>,
          { onRecoverableError: (error) => errors.push(error) },
        );
      });
      // a second pass: the Suspense boundaries React hydrates after the first commit, and what they load
      await act(async () => {});
      expect(errors).toEqual([]);
      expect(container.querySelector('h1, [aria-level="1"]')).not.toBeNull();
    },
  );
});
