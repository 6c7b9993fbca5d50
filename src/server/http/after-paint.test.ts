import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_SCRIPT } from './after-paint';

/**
 * Runs the loader as the browser would, with what it reads of the page stood in for: the chunk list,
 * the paint observer (its callback is handed back to the test) and a timer the test fires itself.
 */
function runLoader({ hidden = false, paintEntries = true } = {}) {
  const imported: string[] = [];
  let paint: (() => void) | undefined;
  let timer: (() => void) | undefined;
  class PerformanceObserver {
    static supportedEntryTypes = paintEntries ? ['paint', 'navigation'] : ['navigation'];
    constructor(private readonly callback: (list: unknown, observer: PerformanceObserver) => void) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      paint = () => this.callback({}, this);
    }
    disconnect() {
      paint = undefined;
    }
  }
  const document = {
    visibilityState: hidden ? 'hidden' : 'visible',
    getElementById: (id: string) => (id === 'app-entry' ? { textContent: '"/assets/main-1.js"' } : null),
  };
  // `import()` is not allowed in a vm script without a loader; the loader's one call is rewritten
  const source = AFTER_PAINT_SCRIPT.replace('import(entry)', '__import(entry)');
  expect(source).not.toBe(AFTER_PAINT_SCRIPT);
  runInNewContext(source, {
    document,
    PerformanceObserver,
    setTimeout: (fn: () => void, ms: number) => {
      expect(ms).toBe(2000);
      timer = fn;
    },
    __import: (url: string) => imported.push(url),
  });
  return { imported, paint: () => paint?.(), timer: () => timer?.() };
}

describe('the pre-rendered pages’ loader (after-paint.ts)', () => {
  it('runs the app once the page has painted, and only once', () => {
    const page = runLoader();
    expect(page.imported).toEqual([]);
    page.paint();
    expect(page.imported).toEqual(['/assets/main-1.js']);
    // the fallback timer that follows does nothing more
    page.timer();
    expect(page.imported).toEqual(['/assets/main-1.js']);
  });

  it('loads the app after two seconds when no paint entry comes', () => {
    const page = runLoader();
    page.timer();
    expect(page.imported).toEqual(['/assets/main-1.js']);
  });

  it('loads at once in a hidden tab, or in a browser without paint entries', () => {
    expect(runLoader({ hidden: true }).imported).toEqual(['/assets/main-1.js']);
    expect(runLoader({ paintEntries: false }).imported).toEqual(['/assets/main-1.js']);
  });
});
