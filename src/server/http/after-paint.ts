import { createHash } from 'node:crypto';

/**
 * A pre-rendered page (login, register, the legal pages …) is whole without its scripts: React drew it
 * at build time and its only button waits, disabled, for hydration. So its scripts are asked for after
 * the page's first paint instead of beside the HTML. Beside the HTML they raced the paint: when they
 * arrived first, Chromium evaluated the app before it painted, and on a slow phone the page showed
 * later by that evaluation (Lighthouse: `/login` LCP ~2.6 s in those loads, ~1.2 s in the others;
 * docs/decisions/054-frontend-performance.md). The page's chunks are still asked for all at once (a
 * modulepreload each), once the browser reports the paint (a paint entry: `requestAnimationFrame` and a
 * task came ~20 ms before Chromium's reported first paint). A hidden tab paints nothing, and a browser
 * with no paint entries tells nothing: neither waits. Nor does any page for more than two seconds: its
 * buttons wait for the app, and a paint entry that never came must not leave them dead.
 *
 * The script is constant, so the Content-Security-Policy allows it by its hash (app.ts); the chunks it
 * loads are written beside it as JSON, the app's entry first.
 */
export const AFTER_PAINT_SCRIPT = [
  "const chunks = JSON.parse(document.getElementById('app-chunks').textContent);",
  'let started = false;',
  'const load = () => {',
  '  if (started) return;',
  '  started = true;',
  '  for (const href of chunks.slice(1)) {',
  "    const link = document.createElement('link');",
  "    link.rel = 'modulepreload';",
  "    link.crossOrigin = '';",
  '    link.href = href;',
  '    document.head.append(link);',
  '  }',
  '  import(chunks[0]);',
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

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The pre-rendered page's HTML with the build's entry script and modulepreload links taken out of its
 * head, and in their place the script above with the entry, those links and `chunks` (the route's own,
 * from route-preloads.json). A page with no entry script is returned as it was.
 */
export function loadScriptsAfterPaint(html: string, chunks: readonly string[]): string {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]!);
  const all = [...new Set([entry, ...preloads, ...chunks])];
  const json = JSON.stringify(all).replace(/</g, '\\u003c');
  return html
    .replace(ENTRY, '')
    .replace(PRELOAD, '')
    .replace(
      '</head>',
      `  <script type="application/json" id="app-chunks">${json}</script>\n` +
        `    <script type="module">${AFTER_PAINT_SCRIPT}</script>\n  </head>`,
    );
}
