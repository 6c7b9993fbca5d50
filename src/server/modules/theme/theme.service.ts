import type { ThemeUpdateInput } from '../../../shared/schemas/theme';
import type { Db } from '../../db/client';
import { defaultTheme, type ProfileId, type SiteTheme } from '../../../shared/theme-defaults';
import { recordAdminChange, type AdminActor } from '../audit/audit.service';
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

export function createThemeService(db: Db) {
  const repo = createThemeRepository(db);
  return {
    async get() {
      return normalise(await repo.get());
    },
    /** Saves the change and its audit entry (the changed settings only) in one transaction. */
    async update(input: ThemeUpdateInput, admin: AdminActor) {
      return db.transaction(async (tx) => {
        const txRepo = createThemeRepository(tx);
        const before = normalise(await txRepo.get());
        const after = input.reset ? defaultTheme() : applyUpdate(structuredClone(before), input);
        await txRepo.save(after, admin.id);
        const entity = { type: 'site_theme' as const, id: '1' };
        await recordAdminChange(tx, { admin, action: 'theme.update', entity }, before, after);
        return after;
      });
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
