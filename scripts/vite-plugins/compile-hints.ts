import type { Plugin } from 'vite';

/** V8's per-file compile hint (WICG explicit-javascript-compile-hints-file-based). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts V8's per-file compile hint at the top of every chunk of the browser build: Chromium then
 * compiles a chunk's functions while it streams the file, off the main thread, instead of one by one
 * on the main thread when each is first called (a select's first opening, a page's first render).
 * Only the chunks a page loads are compiled; other browsers ignore the comment. The hint counts only
 * as a file's first line, so it goes in after Vite's own additions (its preload map opens the entry
 * chunk) and after minification, which drops comments. Measured in
 * docs/decisions/054-frontend-performance.md.
 */
export function compileHints(): Plugin {
  return {
    name: 'lora:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && !file.code.startsWith(COMPILE_HINT)) {
            file.code = `${COMPILE_HINT}\n${file.code}`;
          }
        }
      },
    },
  };
}
