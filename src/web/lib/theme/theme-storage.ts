import { THEME_COOKIE_DAYS } from '@shared/constants';
import { isColor, parseStoredTheme, STANDARD_THEME, type SiteTheme } from './site-theme';

export type ThemeMode = 'light' | 'dark';
export type ThemePreference = ThemeMode | 'system';

const MODE_KEY = 'theme';
const BACKUP_KEY = 'theme-backup';
const PRIMARY_KEY = 'theme-primary-color';
const ACCENT_KEY = 'theme-accent-color';

function safeLocalGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeLocalSet(key: string, value: string | null): void {
  try {
    if (value == null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage may be disabled; the cookie still carries the mode.
  }
}

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

/** Spec part 1 §4: cookie first, then local storage, else follow the system. */
export function readStoredMode(): ThemeMode | null {
  const fromCookie = readCookie(MODE_KEY);
  if (isMode(fromCookie)) return fromCookie;
  const fromStorage = safeLocalGet(MODE_KEY);
  return isMode(fromStorage) ? fromStorage : null;
}

/** Stores light/dark in both places for 30 days; "system" clears them so the OS decides. */
export function storeMode(preference: ThemePreference): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  if (preference === 'system') {
    document.cookie = `${MODE_KEY}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
    safeLocalSet(MODE_KEY, null);
    return;
  }
  const maxAge = THEME_COOKIE_DAYS * 24 * 60 * 60;
  document.cookie = `${MODE_KEY}=${preference}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
  safeLocalSet(MODE_KEY, preference);
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

/** Spec part 1 §4 fallbacks after the server: backup, then stored colours, then the standard theme. */
export function readStoredSiteTheme(): SiteTheme {
  const backup = parseStoredTheme(safeLocalGet(BACKUP_KEY));
  if (backup) return backup;
  const primary = safeLocalGet(PRIMARY_KEY);
  const accent = safeLocalGet(ACCENT_KEY);
  return {
    ...STANDARD_THEME,
    primaryColor: isColor(primary) ? primary : STANDARD_THEME.primaryColor,
    accentColor: isColor(accent) ? accent : STANDARD_THEME.accentColor,
  };
}

export function storeSiteTheme(theme: SiteTheme): void {
  safeLocalSet(BACKUP_KEY, JSON.stringify(theme));
  safeLocalSet(PRIMARY_KEY, theme.primaryColor);
  safeLocalSet(ACCENT_KEY, theme.accentColor);
}

export function applyMode(mode: ThemeMode, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', mode === 'dark');
  root.style.colorScheme = mode;
}
