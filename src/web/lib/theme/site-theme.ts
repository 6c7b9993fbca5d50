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

export type { Appearance, ThemeFeatures, ThemeProfile, ThemeVariant } from '@shared/theme-defaults';
export type ThemeProfileId = ProfileId;
export type ThemeFeatureName = keyof ThemeFeatures;

export type SiteTheme = {
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
): SiteTheme {
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

export const STANDARD_THEME: SiteTheme = themeFromProfile('standard');

const COLOR_PATTERN =
  /^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|(?:oklch|oklab|rgb|rgba|hsl|hsla)\(\s*[-0-9.%,\s/a-z]*\))$/i;

/** Only plain colour values reach a CSS variable. */
export function isColor(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 80 && COLOR_PATTERN.test(value.trim());
}

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

function validRadius(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number.parseFloat(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 3 ? n : undefined;
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
export function themeFromResponse(data: ThemeResponse): SiteTheme {
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
export function parseStoredTheme(raw: string | null): SiteTheme | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<SiteTheme>;
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

// ---- colour maths: pick a readable text colour for any primary the admin chooses ----

function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function relativeLuminance(r: number, g: number, b: number): number {
  return 0.2126 * srgbToLinear(r) + 0.7152 * srgbToLinear(g) + 0.0722 * srgbToLinear(b);
}

function parseHex(hex: string): [number, number, number] | null {
  let h = hex.replace('#', '');
  if (h.length === 3 || h.length === 4) h = [...h.slice(0, 3)].map((c) => c + c).join('');
  if (h.length === 8) h = h.slice(0, 6);
  if (h.length !== 6) return null;
  const n = Number.parseInt(h, 16);
  if (Number.isNaN(n)) return null;
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** Approximate luminance (0–1) of a colour string; null when it cannot be worked out. */
export function colorLuminance(color: string): number | null {
  const value = color.trim().toLowerCase();
  if (value.startsWith('#')) {
    const rgb = parseHex(value);
    return rgb ? relativeLuminance(...rgb) : null;
  }
  const oklch = /^okl(?:ch|ab)\(\s*([0-9.]+)(%?)/.exec(value);
  if (oklch) {
    const l = Number.parseFloat(oklch[1]) / (oklch[2] ? 100 : 1);
    // OKLab lightness is perceptual; cubing it approximates relative luminance.
    return Number.isFinite(l) ? Math.min(1, Math.max(0, l)) ** 3 : null;
  }
  const rgb = /^rgba?\(\s*([0-9.]+)[\s,]+([0-9.]+)[\s,]+([0-9.]+)/.exec(value);
  if (rgb) return relativeLuminance(+rgb[1] / 255, +rgb[2] / 255, +rgb[3] / 255);
  return null;
}

const DARK_TEXT = 'oklch(0.18 0.01 260)';
const LIGHT_TEXT = '#ffffff';

/** WCAG 2 contrast ratio of two colours (1–21); null when either cannot be worked out. */
export function contrastRatio(a: string, b: string): number | null {
  const la = colorLuminance(a);
  const lb = colorLuminance(b);
  if (la == null || lb == null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * Whichever of near-black and white has the better WCAG contrast on the colour. Measured against the
 * near-black actually used, not pure black: that difference made #e91e63 pick dark text at 4.31:1.
 */
export function readableForeground(color: string): string {
  const onWhite = contrastRatio(color, LIGHT_TEXT);
  const onDark = contrastRatio(color, DARK_TEXT);
  if (onWhite == null || onDark == null) return LIGHT_TEXT;
  return onDark > onWhite ? DARK_TEXT : LIGHT_TEXT;
}

/** Writes the site theme into the CSS variables styles.css reads. */
export function applySiteTheme(theme: SiteTheme, root: HTMLElement = document.documentElement): void {
  const primary = isColor(theme.primaryColor) ? theme.primaryColor : STANDARD_THEME.primaryColor;
  const accent = isColor(theme.accentColor) ? theme.accentColor : STANDARD_THEME.accentColor;
  root.style.setProperty('--primary', primary);
  root.style.setProperty('--primary-foreground', readableForeground(primary));
  root.style.setProperty('--accent', accent);
  root.style.setProperty('--accent-foreground', readableForeground(accent));
  root.style.setProperty('--radius', `${validRadius(theme.radius) ?? STANDARD_THEME.radius}rem`);
  root.dataset.variant = theme.variant;
  root.dataset.profile = theme.profileId;
}
