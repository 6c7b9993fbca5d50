// Long tasks of a cold page load at 4× CPU (Chrome's own throttling, not Lighthouse's simulation):
// the blocking time behind Lighthouse's TBT, with far less spread from run to run, so a change to
// the client can be judged in a minute. Compares checkouts side by side, runs interleaved:
//   npx tsx bench/long-tasks.ts /generate /gallery                      (this checkout)
//   ROOTS=/work/old,/work/main N=10 npx tsx bench/long-tasks.ts /generate  (two checkouts, each built)
// Each root serves its own dist/web (build it first: `npx vite build`). Not part of `npm run bench`.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/support/browser';
import type { TestServer } from '../tests/e2e/support/server';

const VISITOR_PAGES = new Set(['/', '/login', '/register']);
const roots = (process.env.ROOTS ?? path.resolve(import.meta.dirname, '..')).split(',');
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/dashboard', '/generate', '/gallery'];
const runs = Number(process.env.N ?? 7);

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

async function main() {
  const servers: TestServer[] = [];
  const cookies: string[] = [];
  for (const root of roots) {
    const { startServer } = (await import(path.join(root, 'tests/e2e/support/server.ts'))) as {
      startServer: (env?: Record<string, string>) => Promise<TestServer>;
    };
    const server = await startServer({ LOG_LEVEL: 'warn' });
    servers.push(server);
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'lt_user', email: 'lt_user@example.com', password: 'Harbor-Lamp-42' }),
    });
    cookies.push((res.headers.get('set-cookie') ?? '').split(';')[0]);
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });

  /** One cold load (fresh context, empty cache): long tasks until the network is idle, and the LCP. */
  async function load(k: number, pagePath: string) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    try {
      const [name, value] = cookies[k].split('=');
      if (!VISITOR_PAGES.has(pagePath)) await context.addCookies([{ name, value, url: servers[k].url }]);
      await context.addInitScript(() => {
        const w = window as unknown as { __longTasks: number[] };
        w.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__longTasks.push(e.duration);
        }).observe({ type: 'longtask', buffered: true });
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(servers[k].url + pagePath, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1].startTime);
            }).observe({ type: 'largest-contentful-paint', buffered: true }),
          ),
      );
      return { blocking: tasks.reduce((s, d) => s + Math.max(0, d - 50), 0), lcp };
    } finally {
      await context.close();
    }
  }

  try {
    for (const pagePath of paths) {
      const figures = roots.map(() => ({ blocking: [] as number[], lcp: [] as number[] }));
      for (let i = 0; i < runs; i++) {
        // alternate which build goes first, so a drift in the machine's load hits both alike
        for (let j = 0; j < roots.length; j++) {
          const k = (i + j) % roots.length;
          const f = await load(k, pagePath);
          figures[k].blocking.push(Math.round(f.blocking));
          figures[k].lcp.push(Math.round(f.lcp));
        }
      }
      roots.forEach((root, k) =>
        console.log(
          `${pagePath.padEnd(10)} ${root}: blocking ${median(figures[k].blocking)} ms, LCP ${median(figures[k].lcp)} ms ` +
            `(median of ${runs}; blocking ${figures[k].blocking.join('/')})`,
        ),
      );
    }
  } finally {
    await browser.close();
    for (const s of servers) await s.stop();
  }
}

// `npm run bench` imports every file here looking for run(): this one runs only when called by name
if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  await main();
  process.exit(0);
}
