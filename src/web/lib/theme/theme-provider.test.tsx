import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createTestQueryClient, mockFetch } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { resolveThemeMode } from '@shared/theme-css';
import { THEME_AUTOSAVE_MS } from '@shared/constants';
import { readableForeground, themeFromResponse } from './site-theme';
import { useSiteTheme, useTheme } from './theme-context';
import { ThemeProvider } from './theme-provider';
import { readStoredMode, readStoredSiteTheme } from './theme-storage';
import { INLINE_THEME_ID } from '@web/lib/hydration';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

const root = document.documentElement;

let site: ReturnType<typeof useSiteTheme> | null = null;
let mode: ReturnType<typeof useTheme> | null = null;
function Probe() {
  site = useSiteTheme();
  mode = useTheme();
  return <span data-testid="primary">{site.theme.primaryColor}</span>;
}

function renderProvider(admin = false) {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser({ isAdmin: admin }) });
  render(
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <Probe />
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    clearCookies();
    root.className = '';
    root.removeAttribute('style');
    root.removeAttribute('data-mode');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('restores the personal mode from the cookie before local storage', () => {
    localStorage.setItem('theme', 'light');
    document.cookie = 'theme=dark; Path=/';
    expect(readStoredMode()).toBe('dark');
    clearCookies();
    expect(readStoredMode()).toBe('light');
    // written back to the cookie, so the server draws the next page in it from the first paint
    expect(document.cookie).toContain('theme=light');
    clearCookies();
    root.removeAttribute('data-mode');
    localStorage.clear();
    expect(readStoredMode()).toBeNull();
  });

  it('takes the mode the server read from the cookie, and does not read the cookie when it read none', () => {
    document.cookie = 'theme=dark; Path=/';
    // http/pages.ts writes what the request's cookie said
    root.dataset.mode = 'light';
    expect(readStoredMode()).toBe('light');
    // "system": the request carried no choice, so only local storage is left to ask
    root.dataset.mode = 'system';
    expect(readStoredMode()).toBeNull();
    localStorage.setItem('theme', 'dark');
    expect(readStoredMode()).toBe('dark');
    expect(root.dataset.mode).toBe('dark');
  });

  it('falls back from the backup to the stored colours to the standard defaults', () => {
    expect(readStoredSiteTheme().primaryColor).toBe('#00beab');
    expect(readStoredSiteTheme().accentColor).toBe('#5662f6');
    expect(readStoredSiteTheme().radius).toBe(0.75);
    localStorage.setItem('theme-primary-color', '#123456');
    expect(readStoredSiteTheme().primaryColor).toBe('#123456');
    localStorage.setItem(
      'theme-backup',
      JSON.stringify({ ...readStoredSiteTheme(), primaryColor: 'oklch(0.6 0.2 30)' }),
    );
    expect(readStoredSiteTheme().primaryColor).toBe('oklch(0.6 0.2 30)');
    // Anything that is not a plain colour never reaches a CSS variable.
    localStorage.setItem('theme-backup', JSON.stringify({ primaryColor: 'red;}body{display:none' }));
    expect(readStoredSiteTheme().primaryColor).toBe('#00beab');
  });

  it("reads the server's active profile and top-level overrides", () => {
    const theme = themeFromResponse({
      success: true,
      theme: { primary: '#ff0000', appearance: 'dark', variant: 'tint', radius: 0.5 },
      enhancedTheme: { activeProfile: 'adult' },
    });
    expect(theme).toMatchObject({
      profileId: 'adult',
      primaryColor: '#ff0000',
      accentColor: '#9c27b0',
      radius: 0.5,
    });
    expect(theme.features.nsfwEnabled).toBe(true);
  });

  it('picks a readable text colour for the primary', () => {
    expect(readableForeground('#000000')).toBe('#ffffff');
    expect(readableForeground('#ffffff')).not.toBe('#ffffff');
    expect(readableForeground('oklch(0.95 0.05 100)')).not.toBe('#ffffff');
  });

  it('applies the server theme as CSS variables', async () => {
    mockFetch({
      'GET /api/theme': {
        body: {
          success: true,
          theme: { primary: '#ff9800', appearance: 'light', variant: 'vibrant', radius: 1 },
          enhancedTheme: { activeProfile: 'token' },
        },
      },
    });
    renderProvider();
    await waitFor(() => expect(screen.getByTestId('primary').textContent).toBe('#ff9800'));
    // the variables are written in an effect, which may run after the commit that drew the text
    await waitFor(() => expect(root.style.getPropertyValue('--primary')).toBe('#ff9800'));
    expect(root.style.getPropertyValue('--accent')).toBe('#f44336');
    expect(root.style.getPropertyValue('--radius')).toBe('1rem');
    expect(root.dataset.variant).toBe('vibrant');
    // the backup is written once the page is idle
    await waitFor(
      () => expect(JSON.parse(localStorage.getItem('theme-backup') ?? '{}').primaryColor).toBe('#ff9800'),
      { timeout: 3000 },
    );
  });

  it('honours the OS dark setting with no choice of their own, live, and "System" hands it back', async () => {
    let listener: ((event: MediaQueryListEvent) => void) | undefined;
    const media = { matches: true };
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      get matches() {
        return media.matches;
      },
      media: query,
      addEventListener: (_: string, fn: (event: MediaQueryListEvent) => void) => (listener = fn),
      removeEventListener: () => (listener = undefined),
    })) as unknown as typeof window.matchMedia;
    try {
      // the standard profile is "light"; a visitor whose OS prefers dark still gets dark (issue 23)
      mockFetch({});
      renderProvider();
      expect(root.classList.contains('dark')).toBe(true);
      expect(mode!.preference).toBe('system');
      media.matches = false;
      act(() => listener?.({ matches: false } as MediaQueryListEvent));
      expect(root.classList.contains('dark')).toBe(false);
      act(() => mode!.setPreference('dark'));
      expect(root.classList.contains('dark')).toBe(true);
      act(() => mode!.setPreference('system'));
      expect(root.classList.contains('dark')).toBe(false);
      expect(document.cookie).not.toContain('theme=');
    } finally {
      window.matchMedia = original;
    }
  });

  it('keeps a dark-only profile dark for someone with no choice', () => {
    expect(resolveThemeMode('system', 'dark', false)).toBe('dark');
    expect(resolveThemeMode('system', 'light', true)).toBe('dark');
    expect(resolveThemeMode('light', 'dark', true)).toBe('light');
  });

  it('stores a light/dark choice in the cookie and local storage', async () => {
    mockFetch({});
    renderProvider();
    act(() => mode!.setPreference('dark'));
    expect(root.classList.contains('dark')).toBe(true);
    expect(document.cookie).toContain('theme=dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    act(() => mode!.toggleMode());
    expect(root.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('starts from the mode the server read, and asks local storage only when it read none', async () => {
    mockFetch({});
    localStorage.setItem('theme', 'dark');
    // the request carried "light": local storage is not asked
    root.dataset.mode = 'light';
    renderProvider();
    await waitFor(() => expect(mode!.preference).toBe('light'));
    // React's queue drained (the effects and the transition after the start): still the server's mode
    await act(async () => {});
    expect(mode!.preference).toBe('light');
    cleanup();
    // no cookie: the choice kept in local storage is restored after the start, and the cookie healed
    root.dataset.mode = 'system';
    renderProvider();
    await waitFor(() => expect(mode!.preference).toBe('dark'));
    // the class and the cookie follow the preference in an effect of their own (a busy machine has run
    // this assertion between the two)
    await waitFor(() => expect(root.classList.contains('dark')).toBe(true));
    expect(document.cookie).toContain('theme=dark');
  });

  it('draws the inlined theme once: no update after mount while the page hydrates', async () => {
    // an update at the default priority in a mount effect makes React hydrate every part of a page
    // still waiting that the context reaches, synchronously
    // (docs/decisions/045-no-urgent-updates-while-hydrating.md)
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = INLINE_THEME_ID;
    script.textContent = JSON.stringify({
      success: true,
      theme: { primary: '#ff9800', appearance: 'light', variant: 'vibrant', radius: 1 },
      enhancedTheme: { activeProfile: 'token' },
    });
    document.body.append(script);
    try {
      const { calls } = mockFetch({});
      let renders = 0;
      function Counter() {
        useSiteTheme();
        useTheme();
        renders += 1;
        return null;
      }
      const client = createTestQueryClient();
      render(
        <QueryClientProvider client={client}>
          <ThemeProvider>
            <Counter />
          </ThemeProvider>
        </QueryClientProvider>,
      );
      // React's queue drained: the mount effects, any update they made and the fetches they began
      await act(async () => {});
      expect(root.style.getPropertyValue('--primary')).toBe('#ff9800');
      expect(calls.filter((c) => c.path === '/api/theme')).toEqual([]);
      expect(renders).toBe(1);
    } finally {
      script.remove();
    }
  });

  it('auto-saves an admin change after a second of quiet', async () => {
    // the clock is moved by hand, not waited out; it still runs on its own for the fetches
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = mockFetch({ 'POST /api/theme/update': { body: { success: true } } });
    renderProvider(true);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/theme')).toBe(true));
    act(() => site!.update({ primaryColor: '#2196f3' }));
    act(() => site!.toggleFeature('communityGallery'));
    expect(site!.isDirty).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(THEME_AUTOSAVE_MS / 2));
    expect(calls.some((c) => c.path === '/api/theme/update')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(THEME_AUTOSAVE_MS / 2));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/theme/update')).toHaveLength(1), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.path === '/api/theme/update')?.body).toMatchObject({
      primary: '#2196f3',
      primaryColor: '#2196f3',
      activeProfile: 'standard',
      features: { communityGallery: true },
    });
    await waitFor(() => expect(site!.isDirty).toBe(false));
  });

  it('reset returns to the standard theme and asks the server to reset', async () => {
    const { calls } = mockFetch({ 'POST /api/theme/update': { body: { success: true } } });
    renderProvider(true);
    act(() => site!.selectProfile('token'));
    act(() => site!.reset());
    expect(root.style.getPropertyValue('--primary')).toBe('#00beab');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/theme/update')).toHaveLength(1), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.path === '/api/theme/update')?.body).toMatchObject({
      reset: true,
      activeProfile: 'standard',
    });
  });

  it('never saves for someone who is not an admin', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = mockFetch({});
    renderProvider(false);
    act(() => site!.selectProfile('adult'));
    expect(root.style.getPropertyValue('--primary')).toBe('#d81b60');
    await act(() => vi.advanceTimersByTimeAsync(THEME_AUTOSAVE_MS * 2));
    expect(calls.some((c) => c.path === '/api/theme/update')).toBe(false);
  });
});
