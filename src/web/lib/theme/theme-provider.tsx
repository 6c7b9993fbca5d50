import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/user';
import { THEME_AUTOSAVE_MS } from '@shared/constants';
import { siteApi } from '@shared/api/site';
import { apiQuery, call, keyOf } from '@web/lib/api-client';
import { USER_QUERY_KEY } from '@web/lib/query-client';
import { INLINE_THEME_ID, readInlinedJson, useHydrated } from '@web/lib/hydration';
import { resolveThemeMode } from '@shared/theme-css';
import {
  applySiteTheme,
  DEFAULT_PROFILES,
  profilesFromResponse,
  STANDARD_THEME,
  themeFromProfile,
  themeFromResponse,
  type AppliedTheme,
  type ThemeFeatureName,
  type ThemeProfileId,
  type ThemeResponse,
} from './site-theme';
import {
  SiteThemeContext,
  ThemeModeContext,
  type SiteThemeContextValue,
  type ThemeModeContextValue,
} from './theme-context';
import {
  applyMode,
  readServedMode,
  readStoredMode,
  readStoredSiteTheme,
  storeMode,
  storeSiteTheme,
  systemPrefersDark,
  type ThemeMode,
  type ThemePreference,
} from './theme-storage';

export const THEME_QUERY_KEY = keyOf(siteApi.theme);

function resolveMode(preference: ThemePreference, site: AppliedTheme, systemDark: boolean): ThemeMode {
  return resolveThemeMode(preference, site.appearance, systemDark);
}

/** The theme the server wrote into this page (http/pages.ts), newer than any stored copy. */
function inlinedTheme(): ThemeResponse | undefined {
  return readInlinedJson<ThemeResponse>(INLINE_THEME_ID);
}

function initialSiteTheme(): AppliedTheme {
  const inlined = inlinedTheme();
  return inlined ? themeFromResponse(inlined) : readStoredSiteTheme();
}

/**
 * Runs before React renders. The server already inlined the site theme and ran the mode script in the
 * page's head (shared/theme-css.ts), so this repeats the same values; it matters where no server wrote
 * them (the development server).
 */
export function bootstrapTheme(): void {
  const site = initialSiteTheme();
  applySiteTheme(site);
  applyMode(resolveMode(initialPreference(), site, systemPrefersDark()));
}

/**
 * The person's choice as the page starts: what the server read from their cookie (theme-mode.ts), with
 * no round trip to the browser process in the boot's tasks. Only without a served answer (the
 * development server) are the cookie and local storage read here. Local storage, the spec's second
 * place, is asked once the page is up (ThemeProvider).
 */
function initialPreference(): ThemePreference {
  const served = readServedMode();
  return served === undefined ? (readStoredMode() ?? 'system') : (served ?? 'system');
}

/** Runs `task` once the page is idle (at the latest after 5 s); returns its cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = setTimeout(task, 1000);
    return () => clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(task, { timeout: 5000 });
  return () => window.cancelIdleCallback(idle);
}

function sessionIsAdmin(data: unknown): boolean {
  const user = (data as { user?: PublicUser } | null | undefined)?.user;
  return Boolean(user?.isAdmin);
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [preference, setPreferenceState] = useState<ThemePreference>(initialPreference);
  const [systemDark, setSystemDark] = useState(systemPrefersDark);
  // what the first render read, until the OS listener below is first set up (then null)
  const systemDarkAtStart = useRef<boolean | null>(systemDark);
  const [site, setSite] = useState<AppliedTheme>(initialSiteTheme);
  const hydrated = useHydrated();
  const [isDirty, setDirty] = useState(false);
  const [isSaving, setSaving] = useState(false);

  // Refs hold the latest values for the debounced save, which outlives the render that scheduled it.
  const latest = useRef(site);
  const dirtyRef = useRef(false);
  // reset() asks the server to restore every profile, not just to store the standard values.
  const resetPending = useRef(false);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // the theme inlined in the page answers the first read: no request while the page loads
  const [inlined] = useState(inlinedTheme);
  const themeQuery = useQuery({ ...apiQuery(siteApi.theme), initialData: inlined });
  const profiles = useMemo(() => profilesFromResponse(themeQuery.data), [themeQuery.data]);

  useEffect(() => {
    if (themeQuery.error)
      console.warn('Could not load the site theme; using the stored copy.', themeQuery.error);
  }, [themeQuery.error]);

  // The server's theme wins, unless an admin has unsaved edits on screen.
  useEffect(() => {
    if (!themeQuery.data || dirtyRef.current) return;
    const next = themeFromResponse(themeQuery.data);
    latest.current = next;
    // The inlined theme is the one the first render drew. Setting it again in this effect would be an
    // update at the default priority while the page hydrates, and React hydrates at once, synchronously,
    // every part still waiting that the new context reaches (a 20–45 ms task on /login here;
    // docs/decisions/045-no-urgent-updates-while-hydrating.md).
    if (themeQuery.data !== inlined) setSite(next);
    // The backup is for a later load the server cannot answer, so it waits until the page is idle: the
    // first use of local storage is a synchronous round trip to the browser process (shared/theme-css.ts).
    return whenIdle(() => storeSiteTheme(next));
  }, [themeQuery.data, inlined]);

  useEffect(() => applySiteTheme(site), [site]);

  const mode = resolveMode(preference, site, systemDark);
  useEffect(() => applyMode(mode), [mode]);

  // Follow the OS live while it decides (docs/product/spec-part-1.md §4).
  const followsSystem = preference === 'system' && site.appearance !== 'dark';
  useEffect(() => {
    if (!followsSystem || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    // At the start, only a change since the first render: an update with the same value still costs a
    // render. Later (following the OS again after a choice), whatever the OS says now.
    const atStart = systemDarkAtStart.current;
    systemDarkAtStart.current = null;
    if (query.matches !== atStart) setSystemDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [followsSystem]);

  const save = useCallback(async () => {
    const theme = latest.current;
    storeSiteTheme(theme);
    // docs/product/decisions.md §2: only admins change the site theme; for anyone else the change stays local.
    if (!sessionIsAdmin(queryClient.getQueryData(USER_QUERY_KEY))) {
      resetPending.current = false;
      dirtyRef.current = false;
      setDirty(false);
      return;
    }
    setSaving(true);
    try {
      await call(siteApi.updateTheme, {
        body: {
          primary: theme.primaryColor,
          primaryColor: theme.primaryColor,
          appearance: theme.appearance,
          variant: theme.variant,
          radius: theme.radius,
          activeProfile: theme.profileId,
          features: theme.features,
          accentColor: theme.accentColor,
          ...(resetPending.current ? { reset: true } : {}),
        },
      });
      resetPending.current = false;
      if (latest.current === theme) {
        dirtyRef.current = false;
        setDirty(false);
      }
      await queryClient.invalidateQueries({ queryKey: THEME_QUERY_KEY });
    } catch (error) {
      // Spec part 1 §8: theme save errors are only logged.
      console.error('Saving the site theme failed', error);
    } finally {
      setSaving(false);
    }
  }, [queryClient]);

  const change = useCallback(
    (produce: (current: AppliedTheme) => AppliedTheme, isReset = false) => {
      resetPending.current = isReset;
      const next = produce(latest.current);
      latest.current = next;
      dirtyRef.current = true;
      setSite(next);
      setDirty(true);
      clearTimeout(saveTimer.current);
      saveTimer.current = setTimeout(() => void save(), THEME_AUTOSAVE_MS);
    },
    [save],
  );

  useEffect(() => () => clearTimeout(saveTimer.current), []);

  const siteValue = useMemo<SiteThemeContextValue>(
    () => ({
      theme: site,
      profiles,
      isDirty,
      isSaving,
      update: (partial) => change((current) => ({ ...current, ...partial })),
      selectProfile: (id: ThemeProfileId) =>
        change(() => themeFromProfile(id, profiles[id] ?? DEFAULT_PROFILES[id])),
      toggleFeature: (name: ThemeFeatureName) =>
        change((current) => ({
          ...current,
          features: { ...current.features, [name]: !current.features[name] },
        })),
      reset: () => change(() => ({ ...STANDARD_THEME, features: { ...STANDARD_THEME.features } }), true),
    }),
    [site, profiles, isDirty, isSaving, change],
  );

  // Spec part 1 §4: without a cookie the mode is restored from local storage. Its first read is a
  // synchronous round trip to the browser process, which is busiest while the page loads (8–20 ms
  // here then, issue 23), so it waits until the page is idle, like the backup's write.
  useEffect(() => {
    if (readServedMode() !== null) return;
    return whenIdle(() => {
      const stored = readStoredMode();
      // a transition, as useHydrated's: the page may still be hydrating
      if (stored) startTransition(() => setPreferenceState(stored));
    });
  }, []);

  const setPreference = useCallback((next: ThemePreference) => {
    storeMode(next);
    setPreferenceState(next);
  }, []);

  // The server cannot know the person's choice: while a server-sent page hydrates, what is drawn from
  // it (a toggle's state) starts as the server drew it (the colours are already right: the page's head
  // applied them before the first paint).
  const shownPreference = hydrated ? preference : 'system';
  const shownMode = hydrated ? mode : 'light';
  const modeValue = useMemo<ThemeModeContextValue>(
    () => ({
      preference: shownPreference,
      mode: shownMode,
      setPreference,
      toggleMode: () => setPreference(mode === 'dark' ? 'light' : 'dark'),
    }),
    [shownPreference, shownMode, mode, setPreference],
  );

  return (
    <ThemeModeContext.Provider value={modeValue}>
      <SiteThemeContext.Provider value={siteValue}>{children}</SiteThemeContext.Provider>
    </ThemeModeContext.Provider>
  );
}
