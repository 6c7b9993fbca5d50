import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { createOfflineIntentsRepository, type OfflineIntentRow } from './offline-intents.repository';
import type { CreatedIntent, PaymentIntent, PaymentsEngine } from './payments';

// The offline payment provider: the same intent → confirm → succeeded flow as Stripe, with Stripe's
// test card numbers, kept in its own table. No card is ever charged.

type CardOutcome = { ok: true } | { ok: false; error: string };

// Stripe's documented test cards (docs/vendors/providers.md C.6) and the texts Stripe shows for them.
const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { ok: true },
  '5555555555554444': { ok: true },
  '4000000000000077': { ok: true },
  '4000000000000002': { ok: false, error: 'Your card was declined.' },
  '4000000000009995': { ok: false, error: 'Your card has insufficient funds.' },
  '4000000000009987': { ok: false, error: 'Your card was declined.' },
  '4000000000000069': { ok: false, error: 'Your card has expired.' },
  '4000000000000127': { ok: false, error: "Your card's security code is incorrect." },
  '4000000000000119': {
    ok: false,
    error: 'An error occurred while processing your card. Try again in a little bit.',
  },
  '4100000000000019': { ok: false, error: 'Your card was declined.' },
};

export const NOT_A_TEST_CARD =
  'Your card was declined. This is a test checkout: use a test card such as 4242 4242 4242 4242.';
export const INCORRECT_NUMBER = 'Your card number is incorrect.';

export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardOutcome(cardNumber: string): CardOutcome {
  const digits = normalizeCardNumber(cardNumber);
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { ok: false, error: INCORRECT_NUMBER };
  return TEST_CARDS[digits] ?? { ok: false, error: NOT_A_TEST_CARD };
}

function toIntent(row: OfflineIntentRow): PaymentIntent {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    metadata: row.metadata,
    lastError: row.lastError,
  };
}

export type OfflineConfirmResult =
  { status: 'succeeded' } | { status: 'requires_payment_method' | 'canceled'; error: string };

export type OfflinePaymentsEngine = PaymentsEngine & {
  name: 'offline';
  /** The "card network" step: the browser hands over a test card number for this intent. */
  confirm(id: string, cardNumber: string): Promise<OfflineConfirmResult | null>;
};

export function createOfflinePaymentsEngine(db: Db): OfflinePaymentsEngine {
  const repo = createOfflineIntentsRepository(db);
  return {
    name: 'offline',
    async createIntent(input): Promise<CreatedIntent> {
      const existing = await repo.byIdempotencyKey(input.idempotencyKey);
      const row =
        existing ??
        (await repo.insert({
          id: `pi_offline_${randomBytes(12).toString('hex')}`,
          clientSecret: `secret_${randomBytes(16).toString('hex')}`,
          amount: input.amount,
          currency: input.currency,
          description: input.description,
          metadata: { ...input.metadata },
          idempotencyKey: input.idempotencyKey,
        })) ??
        // a concurrent create with the same key won the insert
        (await repo.byIdempotencyKey(input.idempotencyKey));
      if (!row) throw new Error('offline payment intent could not be stored');
      return { ...toIntent(row), clientSecret: `${row.id}_${row.clientSecret}` };
    },
    async retrieveIntent(id) {
      const row = await repo.byId(id);
      return row ? toIntent(row) : null;
    },
    async confirm(id, cardNumber) {
      const current = await repo.byId(id);
      if (!current) return null;
      if (current.status === 'succeeded') return { status: 'succeeded' };
      if (current.status === 'canceled') return { status: 'canceled', error: 'This payment was canceled.' };
      const digits = normalizeCardNumber(cardNumber);
      const last4 = digits.slice(-4);
      const outcome = cardOutcome(digits);
      if (outcome.ok) {
        const done = await repo.markSucceeded(id, last4);
        if (done) return { status: 'succeeded' };
      } else {
        const declined = await repo.markDeclined(id, last4, outcome.error);
        if (declined) return { status: 'requires_payment_method', error: outcome.error };
      }
      // another confirm finished first: answer with what the provider holds now
      const after = await repo.byId(id);
      if (after?.status === 'succeeded') return { status: 'succeeded' };
      return {
        status: 'requires_payment_method',
        error: after?.lastError ?? (outcome.ok ? 'Your card was declined.' : outcome.error),
      };
    },
  };
}
