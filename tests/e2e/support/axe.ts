import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let source: Promise<string> | null = null;

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * Runs axe-core in the page (injected from node_modules) and answers the serious and critical violations (WCAG A/AA rules and
 * axe's best practices), each with the selectors of the offending nodes so a failure says where.
 * `alsoRules` adds rules of lesser impact the caller holds to as well (e.g. heading-order).
 */
export async function seriousViolations(page: Page, alsoRules: string[] = []): Promise<AxeViolation[]> {
  source ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const script = await source;
  // evaluated through the DevTools protocol: the app's CSP (script-src 'self') refuses an inline <script>
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${script}\n;true`);
  // animations (toasts, dialogs fading in, colours easing into the dark theme) must be done before
  // colours are measured: their `finished` (a spinner's endless one never is). A transition that a second
  // style change replaces is cancelled, and its `finished` rejects at once while its successor runs: so
  // wait again until none is left running (a theme switch mid-transition failed the packs spec once).
  await page.evaluate(async () => {
    for (let round = 0; round < 20; round += 1) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    const out = await axe.run(document, { resultTypes: ['violations'] });
    return out.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  });
  return results.filter((v) => v.impact === 'serious' || v.impact === 'critical' || alsoRules.includes(v.id));
}

/** Sets the app's own light/dark choice (cookie + local storage, as the theme toggle does) and reloads. */
export async function setThemeMode(page: Page, mode: 'light' | 'dark') {
  await page.evaluate((m) => {
    document.cookie = `theme=${m}; Max-Age=86400; Path=/; SameSite=Lax`;
    localStorage.setItem('theme', m);
  }, mode);
  await page.emulateMedia({ colorScheme: mode });
  await page.reload();
}
