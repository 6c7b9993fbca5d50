// INP (Interaction to Next Paint) of two flows at 4× CPU (Chrome's own throttling), read from the app's
// own Web Vitals beacons (src/web/lib/web-vitals.ts): the generator (type a prompt, pick a model and a
// size, generate) and the gallery (filter, open an image, next). `npm run bench inp`, or
// `npx tsx bench/inp.ts` alone (INP_RUNS=n visits per flow, default 12: a p75 of five moved by 80 ms
// between runs; INP_DETAIL=1 prints each visit's slowest interactions split into input delay,
// processing and presentation). Goal: p75 ≤ 200 ms per flow.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/support/browser';
import { startServer } from '../tests/e2e/support/server';

const GOAL_MS = 200;
const DETAIL = process.env.INP_DETAIL === '1';

/** Every interaction of the visit over 40 ms, from the browser's own Event Timing entries. */
function recordInteractions() {
  const seen: object[] = [];
  (window as unknown as { __interactions: object[] }).__interactions = seen;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) {
      if (!e.interactionId) continue;
      const t = e.target as HTMLElement | null;
      seen.push({
        event: e.name,
        target: t
          ? `${t.tagName.toLowerCase()}${t.getAttribute('aria-label') ? `[${t.getAttribute('aria-label')}]` : ''} ${(t.textContent ?? '').trim().slice(0, 30)}`
          : '?',
        duration: e.duration,
        inputDelay: Math.round(e.processingStart - e.startTime),
        processing: Math.round(e.processingEnd - e.processingStart),
        presentation: Math.round(e.startTime + e.duration - e.processingEnd),
      });
    }
  }).observe({ type: 'event', durationThreshold: 40, buffered: true } as PerformanceObserverInit);
}
const PASSWORD = 'Harbor-Lamp-42';

async function generatorFlow(page: Page, baseUrl: string, i: number) {
  await page.goto(`${baseUrl}/generate`);
  await page.getByRole('heading', { name: 'Generate Images' }).waitFor();
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).pressSequentially(`a red lighthouse ${i}`);
  await page.getByLabel('Base model').click();
  await page.getByRole('option', { name: /FLUX\.1 Schnell/ }).click();
  await page.getByRole('radio', { name: /Portrait/ }).click();
  // one small image a run: the welcome tokens pay for five
  const hd = page.getByRole('switch', { name: 'HD (double resolution)' });
  if ((await hd.getAttribute('aria-checked')) === 'true') await hd.click();
  await page.getByLabel('Number of images').fill('1');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await page.getByText('Images generated').first().waitFor({ timeout: 120_000 });
}

async function galleryFlow(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/gallery`);
  const tiles = page.getByRole('list', { name: 'Your images' }).locator('li');
  await tiles.first().waitFor();
  await page.getByRole('textbox', { name: 'Search by prompt' }).pressSequentially('lighthouse');
  await tiles.first().waitFor();
  await tiles
    .first()
    .getByRole('button', { name: /Open image/ })
    .click();
  await page.getByText(/^1 \/ \d+$/).waitFor();
  await page.keyboard.press('ArrowRight');
  await page.getByText(/^2 \/ \d+$/).waitFor();
  await page.keyboard.press('Escape');
}

export async function run(opts: { runs?: number } = {}): Promise<Record<string, number | string>> {
  const runs = opts.runs ?? Number(process.env.INP_RUNS ?? 12);
  const server = await startServer({ LOG_LEVEL: 'warn', VITALS_SAMPLE_RATE: '1' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const res = await context.request.post(`${server.url}/api/auth/register`, {
      data: { username: 'inp_user', email: 'inp_user@example.com', password: PASSWORD },
    });
    if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
    const userId = ((await res.json()) as { user: { id: string } }).user.id;
    const admin = await browser.newContext();
    const login = await admin.request.post(`${server.url}/api/auth/login`, { data: server.admin });
    if (!login.ok()) throw new Error(`admin login failed: ${login.status()}`);
    // the welcome tokens do not pay for every run's image
    const topUp = await admin.request.post(`${server.url}/api/admin/users/update-balance`, {
      data: { userId, tokenBalance: 10_000 },
    });
    if (!topUp.ok()) throw new Error(`top-up failed: ${topUp.status()} ${await topUp.text()}`);
    const out: Record<string, number | string> = {};
    let pass = true;
    const flows: [string, string, (page: Page, i: number) => Promise<void>][] = [
      ['generator', '/generate', (page, i) => generatorFlow(page, server.url, i)],
      ['gallery', '/gallery', (page) => galleryFlow(page, server.url)],
    ];
    // INP as the product's real-user pipeline records it: each visit's beacon reaches POST /api/vitals
    // as the page hides, and the admin's p75 per route is read back. (The page's own request events
    // miss a beacon sent while it unloads: tests/e2e/inp.test.ts reads /metrics for the same reason.)
    const inpOf = async (route: string) => {
      const res = await admin.request.get(`${server.url}/api/admin/vitals?hours=1`);
      const { vitals } = (await res.json()) as {
        vitals: { route: string; name: string; p75: number; samples: number }[];
      };
      return vitals.find((v) => v.route === route && v.name === 'INP');
    };
    for (const [name, route, flow] of flows) {
      for (let i = 0; i < runs; i++) {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        if (DETAIL) await page.addInitScript(recordInteractions);
        await flow(page, i);
        if (DETAIL) {
          const seen = (await page.evaluate('window.__interactions')) as { duration: number }[];
          const worst = seen.sort((a, b) => b.duration - a.duration).slice(0, 6);
          console.log(`  ${name} visit ${i + 1}:`, worst);
        }
        // hiding the page sends its INP (the worst interaction of the visit, as the field measures it);
        // the tab stays open until the server has it: headless Chromium dropped the beacon of a tab
        // closed right after it left (one visit in three or four, sendBeacon having answered true)
        const before = (await inpOf(route))?.samples ?? 0;
        await page.goto('about:blank');
        for (let t = 0; t < 40 && ((await inpOf(route))?.samples ?? 0) <= before; t++)
          await new Promise((r) => setTimeout(r, 250));
        await page.close();
      }
      // a visit whose worst interaction grew after a first flush sends two samples
      const found = await inpOf(route);
      // a visit whose every interaction stayed under the library's 40 ms floor sends no INP
      const figure = Math.round(found?.p75 ?? 40);
      const met = figure <= GOAL_MS;
      pass &&= met;
      console.log(
        `  ${name.padEnd(10)} INP p75 ${figure} ms (≤${GOAL_MS} ${met ? 'met' : 'MISSED'})  [${found?.samples ?? 0} samples from ${runs} visits]`,
      );
      out[`${name} INP p75 (ms, 4× CPU)`] = `${figure} (≤${GOAL_MS}: ${met ? 'met' : 'MISSED'})`;
      out[`${name} INP samples`] = `${found?.samples ?? 0} from ${runs} visits`;
    }
    await admin.close();
    out['runs per flow'] = runs;
    out['all goals met'] = pass ? 'yes' : 'no';
    return out;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const root = path.resolve(import.meta.dirname, '..');
  const { ensureWebBuild } = await import(pathToFileURL(path.join(root, 'scripts/start.mjs')).href);
  ensureWebBuild();
  console.log(await run());
  process.exit(0);
}
