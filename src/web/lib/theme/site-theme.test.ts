import { afterEach, describe, expect, it, vi } from 'vitest';
import { applySiteTheme, STANDARD_THEME } from './site-theme';

describe('applySiteTheme', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.documentElement.removeAttribute('style');
  });

  it('writes a theme once, again when it changes, and again when the variables were wiped', () => {
    const root = document.documentElement;
    const setProperty = vi.spyOn(root.style, 'setProperty');
    applySiteTheme(STANDARD_THEME);
    const writes = setProperty.mock.calls.length;
    expect(writes).toBeGreaterThan(0);
    const [name, value] = setProperty.mock.calls[0]!;
    expect(root.style.getPropertyValue(name)).toBe(value);

    applySiteTheme({ ...STANDARD_THEME });
    expect(setProperty).toHaveBeenCalledTimes(writes);

    applySiteTheme({ ...STANDARD_THEME, primaryColor: '#123456' });
    expect(setProperty).toHaveBeenCalledTimes(writes * 2);

    root.removeAttribute('style');
    applySiteTheme({ ...STANDARD_THEME, primaryColor: '#123456' });
    expect(setProperty).toHaveBeenCalledTimes(writes * 3);
    expect(root.dataset.profile).toBe(STANDARD_THEME.profileId);
  });
});
