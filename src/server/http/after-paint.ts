import { createHash } from 'node:crypto';

/**
 * A pre-rendered page (login, register, the legal pages …) is whole without its scripts: React drew it
 * at build time and its buttons wait, disabled, for hydration. Its scripts still download beside the
 * HTML (the build's and the route's modulepreload links stay), but the app is *run* only once the page
 * has painted. Run as the HTML's entry script, it raced the paint: when the scripts arrived first,
 * Chromium evaluated the app before it painted, and the page showed later by that evaluation
 * (docs/decisions/054-frontend-performance.md). So the entry script is replaced by this constant
 * module, which imports the entry once the browser reports the paint (a paint entry:
 * `requestAnimationFrame` and a task came ~20 ms before Chromium's reported first paint). A hidden tab
 * paints nothing, and a browser with no paint entries tells nothing: neither waits. Nor does any page for
 * more than two seconds: its buttons wait for the app, and a paint entry that never came must not leave
 * them dead.
 *
 * Not asking for the scripts until the paint, as this did at first, scored better in Lighthouse's
 * simulation and made the page ready ~120–175 ms later on a slow network (bench/page-load.ts).
 *
 * The script is constant, so the Content-Security-Policy allows it by its hash (app.ts); the entry it
 * imports is written beside it as JSON.
 */
export const AFTER_PAINT_SCRIPT = [
  "const entry = JSON.parse(document.getElementById('app-entry').textContent);",
  'let started = false;',
  'const load = () => {',
  '  if (started) return;',
  '  started = true;',
  '  import(entry);',
  '};',
  "if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) load();",
  'else {',
  '  new PerformanceObserver((_, observer) => {',
  '    observer.disconnect();',
  '    load();',
  "  }).observe({ type: 'paint', buffered: true });",
  '  setTimeout(load, 2000);',
  '}',
].join('\n');

export const AFTER_PAINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`;

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The pre-rendered page's HTML with the build's entry script replaced by a modulepreload of the entry,
 * its URL and the script above. A page with no entry script of the build is returned as it was.
 */
export function runAppAfterPaint(html: string): string {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry) return html;
  const json = JSON.stringify(entry).replace(/</g, '\\u003c');
  // the entry downloads with the rest; only running it waits
  return html.replace(
    ENTRY,
    `<link rel="modulepreload" crossorigin href="${entry}">\n` +
      `    <script type="application/json" id="app-entry">${json}</script>\n` +
      `    <script type="module">${AFTER_PAINT_SCRIPT}</script>`,
  );
}
