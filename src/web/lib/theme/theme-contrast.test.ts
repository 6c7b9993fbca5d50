import { describe, expect, it } from 'vitest';
import { defaultTheme } from '@shared/theme-defaults';
import { contrastRatio, readableForeground } from './site-theme';

describe('theme contrast (WCAG 2)', () => {
  it('computes the WCAG ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it.each(Object.entries(defaultTheme().profiles))(
    'the %s profile: primary buttons reach 4.5:1 with their text colour',
    (_id, profile) => {
      for (const color of [profile.primaryColor, profile.accentColor]) {
        const ratio = contrastRatio(color, readableForeground(color))!;
        expect(ratio, `${color} on ${readableForeground(color)}`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('picks the text colour by its real contrast, not by pure black', () => {
    // near-black on #e91e63 is 4.33:1, white 4.35:1; the old rule chose near-black
    expect(readableForeground('#e91e63')).toBe('#ffffff');
  });
});
