import { z } from 'zod';
import { CONTROL_CHARS_MESSAGE, cursorSchema, noControlChars } from './common';
import { emailSchema, strongPasswordSchema, usernameSchema } from './auth';

// Spec part 2 §5 (admin user forms) and docs/product/decisions.md §9 / 15.
export const INVALID_NUMBER = 'Please enter a valid number';
export const MAX_ADMIN_BALANCE = 1_000_000_000;

const userIdSchema = z.uuid('User not found');

// Issue 13, point 10: the user rule (8+, a letter and a digit, not a common password), so an admin
// cannot set what the user could not choose.
const adminPasswordSchema = strongPasswordSchema;

const tokenAmountSchema = z
  .number({ error: INVALID_NUMBER })
  .int('Token balance must be a whole number')
  .min(0, 'Token balance cannot be negative')
  .max(MAX_ADMIN_BALANCE, `Token balance must be at most ${MAX_ADMIN_BALANCE}`);

export const adminCreateUserSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: adminPasswordSchema,
  isAdmin: z.boolean().default(false),
  tokenBalance: tokenAmountSchema.default(0),
});
export type AdminCreateUserInput = z.input<typeof adminCreateUserSchema>;

export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(200).refine(noControlChars(), CONTROL_CHARS_MESSAGE).optional(),
  cursor: cursorSchema,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const updateBalanceSchema = z.object({ userId: userIdSchema, tokenBalance: tokenAmountSchema });
export const toggleAdminSchema = z.object({
  userId: userIdSchema,
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }),
});
export const toggleNsfwSchema = z.object({
  userId: userIdSchema,
  enableNSFW: z.boolean({ error: 'enableNSFW must be true or false' }),
});
export const setUserStatusSchema = z.object({
  userId: userIdSchema,
  status: z.enum(['active', 'suspended'], { error: 'Status must be active or suspended' }),
});
export const adminResetPasswordSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(64)
    .refine(noControlChars(), CONTROL_CHARS_MESSAGE),
  newPassword: adminPasswordSchema,
});

export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  tokenBalance: z.number(),
  isAdmin: z.boolean(),
  enableNSFW: z.boolean(),
  status: z.enum(['active', 'suspended']),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** tokens a refunded/disputed payment could not take back (already spent) */
  tokensOwed: z.number(),
  /** set when a payment was disputed, or refunded after its tokens were spent */
  paymentFlag: z.object({ reason: z.string(), flaggedAt: z.string() }).nullable(),
  /** people who signed up with the user's invite link, and how many of them paid a bonus (the user list only) */
  referrals: z.object({ invited: z.number(), paid: z.number() }).optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);
export const adminUserResultSchema = z.object({ success: z.boolean(), user: adminUserSchema });
export const balanceResultSchema = z.object({ success: z.boolean(), newBalance: z.number() });

export const adminStatsSchema = z.object({
  totalUsers: z.number(),
  activeModels: z.number(),
  revenueInCents: z.number(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** One message of the outbox mailer, as the admin's outbox list shows it. */
export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  transport: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxListSchema = z.array(outboxMessageSchema);

/** GET /api/admin/outbox: newest first, older pages through ?cursor= (the next one in X-Next-Cursor). */
export const outboxQuerySchema = z.object({
  cursor: cursorSchema,
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
