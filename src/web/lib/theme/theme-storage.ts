import { isColor, parseStoredTheme, STANDARD_THEME, type AppliedTheme } from './site-theme';

export {
  applyMode,
  readServedMode,
  readStoredMode,
  storeMode,
  systemPrefersDark,
  type ThemeMode,
  type ThemePreference,
} from './theme-mode';

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
    // every load stores the same theme again: a write is sent to the browser process (and to other
    // tabs as a storage event), a read of the renderer's copy is not
    if (localStorage.getItem(key) === value) return;
    if (value == null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage may be disabled; the cookie still carries the mode.
  }
}

/** Spec part 1 §4 fallbacks after the server: backup, then stored colours, then the standard theme. */
export function readStoredSiteTheme(): AppliedTheme {
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

export function storeSiteTheme(theme: AppliedTheme): void {
  safeLocalSet(BACKUP_KEY, JSON.stringify(theme));
  safeLocalSet(PRIMARY_KEY, theme.primaryColor);
  safeLocalSet(ACCENT_KEY, theme.accentColor);
}
