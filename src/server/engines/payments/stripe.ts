import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { Config } from '../../config';
import {
  paymentError,
  type ChargeRecord,
  type DisputeRecord,
  type PaymentEvent,
  type PaymentIntent,
  type PaymentsEngine,
} from './payments';
import { EngineError } from '../engine-error';

export type StripePaymentsEngine = PaymentsEngine & {
  name: 'stripe';
  /** Verifies the Stripe-Signature header over the raw body; throws EngineError with code 'signature'. */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): PaymentEvent;
  /** The charge and all its refunds, re-read from Stripe; null when Stripe does not know it. */
  retrieveCharge(id: string): Promise<ChargeRecord | null>;
  retrieveDispute(id: string): Promise<DisputeRecord | null>;
};

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));
const missing = (err: unknown) => {
  const e = err as { statusCode?: number; code?: string };
  return e?.statusCode === 404 || e?.code === 'resource_missing';
};

type StripeConfig = NonNullable<Config['stripe']>;

function clientOptions(config: StripeConfig): ConstructorParameters<typeof Stripe>[1] {
  const opts: NonNullable<ConstructorParameters<typeof Stripe>[1]> = {
    maxNetworkRetries: 2,
    timeout: 20_000,
  };
  if (config.baseUrlOverridden) {
    // tests (and proxies) point the client at another host: STRIPE_API_URL
    const url = new URL(config.baseUrl);
    opts.protocol = url.protocol === 'http:' ? 'http' : 'https';
    opts.host = url.hostname;
    opts.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  return opts;
}

function toIntent(pi: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: pi.id,
    status: pi.status,
    amount: pi.amount,
    currency: pi.currency,
    metadata: { ...(pi.metadata ?? {}) },
    lastError: pi.last_payment_error?.message ?? null,
  };
}

function providerError(err: unknown): EngineError {
  const e = err as { type?: string; statusCode?: number; message?: string };
  // card and request errors are Stripe's answer; everything else means Stripe could not be reached
  const rejected =
    e?.type === 'StripeInvalidRequestError' || e?.type === 'StripeCardError' || (e?.statusCode ?? 0) === 400;
  return paymentError(e?.message ?? 'Stripe request failed', rejected ? 'rejected' : 'unavailable');
}

const require = createRequire(import.meta.url);

export function createStripePaymentsEngine(config: StripeConfig): StripePaymentsEngine {
  // loaded only with Stripe keys: the SDK is ~12 MB resident that an offline studio never uses (issue 27)
  const StripeClient = require('stripe') as typeof Stripe;
  const stripe = new StripeClient(config.secretKey, clientOptions(config));
  return {
    name: 'stripe',
    async createIntent(input) {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency,
            description: input.description,
            automatic_payment_methods: { enabled: true },
            metadata: { ...input.metadata },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!pi.client_secret) throw paymentError('Stripe returned no client secret', 'unavailable');
        return { ...toIntent(pi), clientSecret: pi.client_secret };
      } catch (err) {
        if (err instanceof EngineError) throw err;
        throw providerError(err);
      }
    },
    async retrieveIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        const e = err as { statusCode?: number; code?: string };
        if (e?.statusCode === 404 || e?.code === 'resource_missing') return null;
        throw providerError(err);
      }
    },
    verifyWebhook(rawBody, signature) {
      if (!config.webhookSecret) throw paymentError('STRIPE_WEBHOOK_SECRET is not configured', 'signature');
      if (!signature) throw paymentError('Missing Stripe-Signature header', 'signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (err) {
        throw paymentError((err as Error).message, 'signature');
      }
      const object = (event.data?.object ?? {}) as { id?: unknown; object?: unknown; charge?: unknown };
      const id = typeof object.id === 'string' ? object.id : null;
      const charge =
        typeof object.charge === 'string' ? object.charge : idOf(object.charge as { id: string } | null);
      return {
        id: event.id,
        type: event.type,
        paymentIntentId: event.type.startsWith('payment_intent.') ? id : null,
        chargeId:
          object.object === 'charge'
            ? id
            : object.object === 'refund' || object.object === 'dispute'
              ? charge
              : null,
        disputeId: object.object === 'dispute' ? id : null,
      };
    },
    async retrieveCharge(id) {
      try {
        const charge = await stripe.charges.retrieve(id);
        const refunds: ChargeRecord['refunds'] = [];
        for await (const r of stripe.refunds.list({ charge: id, limit: 100 })) {
          refunds.push({ id: r.id, amount: r.amount, status: r.status ?? 'pending', created: r.created });
        }
        return {
          id: charge.id,
          amount: charge.amount,
          amountRefunded: charge.amount_refunded,
          currency: charge.currency,
          paymentIntentId: idOf(charge.payment_intent),
          refunds,
        };
      } catch (err) {
        if (missing(err)) return null;
        throw providerError(err);
      }
    },
    async retrieveDispute(id) {
      try {
        const d = await stripe.disputes.retrieve(id);
        return {
          id: d.id,
          amount: d.amount,
          currency: d.currency,
          chargeId: idOf(d.charge),
          status: d.status,
          reason: d.reason,
        };
      } catch (err) {
        if (missing(err)) return null;
        throw providerError(err);
      }
    },
  };
}
