import { z } from 'zod';
import { TRANSACTION_TYPES } from '../constants';
import { cursorSchema } from './common';

// Spec part 2 §5 "Package edit" texts.
export const PACKAGE_NAME_REQUIRED = 'Package name is required';
export const TOKEN_AMOUNT_POSITIVE = 'Token amount must be greater than zero';
export const PRICE_POSITIVE = 'Price must be greater than zero';
export const PACKAGE_NOT_FOUND = "We couldn't find the token package you're looking for.";

/** Numbers from a form may arrive as text; "" and non-numbers fail with the field's message. */
const positiveInt = (message: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(v)) : v),
    z.number({ error: message }).int(message).gt(0, message).max(max, `Must be at most ${max.toLocaleString('en-US')}`),
  );

export const tokenPackageInputSchema = z.object({
  name: z.string({ error: PACKAGE_NAME_REQUIRED }).trim().min(1, PACKAGE_NAME_REQUIRED).max(100, 'Package name must be at most 100 characters'),
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
const packageIdSchema = z.string({ error: PACKAGE_NOT_FOUND }).trim().min(1, PACKAGE_NOT_FOUND).max(100, PACKAGE_NOT_FOUND);
const paymentIntentIdSchema = z
  .string({ error: 'paymentIntentId is required' })
  .trim()
  .min(1, 'paymentIntentId is required')
  .max(255, 'paymentIntentId is too long')
  .regex(/^[A-Za-z0-9_]+$/, 'paymentIntentId is invalid');

export const createPaymentIntentSchema = z.object({ packageId: packageIdSchema });
export const purchaseTokensSchema = z.object({ packageId: packageIdSchema.optional(), paymentIntentId: paymentIntentIdSchema });

// DECISIONS 27: the offline checkout's card form.
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
export const cvcSchema = z.string({ error: CVC_INVALID }).trim().regex(/^\d{3,4}$/, CVC_INVALID);

export const offlineConfirmSchema = z.object({
  paymentIntentId: paymentIntentIdSchema,
  cardNumber: cardNumberSchema,
  expiry: expirySchema.optional(),
  cvc: cvcSchema.optional(),
});
export const cardFormSchema = z.object({ cardNumber: cardNumberSchema, expiry: expirySchema, cvc: cvcSchema });
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

// Answers (the screens read these shapes).
export type TokenPackage = {
  id: string;
  name: string;
  tokenAmount: number;
  priceInCents: number;
  isDiscounted: boolean;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

export type TransactionView = {
  id: string;
  type: (typeof TRANSACTION_TYPES)[number];
  amount: number;
  amountInCents: number | null;
  description: string;
  createdAt: string;
  balanceAfter: number;
  refundOf: string | null;
};
/** One page of the billing history as the client keeps it. */
export type TransactionsPage = { transactions: TransactionView[]; nextCursor: string | null };
export type TransactionsSummary = { balance: number; totalPurchased: number; totalUsed: number };

export type CreatePaymentIntentResponse = { clientSecret: string; paymentIntentId: string; amount: number; currency: string };
export type OfflineConfirmResponse = { status: 'succeeded' } | { status: 'requires_payment_method' | 'canceled'; error: string };

export type SaleStatus = 'Completed' | 'Failed' | 'Pending';
export type SaleView = {
  id: string;
  orderId: string;
  user: { id: string; username: string; email: string };
  packageName: string;
  tokenAmount: number;
  amountInCents: number;
  currency: string;
  status: SaleStatus;
  createdAt: string;
};

export type LedgerCheck = {
  ok: boolean;
  mismatches: { userId: string; username: string; balance: number; ledgerSum: number }[];
  checkedAt: string;
};

export type ReferralOverview = {
  code: string;
  link: string;
  invited: { username: string; status: 'pending' | 'granted'; bonusTokens: number; createdAt: string }[];
  bonusEarned: number;
};
