// The site theme as CSS: the colour maths that picks readable text on the admin's colours, and the
// variables styles.css reads. One copy for the browser (lib/theme/site-theme.ts writes them on the
// root element) and the server (http/pages.ts inlines them into the first HTML, so no page paints
// with the wrong colours before its script runs).

import type { Appearance } from './theme-defaults';

const COLOR_PATTERN =
  /^(#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|(?:oklch|oklab|rgb|rgba|hsl|hsla)\(\s*[-0-9.%,\s/a-z]*\))$/i;

/** Only plain colour values reach a CSS variable. */
export function isColor(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 80 && COLOR_PATTERN.test(value.trim());
}

export function validRadius(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number.parseFloat(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 3 ? n : undefined;
}

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

export const STANDARD_PRIMARY = '#00beab';
export const STANDARD_ACCENT = '#5662f6';
export const STANDARD_RADIUS = 0.75;

export type ThemeCssInput = {
  primaryColor: string;
  accentColor: string;
  radius: number;
};

/** The CSS variables styles.css reads for a site theme (bad values fall back to the standard ones). */
export function themeCssVariables(theme: ThemeCssInput): Record<string, string> {
  const primary = isColor(theme.primaryColor) ? theme.primaryColor.trim() : STANDARD_PRIMARY;
  const accent = isColor(theme.accentColor) ? theme.accentColor.trim() : STANDARD_ACCENT;
  return {
    '--primary': primary,
    '--primary-foreground': readableForeground(primary),
    '--accent': accent,
    '--accent-foreground': readableForeground(accent),
    '--radius': `${validRadius(theme.radius) ?? STANDARD_RADIUS}rem`,
  };
}

/**
 * Light or dark on screen: a person's own choice wins; without one a dark-only profile (adult) stays
 * dark, and otherwise the operating system's setting is honoured (docs/product/spec-part-1.md §4,
 * issue 23 defect 2: a visitor whose OS prefers dark saw the light site).
 */
export function resolveThemeMode(
  preference: 'light' | 'dark' | 'system',
  appearance: Appearance,
  systemDark: boolean,
): 'light' | 'dark' {
  if (preference !== 'system') return preference;
  if (appearance === 'dark') return 'dark';
  return systemDark ? 'dark' : 'light';
}

/**
 * The cookie that carries a person's own light/dark choice for 30 days (lib/theme/theme-mode.ts writes
 * it, with a copy in local storage). The server reads it and writes the mode on <html> itself
 * (http/pages.ts), so no script reads `document.cookie` or local storage before the first paint: each
 * is a synchronous round trip to the browser process, 3–23 ms apiece measured on a loaded machine.
 */
export const THEME_MODE_COOKIE = 'theme';

/**
 * resolveThemeMode for a person with no choice the server could read: a classic inline script in the
 * HTML's head, run before the first paint (the server allows exactly this script by its hash in the
 * Content-Security-Policy, and sends it only when no choice was read). It reads the site's appearance
 * the server wrote on <html data-appearance>, and the operating system's setting.
 */
export const THEME_BOOT_SCRIPT =
  "(function(){var d=document.documentElement;try{var p=d.getAttribute('data-appearance')==='dark'||matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';d.classList.toggle('dark',p==='dark');d.style.colorScheme=p}catch(e){}})()";
