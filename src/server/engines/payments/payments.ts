// The payment provider seen by the app: Stripe's PaymentIntents model, reduced to what we use.
// Both engines (offline, stripe) answer with the provider's own record; money moves only after
// the tokens service has read that record (docs/product/decisions.md §4).

import { EngineError } from '../engine-error';

export type PaymentsEngineName = 'offline' | 'stripe';

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

/** What we store on every intent we create (Stripe metadata is string → string). */
export type IntentMetadata = {
  userId: string;
  paymentId: string;
  packageId: string;
  tokenAmount: string;
};

export type PaymentIntent = {
  id: string;
  status: IntentStatus | (string & {});
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  /** the provider's last failure text, when it has one */
  lastError: string | null;
};

export type CreatedIntent = PaymentIntent & { clientSecret: string };

export type CreateIntentInput = {
  amount: number;
  currency: string;
  description: string;
  metadata: IntentMetadata;
  /** the provider deduplicates creates with it (Stripe Idempotency-Key) */
  idempotencyKey: string;
};

/**
 * A verified provider notification: only "this object may have changed", re-read before acting. It
 * names the payment intent (payment_intent.*), the charge (charge.refunded, charge.refund.updated)
 * or the dispute and its charge (charge.dispute.*).
 */
export type PaymentEvent = {
  id: string;
  type: string;
  paymentIntentId: string | null;
  chargeId?: string | null;
  disputeId?: string | null;
};

/** A charge as the provider has it now, with its refunds. */
export type ChargeRecord = {
  id: string;
  amount: number;
  amountRefunded: number;
  currency: string;
  paymentIntentId: string | null;
  refunds: { id: string; amount: number; status: string; created: number }[];
};

export type DisputeRecord = {
  id: string;
  amount: number;
  currency: string;
  chargeId: string | null;
  status: string;
  reason: string;
};

export type PaymentsEngine = {
  name: PaymentsEngineName;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** The provider's current record, or null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
};

/** Why a payment call failed: the provider said no, could not be reached, or a signature was bad. */
export type PaymentFailure = 'rejected' | 'unavailable' | 'signature';

export function paymentError(message: string, kind: PaymentFailure): EngineError {
  return new EngineError(message, kind === 'unavailable', undefined, kind);
}
