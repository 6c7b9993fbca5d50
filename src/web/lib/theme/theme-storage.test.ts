import { afterEach, describe, expect, it, vi } from 'vitest';
import { STANDARD_THEME } from './site-theme';
import { readStoredSiteTheme, storeSiteTheme } from './theme-storage';

describe('storeSiteTheme', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('writes the theme once, not again on every load that stores the same one', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const theme = { ...STANDARD_THEME, primaryColor: '#123456' };
    storeSiteTheme(theme);
    expect(setItem).toHaveBeenCalledTimes(3);
    storeSiteTheme(theme);
    expect(setItem).toHaveBeenCalledTimes(3);
    expect(readStoredSiteTheme().primaryColor).toBe('#123456');
    storeSiteTheme({ ...theme, primaryColor: '#654321' });
    // the backup and the primary colour changed; the accent did not
    expect(setItem).toHaveBeenCalledTimes(5);
    expect(readStoredSiteTheme().primaryColor).toBe('#654321');
  });
});
