// The person's own light/dark choice (docs/product/spec-part-1.md §4: a cookie and local storage, 30
// days; no choice = follow the system). Imports nothing, so the landing page's small script
// (landing-islands.ts) can use it without the app's shared chunk.

export type ThemeMode = 'light' | 'dark';
export type ThemePreference = ThemeMode | 'system';

// the cookie's name is the server's too (shared/theme-css.ts THEME_MODE_COOKIE)
const MODE_KEY = 'theme';
const MODE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function isMode(value: string | null): value is ThemeMode {
  return value === 'light' || value === 'dark';
}

function localGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The choice the server read from this request's cookie and wrote on <html data-mode>: a mode, null for
 * none ("system"), undefined where no server wrote it (the development server). No round trip.
 */
export function readServedMode(): ThemeMode | null | undefined {
  const served = typeof document === 'undefined' ? undefined : document.documentElement.dataset.mode;
  if (served === undefined) return undefined;
  return isMode(served) ? served : null;
}

/**
 * Spec part 1 §4: cookie first, then local storage, else follow the system. The server read the cookie
 * and wrote what it found on <html data-mode> (http/pages.ts: "system" for none), so the page need not
 * ask the browser process for it again; without that attribute (the development server) the cookie is
 * read here. A choice found only in local storage (its cookie expired or was cleared) is written back to
 * the cookie, so the server draws the next page in it from the first paint.
 */
export function readStoredMode(): ThemeMode | null {
  const served = readServedMode();
  if (served) return served;
  if (served === undefined) {
    const fromCookie = readCookie(MODE_KEY);
    if (isMode(fromCookie)) return fromCookie;
  }
  const fromStorage = localGet(MODE_KEY);
  if (!isMode(fromStorage)) return null;
  writeCookie(fromStorage);
  return fromStorage;
}

function writeCookie(preference: ThemePreference): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  const value = preference === 'system' ? '' : preference;
  const maxAge = preference === 'system' ? 0 : MODE_MAX_AGE_SECONDS;
  document.cookie = `${MODE_KEY}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
  // what the server would write on <html> for this cookie, for the next readStoredMode of this page
  document.documentElement.dataset.mode = preference;
}

/** Stores light/dark in both places for 30 days; "system" clears them so the OS decides. */
export function storeMode(preference: ThemePreference): void {
  writeCookie(preference);
  try {
    if (preference === 'system') localStorage.removeItem(MODE_KEY);
    else localStorage.setItem(MODE_KEY, preference);
  } catch {
    // Storage may be disabled; the cookie still carries the mode.
  }
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

export function applyMode(mode: ThemeMode, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', mode === 'dark');
  root.style.colorScheme = mode;
}
