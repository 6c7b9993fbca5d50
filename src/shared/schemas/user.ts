import { z } from 'zod';
import { emailSchema, PASSWORDS_DONT_MATCH, strongPasswordSchema, usernameSchema } from './auth';

export type PublicUser = {
  id: string;
  username: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
  tokenBalance: number;
  avatarUrl: string | null;
  enableNSFW: boolean;
  enableNsfw: boolean;
  status: 'active' | 'suspended';
  referralCode: string;
  createdAt: string;
};

export const profileSchema = z.object({ username: usernameSchema, email: emailSchema });
export type ProfileInput = z.infer<typeof profileSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
  newPassword: strongPasswordSchema,
});
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DONT_MATCH, path: ['confirmPassword'] });

export const nsfwSettingsSchema = z.object({ enableNSFW: z.boolean({ error: 'enableNSFW must be true or false' }) });
