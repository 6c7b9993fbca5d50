import { z } from 'zod';
import { isCommonPassword, PASSWORD_TOO_COMMON } from '../common-passwords';
import { CONTROL_CHARS_MESSAGE, noControlChars } from './common';

// Spec part 1 §5 and docs/product/decisions.md §9 / 18: every message is the spec's own text.
export const USERNAME_MIN = 'Username must be at least 3 characters';
export const USERNAME_CHARS = 'Username can only contain letters, numbers, and underscores';
export const USERNAME_MAX = 'Username must be at most 32 characters';
export const EMAIL_INVALID = 'Please enter a valid email address';
export const PASSWORD_MIN_6 = 'Password must be at least 6 characters';
export const PASSWORD_MIN_8 = 'Password must be at least 8 characters';
export const PASSWORD_LETTER_DIGIT = 'Password must contain at least one letter and one number';
export const PASSWORDS_DONT_MATCH = "Passwords don't match";
export { PASSWORD_TOO_COMMON };

export const usernameSchema = z
  .string({ error: USERNAME_MIN })
  .trim()
  .min(3, USERNAME_MIN)
  .max(32, USERNAME_MAX)
  .regex(/^[A-Za-z0-9_]+$/, USERNAME_CHARS);

export const emailSchema = z
  .string({ error: EMAIL_INVALID })
  .trim()
  .max(254, EMAIL_INVALID)
  .refine(noControlChars(), CONTROL_CHARS_MESSAGE)
  .pipe(z.email(EMAIL_INVALID));

export const strongPasswordSchema = z
  .string({ error: PASSWORD_MIN_8 })
  .min(8, PASSWORD_MIN_8)
  .max(200, 'Password must be at most 200 characters')
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), PASSWORD_LETTER_DIGIT)
  // issue 13, point 10: on register, reset, change and admin-set alike (never on login: old passwords still sign in)
  .refine((v) => !isCommonPassword(v), PASSWORD_TOO_COMMON);

export const loginSchema = z.object({
  username: z
    .string({ error: USERNAME_MIN })
    .trim()
    .min(3, USERNAME_MIN)
    .max(254, USERNAME_MAX)
    .refine(noControlChars(), CONTROL_CHARS_MESSAGE),
  password: z.string({ error: PASSWORD_MIN_6 }).min(6, PASSWORD_MIN_6).max(200, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: strongPasswordSchema,
  referralCode: z
    .string()
    .trim()
    .max(64)
    .refine(noControlChars(), CONTROL_CHARS_MESSAGE)
    .optional()
    .nullable(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

// The form adds the confirmation; the server never sees it.
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DONT_MATCH,
    path: ['confirmPassword'],
  });
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const forgotPasswordSchema = z.object({
  usernameOrEmail: z
    .string({ error: 'Please enter your username or email' })
    .trim()
    .min(1, 'Please enter your username or email')
    .max(254)
    .refine(noControlChars(), CONTROL_CHARS_MESSAGE),
});

export const resetPasswordTokenSchema = z.object({
  token: z
    .string({ error: 'This reset link is invalid or has expired.' })
    .min(10, 'This reset link is invalid or has expired.')
    .max(200),
  newPassword: strongPasswordSchema,
});
/** Asks whether a reset link is still usable before the page shows its form. */
export const resetTokenCheckSchema = resetPasswordTokenSchema.pick({ token: true });
export const resetTokenCheckResultSchema = z.object({ success: z.boolean(), valid: z.boolean() });
export const resetPasswordFormSchema = resetPasswordTokenSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DONT_MATCH,
    path: ['confirmPassword'],
  });

export const verifyEmailSchema = z.object({
  token: z
    .string({ error: 'This verification link is invalid or has expired.' })
    .min(10, 'This verification link is invalid or has expired.')
    .max(200),
});

// Answers of the auth routes that carry no user (those with one are in user.ts, which builds on this file).
export const forgotPasswordResultSchema = z.object({ success: z.boolean(), message: z.string() });
export const resendVerificationResultSchema = z.object({ success: z.boolean(), sent: z.boolean() });

/** The "this wasn't me" link of an e-mail change, mailed to the old address. */
export const revertEmailChangeSchema = z.object({
  token: z
    .string({ error: 'This link is invalid or has expired.' })
    .min(10, 'This link is invalid or has expired.')
    .max(200, 'This link is invalid or has expired.'),
});
