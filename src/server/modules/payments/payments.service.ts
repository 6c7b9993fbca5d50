import { randomUUID } from 'node:crypto';
import { PACKAGE_NOT_FOUND } from '../../../shared/schemas/tokens';
import type { AppDeps } from '../../deps';
import type { AnyPaymentsEngine } from '../../engines/engines';
import { type PaymentEvent, type PaymentIntent } from '../../engines/payments/payments';
import { AppError, conflict, notFound } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rate-limiter';
import { createUserAccounts, toPublicUser, type UserRow } from '../users';
import {
  applyLedgerEntry,
  collectOwedTokens,
  inLedgerTransaction,
  ledgerEntryByKey,
  packageById,
} from '../tokens';
import { notify } from '../notifications';
import { createPaymentReversals } from './payment-reversals';
import { createPaymentsRepository, type PaymentRow } from './payments.repository';
import type { SettleResult } from './settle-result';
import { EngineError } from '../../engines/engine-error';
import { formatCount, SERVER_LOCALE } from '../../../shared/intl';

const CURRENCY = 'usd';
const RECHECK_WINDOW_MS = 30 * 86_400_000;
const RECHECK_LIMIT = 20;
// each recheck asks the provider about up to RECHECK_LIMIT payments; a clicking loop must not become an API storm
const RECHECKS_PER_WINDOW = 10;
// Reconciler: Stripe retries webhooks for three days; within that span we also ask it ourselves.
const RECONCILE = { minAgeMs: 2 * 60_000, maxAgeMs: 3 * 86_400_000, minGapMs: 5 * 60_000, limit: 50 };
const RECHECK_RATE_WINDOW_MS = 10 * 60_000;

export const PAYMENT_NOT_FOUND = 'Payment not found';

export const paymentKey = (p: Pick<PaymentRow, 'provider' | 'providerPaymentId'>) =>
  `payment:${p.provider}:${p.providerPaymentId}`;
// The provider's own error text stays in the log: it can name hosts, keys' modes or request ids.
function providerUnavailable(): AppError {
  return new AppError(
    503,
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'The payment provider could not be reached. Please try again.',
  );
}

/** Does the provider's record say exactly what we recorded when we created the payment? */
function verifyAgainstRecord(intent: PaymentIntent, payment: PaymentRow): string | null {
  const m = intent.metadata ?? {};
  if (intent.id !== payment.providerPaymentId) return 'intent id';
  if (intent.amount !== payment.amountInCents) return 'amount';
  if (intent.currency.toLowerCase() !== payment.currency.toLowerCase()) return 'currency';
  if (m.userId !== payment.userId) return 'owner';
  if (m.paymentId !== payment.id) return 'payment id';
  if (payment.packageId && m.packageId !== payment.packageId) return 'package';
  if (Number(m.tokenAmount) !== payment.tokenAmount) return 'token amount';
  return null;
}

export function createPaymentsService(deps: AppDeps, engine: AnyPaymentsEngine) {
  const { db, log } = deps;
  const repo = createPaymentsRepository(db);
  const usersRepo = createUserAccounts(db);
  const limits = createRateLimiter(db);

  async function retrieve(id: string) {
    try {
      return await engine.retrieveIntent(id);
    } catch (err) {
      if (err instanceof EngineError) {
        log.warn({ err, paymentIntentId: id }, 'payment provider unavailable while reading an intent');
        throw providerUnavailable();
      }
      throw err;
    }
  }

  /**
   * The one crediting path (browser call, webhook, offline confirm, recheck): read the provider's
   * record, check it against ours, then credit inside one transaction keyed by the payment. However
   * often and however concurrently it runs, the unique ledger key lets one credit through.
   */
  async function settle(payment: PaymentRow): Promise<SettleResult> {
    const key = paymentKey(payment);
    if (payment.creditedTransactionId) {
      const row = await ledgerEntryByKey(db, key);
      if (row) return { kind: 'credited', row, duplicate: true };
    }
    const intent = await retrieve(payment.providerPaymentId);
    if (!intent) return { kind: 'missing' };
    if (intent.status !== 'succeeded') {
      if (intent.status !== payment.status || intent.lastError !== payment.lastError)
        await repo.setStatus(payment.id, intent.status, intent.lastError);
      return { kind: 'pending', status: intent.status, error: intent.lastError };
    }
    const mismatch = verifyAgainstRecord(intent, payment);
    if (mismatch) {
      log.warn(
        { paymentId: payment.id, intentId: intent.id, mismatch },
        'payment provider record does not match our payment; not credited',
      );
      await repo.setStatus(payment.id, intent.status, `Provider record does not match (${mismatch})`);
      return { kind: 'mismatch', reason: mismatch };
    }
    return inLedgerTransaction(
      db,
      [key],
      async (tx) => {
        const res = await applyLedgerEntry(tx, {
          userId: payment.userId,
          type: 'purchase',
          amount: payment.tokenAmount,
          amountInCents: payment.amountInCents,
          idempotencyKey: key,
          description: `${payment.packageName} package: ${formatCount(payment.tokenAmount, SERVER_LOCALE)} tokens`,
          refType: 'payment',
          refId: payment.id,
        });
        await createPaymentsRepository(tx).markCredited(payment.id, res.row.id);
        // tokens an earlier refund or dispute could not take back are owed: a purchase repays them
        if (!res.duplicate) {
          await collectOwedTokens(tx, {
            userId: payment.userId,
            credited: payment.tokenAmount,
            creditKey: key,
            refId: payment.id,
          });
          await notify(deps, tx, {
            userId: payment.userId,
            kind: 'purchase_credited',
            subjectKey: `${key}:credited`,
            title: `${formatCount(payment.tokenAmount, SERVER_LOCALE)} tokens were added to your balance`,
            body: `Your ${payment.packageName} package purchase was credited: ${formatCount(payment.tokenAmount, SERVER_LOCALE)} tokens.`,
            link: '/billing-history',
          });
        }
        return { kind: 'credited' as const, row: res.row, duplicate: res.duplicate };
      },
      async (rows) => ({ kind: 'credited' as const, row: rows[0], duplicate: true }),
    );
  }

  async function stripeRead<T>(what: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (err) {
      if (err instanceof EngineError) {
        log.warn({ err, what }, 'payment provider unavailable while reading');
        // Stripe retries the event on a non-2xx answer
        throw providerUnavailable();
      }
      throw err;
    }
  }

  const reversals = createPaymentReversals(deps, { settle, stripeRead });

  async function freshUser(id: string) {
    const user = await usersRepo.byId(id);
    if (!user) throw notFound();
    return toPublicUser(user);
  }

  async function ownPayment(user: UserRow, paymentIntentId: string) {
    const payment = await repo.byProviderId(engine.name, paymentIntentId);
    // someone else's payment reads as no payment at all (docs/product/decisions.md §1)
    if (!payment || payment.userId !== user.id) throw notFound(PAYMENT_NOT_FOUND);
    return payment;
  }

  return {
    engineName: engine.name,

    async createIntent(user: UserRow, packageId: string) {
      const pkg = /^[0-9a-f-]{36}$/i.test(packageId) ? await packageById(db, packageId) : null;
      if (!pkg || !pkg.isActive) throw new AppError(404, 'PACKAGE_NOT_FOUND', PACKAGE_NOT_FOUND);
      const paymentId = randomUUID();
      let intent;
      try {
        intent = await engine.createIntent({
          amount: pkg.priceInCents,
          currency: CURRENCY,
          description: `LoRA Studio ${pkg.name} package (${formatCount(pkg.tokenAmount, SERVER_LOCALE)} tokens)`,
          metadata: { userId: user.id, paymentId, packageId: pkg.id, tokenAmount: String(pkg.tokenAmount) },
          idempotencyKey: `pi-create:${paymentId}`,
        });
      } catch (err) {
        if (err instanceof EngineError) {
          log.warn({ err, packageId: pkg.id }, 'payment provider unavailable while creating an intent');
          throw providerUnavailable();
        }
        throw err;
      }
      await repo.insert({
        id: paymentId,
        userId: user.id,
        packageId: pkg.id,
        packageName: pkg.name,
        provider: engine.name,
        providerPaymentId: intent.id,
        amountInCents: pkg.priceInCents,
        currency: CURRENCY,
        tokenAmount: pkg.tokenAmount,
        status: intent.status,
      });
      return {
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        amount: intent.amount,
        currency: intent.currency,
      };
    },

    /** POST /api/purchase-tokens: credits only what the provider says was paid, once. */
    async purchase(user: UserRow, input: { paymentIntentId: string; packageId?: string }) {
      const payment = await ownPayment(user, input.paymentIntentId);
      if (input.packageId !== undefined && input.packageId !== payment.packageId) {
        throw conflict('This payment was made for a different token package.', 'PACKAGE_MISMATCH');
      }
      const result = await settle(payment);
      if (result.kind === 'credited') {
        return {
          transaction: { id: result.row.id, amount: result.row.amount, type: 'purchase' as const },
          user: await freshUser(user.id),
        };
      }
      if (result.kind === 'pending') {
        throw conflict(result.error ?? 'The payment has not been completed.', 'PAYMENT_NOT_COMPLETED', {
          paymentStatus: result.status,
        });
      }
      if (result.kind === 'missing') throw notFound(PAYMENT_NOT_FOUND);
      throw conflict(
        'This payment does not match its order and was not credited. Please contact support.',
        'PAYMENT_MISMATCH',
      );
    },

    /** POST /api/payments/offline/confirm: the offline provider's card step, then its "webhook". */
    async confirmOffline(user: UserRow, input: { paymentIntentId: string; cardNumber: string }) {
      if (engine.name !== 'offline') throw notFound('Offline payments are not enabled');
      const payment = await ownPayment(user, input.paymentIntentId);
      const result = await engine.confirm(payment.providerPaymentId, input.cardNumber);
      if (!result) throw notFound(PAYMENT_NOT_FOUND);
      if (result.status === 'succeeded') {
        // like a provider webhook: credit now, so closing the tab after paying loses nothing
        await settle(payment).catch((err) =>
          log.warn({ err, paymentId: payment.id }, 'offline settle after confirm failed'),
        );
        return { status: 'succeeded' as const };
      }
      await repo.setStatus(payment.id, result.status, result.error);
      return result;
    },

    /** A verified Stripe event: a hint to re-read that intent (or charge, dispute) from Stripe and act on it. */
    async handleStripeEvent(event: PaymentEvent) {
      if (engine.name !== 'stripe') return { received: true, handled: false };
      if (event.chargeId) return reversals.reverse(engine, event);
      if (!event.paymentIntentId) return { received: true, handled: false };
      const payment = await repo.byProviderId('stripe', event.paymentIntentId);
      if (!payment) {
        log.info(
          { eventId: event.id, intent: event.paymentIntentId },
          'stripe event for an unknown payment intent ignored',
        );
        return { received: true, handled: false };
      }
      const result = await settle(payment);
      return { received: true, handled: true, result: result.kind };
    },

    /** "Payment received but no tokens?": re-reads the user's recent uncredited payments. */
    async recheck(user: UserRow) {
      await limits
        .owned(user.id)
        .enforce(
          `recheck:user:${user.id}`,
          RECHECK_RATE_WINDOW_MS,
          RECHECKS_PER_WINDOW,
          'Payments were checked several times just now. Please wait a few minutes and try again.',
        );
      const pending = await repo.uncreditedSince(
        user.id,
        engine.name,
        new Date(Date.now() - RECHECK_WINDOW_MS),
        RECHECK_LIMIT,
      );
      const credited: {
        paymentId: string;
        paymentIntentId: string;
        tokens: number;
        transactionId: string;
      }[] = [];
      for (const payment of pending) {
        const result = await settle(payment);
        if (result.kind === 'credited' && !result.duplicate) {
          credited.push({
            paymentId: payment.id,
            paymentIntentId: payment.providerPaymentId,
            tokens: result.row.amount,
            transactionId: result.row.id,
          });
        }
      }
      return { checked: pending.length, credited, user: await freshUser(user.id) };
    },

    /**
     * Vendor webhooks are hints: a payment whose browser call and webhook were both lost (tab closed,
     * server restarted, webhook misconfigured) is credited here from the provider's own record.
     */
    async reconcile() {
      const due = await repo.dueForReconcile(engine.name, RECONCILE);
      let credited = 0;
      for (const payment of due) {
        let result: SettleResult;
        try {
          result = await settle(payment);
        } catch (err) {
          // provider down: leave the rest for the next run
          if (err instanceof AppError && err.code === 'PAYMENT_PROVIDER_UNAVAILABLE') break;
          throw err;
        }
        if (result.kind === 'credited') {
          if (!result.duplicate) {
            credited += 1;
            log.info(
              { paymentId: payment.id, userId: payment.userId, tokens: payment.tokenAmount },
              'payment credited by the reconciler',
            );
          }
        } else {
          await repo.touch(payment.id);
        }
      }
      return { checked: due.length, credited };
    },

    settle,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
