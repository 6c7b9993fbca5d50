import { startTransition, useEffect, useState } from 'react';

// The path of the page React is taking over from the server's HTML, until the person leaves it. React
// hydrates that page's Suspense boundaries in passes after the first commit, so "hydration has
// committed" is no signal; leaving the page is (a new page renders from scratch).
let hydratingPath: string | undefined;

/** Before `hydrateRoot` (main.tsx): components mounted on this page start as the HTML. */
export function startHydrating(): void {
  if (typeof window !== 'undefined') hydratingPath = window.location.pathname;
}

/** The router, on each render: components of another page start hydrated. */
export function noteLocation(pathname: string): void {
  if (hydratingPath !== undefined && pathname !== hydratingPath) hydratingPath = undefined;
}

/**
 * True while the page on screen is the one React took over from the server's HTML (until the person
 * leaves it): what its components draw outside a render that reads `useHydrated()` must match that HTML.
 */
export function isHydrating(): boolean {
  return hydratingPath !== undefined;
}

/**
 * False while React hydrates a page the server sent as HTML (and while the server renders it), true
 * from the next render on, and always true for a page rendered in the browser from scratch. Anything
 * the server cannot know (the session, the person's light/dark choice, the time) reads this first, so
 * the first client render matches the HTML and the real value follows one render later.
 *
 * That later render is a transition: it yields to the browser like the hydration before it. (With
 * useSyncExternalStore React re-rendered every reader at once, synchronously: the longest task of
 * /login and /register after hydration, docs/decisions/035-load-on-use.md.)
 */
export function useHydrated(): boolean {
  const [done, setDone] = useState(() => typeof document !== 'undefined' && hydratingPath === undefined);
  useEffect(() => {
    if (!done) startTransition(() => setDone(true));
  }, [done]);
  return done;
}

/** The id of the JSON block the server writes with the current site theme (http/pages.ts). */
export const INLINE_THEME_ID = 'site-theme-data';

/** The site theme the server inlined into this page, if it did. */
export function readInlinedJson<T>(id: string): T | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** "guest" when the server read no session for this page load (http/pages.ts stamps <html data-session>). */
export function serverSaysGuest(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.session === 'guest';
}
