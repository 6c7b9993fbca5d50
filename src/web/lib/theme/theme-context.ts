import { createContext, useContext } from 'react';
import type { AppliedTheme, ThemeFeatureName, ThemeProfile, ThemeProfileId } from './site-theme';
import type { ThemeMode, ThemePreference } from './theme-storage';

export type ThemeModeContextValue = {
  /** The person's own choice; "system" means no choice stored. */
  preference: ThemePreference;
  /** What is on screen now. */
  mode: ThemeMode;
  setPreference: (preference: ThemePreference) => void;
  toggleMode: () => void;
};

export type SiteThemeContextValue = {
  theme: AppliedTheme;
  profiles: Record<ThemeProfileId, ThemeProfile>;
  isDirty: boolean;
  isSaving: boolean;
  /** Changes some fields; saved automatically after 1 s of quiet. */
  update: (partial: Partial<AppliedTheme>) => void;
  selectProfile: (id: ThemeProfileId) => void;
  toggleFeature: (name: ThemeFeatureName) => void;
  /** Back to the standard theme, and saves it. */
  reset: () => void;
};

export const ThemeModeContext = createContext<ThemeModeContextValue | null>(null);
export const SiteThemeContext = createContext<SiteThemeContextValue | null>(null);

export function useTheme(): ThemeModeContextValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}

export function useSiteTheme(): SiteThemeContextValue {
  const value = useContext(SiteThemeContext);
  if (!value) throw new Error('useSiteTheme must be used inside <ThemeProvider>');
  return value;
}
