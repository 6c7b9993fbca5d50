// The site theme's three profiles and their defaults (docs/product/spec-part-1.md §3): one copy for the
// database seed and service on the server and for the screens before the site theme has loaded.
export type ThemeFeatures = {
  nsfwEnabled: boolean;
  advancedPrompting: boolean;
  communityGallery: boolean;
  presetStyles: boolean;
  customLoraTraining: boolean;
};
export type Appearance = 'light' | 'dark' | 'system';
export type ThemeVariant = 'professional' | 'vibrant' | 'tint';
export type ThemeProfile = {
  name: string;
  description: string;
  primaryColor: string;
  accentColor: string;
  appearance: Appearance;
  variant: ThemeVariant;
  radius: number;
  features: ThemeFeatures;
};
export type ProfileId = 'standard' | 'token' | 'adult';
export type SiteTheme = { activeProfile: ProfileId; profiles: Record<ProfileId, ThemeProfile> };

const features = (nsfw: boolean): ThemeFeatures => ({
  nsfwEnabled: nsfw,
  advancedPrompting: true,
  communityGallery: false,
  presetStyles: true,
  customLoraTraining: true,
});

// Spec part 1 §3: the three profiles and their defaults.
export function defaultTheme(): SiteTheme {
  return {
    activeProfile: 'standard',
    profiles: {
      standard: {
        name: 'Standard',
        description: 'Clean, professional look',
        primaryColor: '#00beab',
        accentColor: '#5662f6',
        appearance: 'light',
        variant: 'professional',
        radius: 0.75,
        features: features(false),
      },
      token: {
        name: 'Token',
        description: 'A bold meme-token look',
        primaryColor: '#ff9800',
        accentColor: '#f44336',
        appearance: 'light',
        variant: 'vibrant',
        radius: 1,
        features: features(false),
      },
      adult: {
        name: 'Adult',
        description: 'Dark theme with adult content enabled',
        // #d81b60, not the spec's #e91e63: no text colour reaches 4.5:1 on #e91e63 (white 4.35, near-black
        // 4.33), so every primary button failed WCAG AA (issue 23); #d81b60 carries white text at 4.95:1.
        primaryColor: '#d81b60',
        accentColor: '#9c27b0',
        appearance: 'dark',
        variant: 'tint',
        radius: 0.5,
        features: features(true),
      },
    },
  };
}
