import { describe, expect, it } from 'vitest';
import { logIn, openBrowser, signUp } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { VITALS_ARMED_MARK } from '../../src/web/lib/web-vitals';

// Real-user Web Vitals end to end (docs/decisions/057-web-vitals.md): the browser's beacons reach the
// server under the page's route pattern, and show on /metrics and on the admin's System tab. Functional
// only: how fast the pages are (INP at 4× CPU) is measured by `npm run bench inp`, not asserted here.
const e2e = useServerAndBrowser();

describe('Web Vitals from the browser', () => {
  it('a visit to the generator sends its vitals under /generate; the admin sees them on /metrics and the System tab', async () => {
    const { page } = e2e.browser;
    await signUp(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/generate`);
    await page.getByRole('heading', { name: 'Generate Images' }).waitFor();
    // the reporter loads after the page (its config read and its library's chunk): leaving before it
    // has its listeners would send nothing, so wait for its mark (src/web/lib/web-vitals.ts)
    await expect
      .poll(() => page.evaluate((mark) => performance.getEntriesByName(mark).length, VITALS_ARMED_MARK))
      .toBe(1);
    // the browser stops looking for the largest paint at the first key press: wait until it has one
    // (the generator's largest text comes with its data), as a person reads the page before typing
    await page.evaluate(
      () =>
        new Promise<void>((painted) =>
          new PerformanceObserver(() => painted()).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          }),
        ),
    );
    // a key press settles LCP; TTFB, FCP and LCP each leave as soon as they are final, so the page is
    // still open when the server has them (what leaves as the page unloads, INP and CLS, the browser's
    // request events do not report reliably; that a beacon carries only its four fields is tested in
    // src/web/lib/web-vitals.test.ts)
    await page.getByRole('textbox', { name: 'Prompt', exact: true }).pressSequentially('a lighthouse');

    const admin = await openBrowser();
    try {
      await logIn(admin.page, e2e.server.url, e2e.server.admin.username, e2e.server.admin.password);
      const metrics = async () => (await admin.page.request.get(`${e2e.server.url}/metrics`)).text();
      for (const family of ['fcp_seconds', 'lcp_seconds', 'ttfb_seconds'])
        await expect
          .poll(metrics)
          .toMatch(new RegExp(`^lora_web_vitals_${family}_count\\{route="/generate"\\} [1-9]\\d*$`, 'm'));
      await admin.page.goto(`${e2e.server.url}/admin`);
      await admin.page.getByRole('tab', { name: 'System' }).click();
      const row = admin.page.getByTestId('vitals-/generate');
      await row.waitFor();
      // FCP, the last column: a figure with its rating and its samples
      const fcp = row.getByRole('cell').nth(5);
      await expect
        .poll(() => fcp.textContent())
        .toMatch(/^\d+(\.\d)? m?s (good|needs improvement|poor)\d+ samples?$/);
    } finally {
      await admin.close();
    }
  });
});
