import { z } from 'zod';
import { TRANSACTION_TYPES } from '../constants';
import { formatCount, SERVER_LOCALE } from '../intl';
import { cursorSchema } from './common';
import { publicUserSchema } from './user';

// Spec part 2 §5 "Package edit" texts.
export const PACKAGE_NAME_REQUIRED = 'Package name is required';
export const TOKEN_AMOUNT_POSITIVE = 'Token amount must be greater than zero';
export const PRICE_POSITIVE = 'Price must be greater than zero';
export const PACKAGE_NOT_FOUND = "We couldn't find the token package you're looking for.";

/** Numbers from a form may arrive as text; "" and non-numbers fail with the field's message. */
const positiveInt = (message: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(v)) : v),
    z
      .number({ error: message })
      .int(message)
      .gt(0, message)
      .max(max, `Must be at most ${formatCount(max, SERVER_LOCALE)}`),
  );

export const tokenPackageInputSchema = z.object({
  name: z
    .string({ error: PACKAGE_NAME_REQUIRED })
    .trim()
    .min(1, PACKAGE_NAME_REQUIRED)
    .max(100, 'Package name must be at most 100 characters'),
  tokenAmount: positiveInt(TOKEN_AMOUNT_POSITIVE, 10_000_000),
  // cents; the card provider takes at most 8 digits
  priceInCents: positiveInt(PRICE_POSITIVE, 99_999_999),
  isDiscounted: z.boolean({ error: 'isDiscounted must be true or false' }).default(false),
});
export type TokenPackageInput = z.infer<typeof tokenPackageInputSchema>;

export const tokenPackageUpdateSchema = z
  .object({
    name: tokenPackageInputSchema.shape.name.optional(),
    tokenAmount: tokenPackageInputSchema.shape.tokenAmount.optional(),
    priceInCents: tokenPackageInputSchema.shape.priceInCents.optional(),
    isDiscounted: z.boolean({ error: 'isDiscounted must be true or false' }).optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type TokenPackageUpdate = z.infer<typeof tokenPackageUpdateSchema>;

/** Package ids are uuids; anything else is simply an unknown package. */
const packageIdSchema = z
  .string({ error: PACKAGE_NOT_FOUND })
  .trim()
  .min(1, PACKAGE_NOT_FOUND)
  .max(100, PACKAGE_NOT_FOUND);
const paymentIntentIdSchema = z
  .string({ error: 'paymentIntentId is required' })
  .trim()
  .min(1, 'paymentIntentId is required')
  .max(255, 'paymentIntentId is too long')
  .regex(/^[A-Za-z0-9_]+$/, 'paymentIntentId is invalid');

export const createPaymentIntentSchema = z.object({ packageId: packageIdSchema });
export const purchaseTokensSchema = z.object({
  packageId: packageIdSchema.optional(),
  paymentIntentId: paymentIntentIdSchema,
});

// docs/product/decisions.md §27: the offline checkout's card form.
export const CARD_NUMBER_INVALID = 'Please enter a valid card number';
export const EXPIRY_INVALID = 'Please enter the expiry as MM/YY';
export const EXPIRY_PAST = 'This card has expired';
export const CVC_INVALID = 'Please enter the 3 or 4 digit CVC';

export const cardNumberSchema = z
  .string({ error: CARD_NUMBER_INVALID })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12,19}$/, CARD_NUMBER_INVALID));

function expiryInPast(value: string, now = new Date()): boolean {
  const [mm, yy] = value.split('/').map((p) => Number(p.trim()));
  const year = 2000 + yy;
  // a card is valid through the last day of its expiry month
  return year < now.getFullYear() || (year === now.getFullYear() && mm < now.getMonth() + 1);
}

export const expirySchema = z
  .string({ error: EXPIRY_INVALID })
  .trim()
  .regex(/^(0[1-9]|1[0-2])\s?\/\s?\d{2}$/, EXPIRY_INVALID)
  .refine((v) => !expiryInPast(v), EXPIRY_PAST);
export const cvcSchema = z
  .string({ error: CVC_INVALID })
  .trim()
  .regex(/^\d{3,4}$/, CVC_INVALID);

export const offlineConfirmSchema = z.object({
  paymentIntentId: paymentIntentIdSchema,
  cardNumber: cardNumberSchema,
  expiry: expirySchema.optional(),
  cvc: cvcSchema.optional(),
});
export const cardFormSchema = z.object({
  cardNumber: cardNumberSchema,
  expiry: expirySchema,
  cvc: cvcSchema,
});
export type CardFormInput = z.input<typeof cardFormSchema>;

export const transactionsQuerySchema = z.object({
  cursor: cursorSchema,
  limit: z.coerce.number().int().min(1).max(100).default(50),
  type: z.enum(TRANSACTION_TYPES, { error: 'Unknown transaction type' }).optional(),
});
export const adminPageQuerySchema = z.object({
  cursor: cursorSchema,
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

// Answers (the screens read these shapes). Routes declare them as `schema.response`, so Fastify
// serializes with them and the client imports the same types.
export const tokenPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  tokenAmount: z.number(),
  priceInCents: z.number(),
  isDiscounted: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TokenPackage = z.infer<typeof tokenPackageSchema>;
export const tokenPackageListSchema = z.array(tokenPackageSchema);
export const tokenPackageResultSchema = z.object({ success: z.boolean(), package: tokenPackageSchema });

export const transactionViewSchema = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  amount: z.number(),
  amountInCents: z.number().nullable(),
  description: z.string(),
  createdAt: z.string(),
  balanceAfter: z.number(),
  refundOf: z.string().nullable(),
});
export type TransactionView = z.infer<typeof transactionViewSchema>;
export const transactionListSchema = z.array(transactionViewSchema);
/** One page of the billing history as the client keeps it. */
export type TransactionsPage = { transactions: TransactionView[]; nextCursor: string | null };
export const transactionsSummarySchema = z.object({
  balance: z.number(),
  totalPurchased: z.number(),
  totalUsed: z.number(),
});
export type TransactionsSummary = z.infer<typeof transactionsSummarySchema>;

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number(),
  currency: z.string(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;
export const offlineConfirmResponseSchema = z.union([
  z.object({ status: z.literal('succeeded') }),
  z.object({ status: z.enum(['requires_payment_method', 'canceled']), error: z.string() }),
]);
export type OfflineConfirmResponse = z.infer<typeof offlineConfirmResponseSchema>;
export const purchaseResponseSchema = z.object({
  transaction: z.object({ id: z.string(), amount: z.number(), type: z.literal('purchase') }),
  user: publicUserSchema,
});
export type PurchaseResponse = z.infer<typeof purchaseResponseSchema>;
export const recheckResponseSchema = z.object({
  checked: z.number(),
  credited: z.array(
    z.object({
      paymentId: z.string(),
      paymentIntentId: z.string(),
      tokens: z.number(),
      transactionId: z.string(),
    }),
  ),
  user: publicUserSchema,
});
export type RecheckResponse = z.infer<typeof recheckResponseSchema>;

export const saleStatusSchema = z.enum(['Completed', 'Failed', 'Pending']);
export type SaleStatus = z.infer<typeof saleStatusSchema>;
export const saleViewSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  user: z.object({ id: z.string(), username: z.string(), email: z.string() }),
  packageName: z.string(),
  tokenAmount: z.number(),
  amountInCents: z.number(),
  currency: z.string(),
  status: saleStatusSchema,
  createdAt: z.string(),
});
export type SaleView = z.infer<typeof saleViewSchema>;
export const salesPageSchema = z.object({
  sales: z.array(saleViewSchema),
  nextCursor: z.string().nullable(),
});

export const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  mismatches: z.array(
    z.object({ userId: z.string(), username: z.string(), balance: z.number(), ledgerSum: z.number() }),
  ),
  checkedAt: z.string(),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

export const referralOverviewSchema = z.object({
  code: z.string(),
  link: z.string(),
  invited: z.array(
    z.object({
      username: z.string(),
      // duplicate: that mailbox already earned a bonus; over_cap: the inviter's monthly cap was reached
      status: z.enum(['pending', 'granted', 'duplicate', 'over_cap']),
      bonusTokens: z.number(),
      createdAt: z.string(),
    }),
  ),
  bonusEarned: z.number(),
});
export type ReferralOverview = z.infer<typeof referralOverviewSchema>;
