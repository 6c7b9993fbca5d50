import type { ThemeUpdateInput } from '../../../shared/schemas/theme';
import type { Db } from '../../db/client';
import { defaultTheme, type ProfileId, type SiteTheme } from '../../../shared/theme-defaults';
import { recordAdminChange, type AdminActor } from '../audit';
import { createThemeRepository } from './theme.repository';

function normalise(stored: Record<string, unknown> | null): SiteTheme {
  const base = defaultTheme();
  if (!stored) return base;
  const s = stored as Partial<SiteTheme>;
  const profiles = { ...base.profiles };
  for (const id of Object.keys(profiles) as ProfileId[]) {
    const p = s.profiles?.[id];
    if (p)
      profiles[id] = { ...profiles[id], ...p, features: { ...profiles[id].features, ...(p.features ?? {}) } };
  }
  return {
    activeProfile: s.activeProfile && s.activeProfile in profiles ? s.activeProfile : base.activeProfile,
    profiles,
  };
}

export function themeResponse(theme: SiteTheme) {
  const active = theme.profiles[theme.activeProfile];
  return {
    success: true,
    theme: {
      primary: active.primaryColor,
      accent: active.accentColor,
      appearance: active.appearance,
      variant: active.variant,
      radius: active.radius,
      profileId: theme.activeProfile,
      profileName: active.name,
      profileDescription: active.description,
      features: active.features,
    },
    enhancedTheme: { activeProfile: theme.activeProfile, profiles: theme.profiles },
  };
}

/**
 * How long another process may keep serving the theme it read. This process drops its copy as soon as
 * it saves one (docs/product/spec-part-1.md §7: the cached theme is invalidated after a save).
 */
const THEME_CACHE_MS = 5_000;

export function createThemeService(db: Db) {
  const repo = createThemeRepository(db);
  let cached: { theme: SiteTheme; at: number } | null = null;
  return {
    async get() {
      return normalise(await repo.get());
    },
    /** The theme every page's HTML carries (http/pages.ts): read at most every few seconds. */
    async current() {
      if (!cached || Date.now() - cached.at > THEME_CACHE_MS)
        cached = { theme: normalise(await repo.get()), at: Date.now() };
      return cached.theme;
    },
    /** Saves the change and its audit entry (the changed settings only) in one transaction. */
    async update(input: ThemeUpdateInput, admin: AdminActor) {
      const saved = await db.transaction(async (tx) => {
        const txRepo = createThemeRepository(tx);
        const before = normalise(await txRepo.get());
        const after = input.reset ? defaultTheme() : applyUpdate(structuredClone(before), input);
        await txRepo.save(after, admin.id);
        const entity = { type: 'site_theme' as const, id: '1' };
        await recordAdminChange(tx, { admin, action: 'theme.update', entity }, before, after);
        return after;
      });
      cached = null;
      return saved;
    },
  };
}

/** The theme after an update (the caller passes a copy: this edits it). */
function applyUpdate(theme: SiteTheme, input: ThemeUpdateInput): SiteTheme {
  const target = input.activeProfile ?? input.profile ?? theme.activeProfile;
  theme.activeProfile = target;
  const p = { ...theme.profiles[target] };
  const primary = input.profileUpdates?.primaryColor ?? input.primaryColor ?? input.primary;
  if (primary) p.primaryColor = primary;
  const accent = input.profileUpdates?.accentColor ?? input.accentColor;
  if (accent) p.accentColor = accent;
  p.appearance = input.profileUpdates?.appearance ?? input.appearance ?? p.appearance;
  p.variant = input.profileUpdates?.variant ?? input.variant ?? p.variant;
  p.radius = input.profileUpdates?.radius ?? input.radius ?? p.radius;
  p.features = { ...p.features, ...(input.features ?? {}), ...(input.profileUpdates?.features ?? {}) };
  theme.profiles[target] = p;
  return theme;
}

export type ThemeService = ReturnType<typeof createThemeService>;
