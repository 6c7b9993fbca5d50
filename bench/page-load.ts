// First loads as the browser itself times them: FCP and LCP from Chromium's own performance entries
// (what the web-vitals beacons send from a real visitor: src/web/lib/web-vitals.ts), not Lighthouse's
// simulation of them, and when the app has taken the page over (its buttons work from then on). A slow
// phone is emulated by Chromium (4× CPU, 150 ms latency, 1.6 Mbit/s down, the cache off: every load is
// a first visit), at a phone's viewport, signed in as a new user.
// `npm run bench page-load`, or `npx tsx bench/page-load.ts [paths…]` (LOAD_RUNS=n, default 7, median).
// No goal of its own: the goals are Lighthouse's (bench/lighthouse.ts); this is the figure that checks
// what the simulation cannot see, such as a timer of React's (docs/decisions/054-frontend-performance.md).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';

const PAGES = ['/login', '/dashboard', '/generate', '/gallery', '/models', '/settings', '/billing-history'];
// measured as a visitor sees them (a signed-in person is sent on from /login and /register)
const PUBLIC = ['/', '/login', '/register', '/terms', '/privacy', '/contact'];
const PASSWORD = 'Harbor-Lamp-42';
// the last LCP candidate before the page is left, and when React has taken the page over (main.tsx
// marks <html data-app="ready">): strings, as the page runs them
const OBSERVE =
  'window.__lcp = 0; window.__whenLcp = new Promise((resolve) => new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; resolve(); }).observe({ type: "largest-contentful-paint", buffered: true }));' +
  'window.__ready = NaN; window.__whenReady = new Promise((resolve) => new MutationObserver((_, o) => { if (document.documentElement.dataset.app === "ready") { window.__ready = performance.now(); o.disconnect(); resolve(); } }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-app"] }));';
const WAIT =
  'Promise.all([window.__whenReady, Promise.race([window.__whenLcp, new Promise((resolve) => setTimeout(resolve, 5000))])])';
const READ =
  '[performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN, window.__lcp, window.__ready]';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(
  opts: { runs?: number; pages?: string[] } = {},
): Promise<Record<string, number | string>> {
  const runs = opts.runs ?? Number(process.env.LOAD_RUNS ?? 7);
  const pages = opts.pages ?? PAGES;
  const server = await startServer({ LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const out: Record<string, number | string> = {};
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    await context.addInitScript(OBSERVE);
    for (const pathname of pages) {
      const fcp: number[] = [];
      const lcp: number[] = [];
      const ready: number[] = [];
      for (let i = 0; i < runs; i++) {
        if (PUBLIC.includes(pathname)) await context.clearCookies();
        else if ((await context.cookies()).length === 0) {
          const res = await context.request.post(`${server.url}/api/auth/register`, {
            data: { username: 'load_user', email: 'load_user@example.com', password: PASSWORD },
          });
          // a later page's run: the user exists, the cookies were cleared for a public page
          const signedIn = res.ok()
            ? res
            : await context.request.post(`${server.url}/api/auth/login`, {
                data: { username: 'load_user', password: PASSWORD },
              });
          if (!signedIn.ok()) throw new Error(`could not sign in: ${signedIn.status()}`);
        }
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
        // LCP is final at the first input or when the page is hidden; a still page stops adding to it
        await page.goto(`${server.url}${pathname}`, { waitUntil: 'networkidle' });
        // then the app's start and the page's first LCP entry (headless Chromium reports it some frames
        // after the paint; five seconds at most), awaited in the page: Playwright polls a string
        // predicate by `eval` there, which the page's CSP refuses (runs stopped with an EvalError)
        await page.evaluate(WAIT);
        const [f, l, r] = (await page.evaluate(READ)) as [number, number, number];
        fcp.push(f);
        lcp.push(l);
        ready.push(r);
        await page.close();
      }
      out[`${pathname} FCP (ms, median)`] = Math.round(median(fcp));
      out[`${pathname} LCP (ms, median)`] = Math.round(median(lcp));
      out[`${pathname} LCP runs (ms)`] = lcp.map(Math.round).join(', ');
      // from here on every button of the page does what it says
      out[`${pathname} app ready (ms, median)`] = Math.round(median(ready));
    }
    out['runs per page'] = runs;
    out.conditions = '4× CPU, 150 ms latency, 1.6 Mbit/s down, no cache, 412×823';
    return out;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  const pages = process.argv.slice(2);
  run(pages.length ? { pages } : {})
    .then((r) => {
      console.log(r);
      process.exit(0);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
