import { z } from 'zod';

// Hex (#rgb / #rrggbb) or an oklch() colour, as the admin theme tab allows.
export const colorSchema = z
  .string()
  .trim()
  .max(64)
  .regex(
    /^(#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})|oklch\(\s*[0-9.]+%?\s+[0-9.]+\s+[0-9.]+(\s*\/\s*[0-9.]+%?)?\s*\))$/,
    'Colour must be a hex value like #00beab or oklch(L C H)',
  );

export const profileIdSchema = z.enum(['standard', 'token', 'adult'], { error: 'Unknown theme profile' });
export const appearanceSchema = z.enum(['light', 'dark', 'system'], {
  error: 'Appearance must be light, dark or system',
});
export const variantSchema = z.enum(['professional', 'vibrant', 'tint'], { error: 'Unknown theme variant' });
export const radiusSchema = z.coerce
  .number()
  .min(0, 'Radius must be between 0 and 2')
  .max(2, 'Radius must be between 0 and 2');

export const themeFeaturesSchema = z
  .object({
    nsfwEnabled: z.boolean(),
    advancedPrompting: z.boolean(),
    communityGallery: z.boolean(),
    presetStyles: z.boolean(),
    customLoraTraining: z.boolean(),
  })
  .partial();

// Spec part 1 §7: the client may send any of these; the server applies them to the active profile.
export const themeUpdateSchema = z
  .object({
    primary: colorSchema.optional(),
    primaryColor: colorSchema.optional(),
    accentColor: colorSchema.optional(),
    appearance: appearanceSchema.optional(),
    variant: variantSchema.optional(),
    radius: radiusSchema.optional(),
    activeProfile: profileIdSchema.optional(),
    profile: profileIdSchema.optional(),
    profileUpdates: z
      .object({
        primaryColor: colorSchema.optional(),
        accentColor: colorSchema.optional(),
        appearance: appearanceSchema.optional(),
        variant: variantSchema.optional(),
        radius: radiusSchema.optional(),
        features: themeFeaturesSchema.optional(),
      })
      .optional(),
    currentTheme: z.unknown().optional(),
    features: themeFeaturesSchema.optional(),
    reset: z.boolean().optional(),
  })
  .strip();
export type ThemeUpdateInput = z.infer<typeof themeUpdateSchema>;

// Answers of GET /api/theme and POST /api/theme/update.
const themeFeaturesViewSchema = z.object({
  nsfwEnabled: z.boolean(),
  advancedPrompting: z.boolean(),
  communityGallery: z.boolean(),
  presetStyles: z.boolean(),
  customLoraTraining: z.boolean(),
});
export const themeProfileSchema = z.object({
  name: z.string(),
  description: z.string(),
  primaryColor: z.string(),
  accentColor: z.string(),
  appearance: z.enum(['light', 'dark', 'system']),
  variant: z.enum(['professional', 'vibrant', 'tint']),
  radius: z.number(),
  features: themeFeaturesViewSchema,
});
export const themeResponseSchema = z.object({
  success: z.boolean(),
  /** the active profile, flattened */
  theme: z.object({
    primary: z.string(),
    accent: z.string(),
    appearance: themeProfileSchema.shape.appearance,
    variant: themeProfileSchema.shape.variant,
    radius: z.number(),
    profileId: z.enum(['standard', 'token', 'adult']),
    profileName: z.string(),
    profileDescription: z.string(),
    features: themeFeaturesViewSchema,
  }),
  enhancedTheme: z.object({
    activeProfile: z.enum(['standard', 'token', 'adult']),
    profiles: z.object({
      standard: themeProfileSchema,
      token: themeProfileSchema,
      adult: themeProfileSchema,
    }),
  }),
});
export type ThemeResponse = z.infer<typeof themeResponseSchema>;
