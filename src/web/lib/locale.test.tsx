import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { prerender } from 'react-dom/static';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { setBrowserLanguages } from '@web/testing/browser-languages';
import { formatDateTime, formatMoney, formatNumber } from './format';
import { noteLocation, startHydrating } from './hydration';
import { currentLocale, PAGE_LOCALE } from './locale';

// What a public page would show if it held a date or an amount: it must hydrate without a mismatch in
// any browser language (docs/decisions/054-frontend-performance.md).
const moment = new Date(2026, 11, 4, 15, 21);
function Figures() {
  return <p>{`${formatDateTime(moment)} · ${formatMoney(123456)} · ${formatNumber(1234567)}`}</p>;
}
const EN_US = 'Dec 4, 2026, 03:21 PM · $1,234.56 · 1,234,567';

let root: Root | undefined;
let restore: (() => void) | undefined;
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => root?.unmount());
  root = undefined;
  restore?.();
  restore = undefined;
  noteLocation('/elsewhere'); // the page is left: nothing is hydrating
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the locale of a page', () => {
  it('is the page’s own on the server, whatever the machine speaks', () => {
    restore = setBrowserLanguages(['ja-JP']);
    vi.stubGlobal('document', undefined);
    const locale = currentLocale();
    vi.unstubAllGlobals();
    expect(locale).toBe(PAGE_LOCALE);
  });

  it.each([['de-DE'], ['ja-JP']])(
    'hydrates server HTML without a mismatch in a browser set to %s',
    async (locale) => {
      restore = setBrowserLanguages([locale]);
      // the page as the server wrote it, then taken over as main.tsx does (lib/hydration.ts startHydrating)
      window.history.replaceState(null, '', '/public-page');
      startHydrating();
      const { prelude } = await prerender(<Figures />);
      const html = await new Response(prelude).text();
      expect(html).toContain(EN_US);
      document.body.innerHTML = `<div id="root">${html}</div>`;
      const container = document.getElementById('root')!;
      const errors: unknown[] = [];
      vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      await act(async () => {
        root = hydrateRoot(container, <Figures />, { onRecoverableError: (error) => errors.push(error) });
      });
      expect(errors).toEqual([]);
      expect(container.textContent).toBe(EN_US);
    },
  );

  it.each([
    ['de-DE', '4. Dez. 2026, 15:21 · 1.234,56\u00a0$ · 1.234.567'],
    ['ja-JP', '2026年12月4日 15:21 · $1,234.56 · 1,234,567'],
  ])('is the visitor’s on a page the browser draws (%s)', async (locale, text) => {
    restore = setBrowserLanguages([locale]);
    document.body.innerHTML = '<div id="root"></div>';
    const container = document.getElementById('root')!;
    await act(async () => {
      root = createRoot(container);
      root.render(<Figures />);
    });
    expect(container.textContent).toBe(text);
  });
});
