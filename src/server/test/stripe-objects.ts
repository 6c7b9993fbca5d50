// The objects the Stripe double (stripe-double.ts) keeps, as Stripe's API returns them, and the handle a
// test drives it with.

export type DoubleIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  created: number;
  livemode: false;
  latest_charge: string | null;
};

export type DoubleCharge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  paid: true;
  captured: true;
  refunded: boolean;
  disputed: boolean;
  created: number;
  livemode: false;
};

export type DoubleRefund = {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  reason: string | null;
  created: number;
};

export type DoubleDispute = {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  status: 'warning_needs_response' | 'needs_response' | 'under_review' | 'won' | 'lost';
  reason: string;
  is_charge_refundable: boolean;
  created: number;
  livemode: false;
};

export type StripeDouble = {
  url: string;
  intents: Map<string, DoubleIntent>;
  requests: { method: string; path: string; idempotencyKey?: string; auth?: string }[];
  charges: Map<string, DoubleCharge>;
  refunds: Map<string, DoubleRefund>;
  disputes: Map<string, DoubleDispute>;
  /** every API answer is a 500 while true (provider outage) */
  down: boolean;
  /** the customer pays: the intent succeeds and its charge exists */
  pay(id: string): DoubleIntent;
  /** refunds (part of) the intent's charge as the dashboard would; default: what is left */
  refund(intentId: string, amount?: number, status?: DoubleRefund['status']): DoubleRefund;
  /** the cardholder disputes the intent's charge (funds withdrawn unless it is a `warning_*` inquiry) */
  dispute(
    intentId: string,
    opts?: { amount?: number; status?: DoubleDispute['status']; reason?: string },
  ): DoubleDispute;
  /** build and POST a signed event carrying any object (charge, refund, dispute) */
  sendEvent(
    target: string,
    type: string,
    object: unknown,
    opts?: { id?: string },
  ): Promise<{ status: number; body: string }>;
  decline(id: string, code: 'card_declined' | 'insufficient_funds'): DoubleIntent;
  /** build and POST a signed event for this intent; `secret` overrides the signing secret */
  sendWebhook(
    target: string,
    type: string,
    intentId: string,
    opts?: { secret?: string; signature?: string },
  ): Promise<{ status: number; body: string }>;
  signedEvent(type: string, intentId: string, secret?: string): { payload: string; signature: string };
  close(): Promise<void>;
};
