import { z } from 'zod';

/** GET /api/user/privacy: the user's face-analysis consent (decision 025). */
export const privacySettingsSchema = z.object({
  privacy: z.object({
    /** false until the user says yes: no face descriptor is computed or stored without it */
    faceAnalysis: z.boolean(),
    /** when the user answered (either way); null: not asked yet */
    faceAnalysisAt: z.string().nullable(),
    /** the version of the notice the answer was given to (src/shared/privacy-notices.ts) */
    noticeVersion: z.string().nullable(),
  }),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>['privacy'];

/** PUT /api/user/privacy */
export const updatePrivacySchema = z.object({
  faceAnalysis: z.boolean({ error: 'faceAnalysis must be true or false' }),
});
