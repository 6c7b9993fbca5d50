// Site theme (docs/product/decisions.md §2): one per site, set by admins; the personal light/dark choice lives in
// theme-storage.ts. Shapes follow docs/product/spec-part-1.md §3 and GET /api/theme.

import {
  defaultTheme,
  type Appearance,
  type ProfileId,
  type ThemeFeatures,
  type ThemeProfile,
  type ThemeVariant,
} from '@shared/theme-defaults';
import { isColor, themeCssVariables, validRadius } from '@shared/theme-css';

export { colorLuminance, contrastRatio, isColor, readableForeground } from '@shared/theme-css';

export type { Appearance, ThemeFeatures, ThemeProfile, ThemeVariant } from '@shared/theme-defaults';
export type ThemeProfileId = ProfileId;
export type ThemeFeatureName = keyof ThemeFeatures;

export type AppliedTheme = {
  primaryColor: string;
  accentColor: string;
  appearance: Appearance;
  variant: ThemeVariant;
  radius: number;
  profileId: ThemeProfileId;
  profileName: string;
  profileDescription: string;
  features: ThemeFeatures;
};

export type ThemeResponse = {
  success?: boolean;
  theme?: {
    primary?: string;
    accent?: string;
    appearance?: Appearance;
    variant?: ThemeVariant;
    radius?: number;
    features?: Partial<ThemeFeatures>;
  };
  enhancedTheme?: {
    activeProfile?: ThemeProfileId;
    profiles?: Partial<Record<ThemeProfileId, ThemeProfile>>;
  };
};

export const DEFAULT_PROFILES: Record<ThemeProfileId, ThemeProfile> = defaultTheme().profiles;

export const PROFILE_IDS = Object.keys(DEFAULT_PROFILES) as ThemeProfileId[];

export function themeFromProfile(
  id: ThemeProfileId,
  profile: ThemeProfile = DEFAULT_PROFILES[id],
): AppliedTheme {
  return {
    primaryColor: profile.primaryColor,
    accentColor: profile.accentColor,
    appearance: profile.appearance,
    variant: profile.variant,
    radius: profile.radius,
    profileId: id,
    profileName: profile.name,
    profileDescription: profile.description,
    features: { ...profile.features },
  };
}

export const STANDARD_THEME: AppliedTheme = themeFromProfile('standard');

const APPEARANCES: readonly Appearance[] = ['light', 'dark', 'system'];
const VARIANTS: readonly ThemeVariant[] = ['professional', 'vibrant', 'tint'];

function isProfileId(value: unknown): value is ThemeProfileId {
  return typeof value === 'string' && (PROFILE_IDS as string[]).includes(value);
}

function pickFeatures(value: unknown, fallback: ThemeFeatures): ThemeFeatures {
  const out = { ...fallback };
  if (value && typeof value === 'object') {
    for (const key of Object.keys(fallback) as ThemeFeatureName[]) {
      const v = (value as Record<string, unknown>)[key];
      if (typeof v === 'boolean') out[key] = v;
    }
  }
  return out;
}

function normaliseProfile(value: unknown, fallback: ThemeProfile): ThemeProfile {
  const v = (value && typeof value === 'object' ? value : {}) as Partial<Record<keyof ThemeProfile, unknown>>;
  return {
    name: typeof v.name === 'string' && v.name ? v.name : fallback.name,
    description: typeof v.description === 'string' ? v.description : fallback.description,
    primaryColor: isColor(v.primaryColor) ? v.primaryColor : fallback.primaryColor,
    accentColor: isColor(v.accentColor) ? v.accentColor : fallback.accentColor,
    appearance: APPEARANCES.includes(v.appearance as Appearance)
      ? (v.appearance as Appearance)
      : fallback.appearance,
    variant: VARIANTS.includes(v.variant as ThemeVariant) ? (v.variant as ThemeVariant) : fallback.variant,
    radius: validRadius(v.radius) ?? fallback.radius,
    features: pickFeatures(v.features, fallback.features),
  };
}

export function profilesFromResponse(data: ThemeResponse | undefined): Record<ThemeProfileId, ThemeProfile> {
  const profiles = data?.enhancedTheme?.profiles ?? {};
  return {
    standard: normaliseProfile(profiles.standard, DEFAULT_PROFILES.standard),
    token: normaliseProfile(profiles.token, DEFAULT_PROFILES.token),
    adult: normaliseProfile(profiles.adult, DEFAULT_PROFILES.adult),
  };
}

/** The active profile's preset, overridden by the top-level theme fields the server sends. */
export function themeFromResponse(data: ThemeResponse): AppliedTheme {
  const profiles = profilesFromResponse(data);
  const id = isProfileId(data.enhancedTheme?.activeProfile) ? data.enhancedTheme.activeProfile : 'standard';
  const base = themeFromProfile(id, profiles[id]);
  const top = data.theme ?? {};
  return {
    ...base,
    primaryColor: isColor(top.primary) ? top.primary : base.primaryColor,
    accentColor: isColor(top.accent) ? top.accent : base.accentColor,
    features: pickFeatures(top.features, base.features),
    appearance: APPEARANCES.includes(top.appearance as Appearance)
      ? (top.appearance as Appearance)
      : base.appearance,
    variant: VARIANTS.includes(top.variant as ThemeVariant) ? (top.variant as ThemeVariant) : base.variant,
    radius: validRadius(top.radius) ?? base.radius,
  };
}

/** Accepts a stored backup only when every field is still sane. */
export function parseStoredTheme(raw: string | null): AppliedTheme | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<AppliedTheme>;
    const id = isProfileId(v.profileId) ? v.profileId : 'standard';
    const fallback = DEFAULT_PROFILES[id];
    const profile = normaliseProfile(
      { ...v, name: v.profileName, description: v.profileDescription },
      fallback,
    );
    return themeFromProfile(id, profile);
  } catch {
    return null;
  }
}

/** The theme last written to a root, and one of its variables as written (to see it is still there). */
const written = new WeakMap<HTMLElement, { key: string; probe: [string, string] }>();

/**
 * Writes the site theme into the CSS variables styles.css reads. The same theme again is not written
 * again: the provider's first effect repeats what the page's start wrote (bootstrapTheme), and
 * working out the variables was a couple of milliseconds of that effect's task.
 */
export function applySiteTheme(theme: AppliedTheme, root: HTMLElement = document.documentElement): void {
  const key = JSON.stringify(theme);
  const last = written.get(root);
  if (last?.key === key && root.style.getPropertyValue(last.probe[0]) === last.probe[1]) return;
  const variables = Object.entries(themeCssVariables(theme));
  for (const [name, value] of variables) root.style.setProperty(name, value);
  if (variables[0]) written.set(root, { key, probe: variables[0] });
  root.dataset.variant = theme.variant;
  root.dataset.profile = theme.profileId;
  root.dataset.appearance = theme.appearance;
}
