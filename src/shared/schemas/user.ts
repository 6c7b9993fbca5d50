import { z } from 'zod';
import { emailSchema, PASSWORDS_DONT_MATCH, strongPasswordSchema, usernameSchema } from './auth';
import { sameIdentifier } from '../normalise';

export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  /** a confirmed authenticator app or a passkey */
  twoFactorEnabled: z.boolean(),
  tokenBalance: z.number(),
  avatarUrl: z.string().nullable(),
  enableNSFW: z.boolean(),
  enableNsfw: z.boolean(),
  status: z.enum(['active', 'suspended']),
  referralCode: z.string(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
/** The session's user (login, register, GET /api/auth/user). */
export const userEnvelopeSchema = z.object({ user: publicUserSchema });
export const profileResultSchema = z.object({
  success: z.boolean(),
  username: z.string(),
  email: z.string(),
  user: publicUserSchema,
});
export const userResultSchema = z.object({ success: z.boolean(), user: publicUserSchema });
/** The user is sent only when the link was opened in that user's own session. */
export const verifyEmailResultSchema = z.object({
  success: z.boolean(),
  // true when the link had been used before and the address is verified (a second click)
  alreadyVerified: z.boolean().optional(),
  user: publicUserSchema.optional(),
});

// Changing the e-mail needs the current password (the server asks for it only then).
export const profileSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  currentPassword: z.string().max(200, 'Password must be at most 200 characters').optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
/** The Settings form: the password is asked for only when the e-mail differs from the account's. */
export const profileFormSchema = (currentEmail: string) =>
  profileSchema.refine((v) => sameIdentifier(v.email, currentEmail) || Boolean(v.currentPassword), {
    message: CURRENT_PASSWORD_REQUIRED,
    path: ['currentPassword'],
  });

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: CURRENT_PASSWORD_REQUIRED }).min(1, CURRENT_PASSWORD_REQUIRED).max(200),
  newPassword: strongPasswordSchema,
});
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DONT_MATCH,
    path: ['confirmPassword'],
  });

export const nsfwSettingsSchema = z.object({
  enableNSFW: z.boolean({ error: 'enableNSFW must be true or false' }),
});

/** One sign-in session as Settings → Security lists it. */
export const sessionInfoSchema = z.object({
  id: z.string(),
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListSchema = z.object({ sessions: z.array(sessionInfoSchema) });
export const revokeSessionSchema = z.object({
  id: z.string({ error: 'Session is required' }).min(1, 'Session is required').max(64),
});
