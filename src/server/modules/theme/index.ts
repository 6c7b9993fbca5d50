// What other modules (and app-level composition) may use of theme/ (docs/architecture.md "Module walls").
export { createThemeService, themeResponse, type ThemeService } from './theme.service';
