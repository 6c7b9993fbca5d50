import { randomUUID } from 'node:crypto';
import { PACKAGE_NOT_FOUND } from '../../../shared/schemas/tokens';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { AnyPaymentsEngine } from '../../engines/engines';
import { type PaymentEvent, type PaymentIntent } from '../../engines/payments/payments';
import type { StripePaymentsEngine } from '../../engines/payments/stripe';
import { AppError, conflict, notFound } from '../../lib/errors';
import { createAuthRepository } from '../auth/auth.repository';
import type { UserRow } from '../users/users.repository';
import { createUsersRepository } from '../users/users.repository';
import { toPublicUser } from '../users/public-user';
import { applyLedgerEntry, collectOwedTokens, inLedgerTransaction, takeBackTokens } from './ledger.service';
import { createLedgerRepository, type LedgerRow } from './ledger.repository';
import { createPackagesRepository } from './packages.repository';
import { createPaymentsRepository, type PaymentRow } from './payments.repository';
import { EngineError } from '../../engines/engine-error';

const CURRENCY = 'usd';
const RECHECK_WINDOW_MS = 30 * 86_400_000;
const RECHECK_LIMIT = 20;
// each recheck asks the provider about up to RECHECK_LIMIT payments; a clicking loop must not become an API storm
const RECHECKS_PER_WINDOW = 10;
// Reconciler: Stripe retries webhooks for three days; within that span we also ask it ourselves.
const RECONCILE = { minAgeMs: 2 * 60_000, maxAgeMs: 3 * 86_400_000, minGapMs: 5 * 60_000, limit: 50 };
const RECHECK_RATE_WINDOW_MS = 10 * 60_000;

export const PAYMENT_NOT_FOUND = 'Payment not found';

export type SettleResult =
  | { kind: 'credited'; row: LedgerRow; duplicate: boolean }
  | { kind: 'pending'; status: string; error: string | null }
  | { kind: 'missing' }
  | { kind: 'mismatch'; reason: string };

export const paymentKey = (p: Pick<PaymentRow, 'provider' | 'providerPaymentId'>) =>
  `payment:${p.provider}:${p.providerPaymentId}`;
export const refundKey = (refundId: string) => `payment-refund:stripe:${refundId}`;
export const disputeKey = (disputeId: string) => `payment-dispute:stripe:${disputeId}`;
export const disputeWonKey = (disputeId: string) => `payment-dispute-won:stripe:${disputeId}`;
// disputes whose funds Stripe has withdrawn (inquiries, `warning_*`, withdraw nothing; `won` gives them back)
const DISPUTE_WITHDRAWN = new Set(['needs_response', 'under_review', 'lost']);

/**
 * Tokens a payment's refunds/disputes take back, proportional to the money returned: after
 * `cents` of `paidCents` have gone back, floor(tokens × cents / paidCents) tokens are due in all. The
 * rule is cumulative (each new refund takes the difference), so partial refunds round down in the
 * customer's favour and a full refund takes back exactly what was bought.
 */
export function tokensDue(tokens: number, paidCents: number, cents: number) {
  if (paidCents <= 0) return 0;
  return Math.floor((tokens * Math.min(Math.max(cents, 0), paidCents)) / paidCents);
}

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
  const packages = createPackagesRepository(db);
  const ledger = createLedgerRepository(db);
  const usersRepo = createUsersRepository(db);
  const limits = createAuthRepository(db);

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
      const row = await ledger.findByKey(key);
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
          description: `${payment.packageName} package: ${payment.tokenAmount.toLocaleString('en-US')} tokens`,
          refType: 'payment',
          refId: payment.id,
        });
        await createPaymentsRepository(tx).markCredited(payment.id, res.row.id);
        // tokens an earlier refund or dispute could not take back are owed: a purchase repays them
        if (!res.duplicate)
          await collectOwedTokens(tx, {
            userId: payment.userId,
            credited: payment.tokenAmount,
            creditKey: key,
            refId: payment.id,
          });
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

  /**
   * charge.refunded / charge.refund.updated / charge.dispute.*: re-read the charge (and dispute) from
   * Stripe, then take back the tokens of each succeeded refund and each dispute whose funds were
   * withdrawn, once per refund/dispute id, in one transaction per event (see tokensDue).
   */
  async function reverse(stripe: StripePaymentsEngine, event: PaymentEvent) {
    const ignored = (why: string) => {
      log.info(
        { eventId: event.id, type: event.type, chargeId: event.chargeId },
        `stripe ${event.type} ignored: ${why}`,
      );
      return { received: true, handled: false };
    };
    const charge = await stripeRead('charge', () => stripe.retrieveCharge(event.chargeId!));
    if (!charge?.paymentIntentId) return ignored('unknown charge');
    let payment = await repo.byProviderId('stripe', charge.paymentIntentId);
    if (!payment) return ignored('charge of an unknown payment');
    if (
      charge.amount !== payment.amountInCents ||
      charge.currency.toLowerCase() !== payment.currency.toLowerCase()
    ) {
      log.warn(
        { paymentId: payment.id, chargeId: charge.id },
        'stripe charge does not match our payment; nothing taken back',
      );
      return ignored('charge does not match the payment');
    }
    const dispute = event.disputeId
      ? await stripeRead('dispute', () => stripe.retrieveDispute(event.disputeId!))
      : null;
    if (dispute && dispute.chargeId !== charge.id) return ignored('dispute of another charge');
    if (!payment.creditedTransactionId) {
      // a refund can overtake the credit: credit first, so the take-back has something to reverse
      const settled = await settle(payment);
      if (settled.kind !== 'credited') return ignored('payment was never credited');
      payment = (await repo.byId(payment.id))!;
    }
    const items = charge.refunds
      .filter((r) => r.status === 'succeeded')
      .sort((a, b) => a.created - b.created || a.id.localeCompare(b.id))
      .map((r) => ({
        key: refundKey(r.id),
        cents: r.amount,
        what: `refund ${r.id}`,
        flag: undefined as string | undefined,
      }));
    if (dispute && DISPUTE_WITHDRAWN.has(dispute.status)) {
      items.push({
        key: disputeKey(dispute.id),
        cents: dispute.amount,
        what: `dispute ${dispute.id}`,
        flag: `Payment ${charge.paymentIntentId} disputed (${dispute.reason})`,
      });
    }
    const paid = payment;
    const outcome = await db.transaction(async (tx) => {
      // one payment's take-backs are computed one event at a time
      await createPaymentsRepository(tx).lockForUpdate(paid.id);
      const ledgerTx = createLedgerRepository(tx);
      const reversals = await ledgerTx.reversalsOf(paid.id);
      // take-backs carry the returned money as negative cents, a won dispute's return as positive
      let returned = reversals.reduce((sum, r) => sum - (r.amountInCents ?? 0), 0);
      let taken = 0;
      let owed = 0;
      let given = 0;
      if (dispute?.status === 'won') {
        const back = await returnWonDispute(tx, paid, dispute.id, reversals);
        returned -= back.cents;
        given += back.tokens;
      }
      for (const item of items) {
        if (await ledgerTx.findByKey(item.key)) continue;
        const cents = Math.min(item.cents, Math.max(0, paid.amountInCents - returned));
        const due =
          tokensDue(paid.tokenAmount, paid.amountInCents, returned + cents) -
          tokensDue(paid.tokenAmount, paid.amountInCents, returned);
        const res = await takeBackTokens(tx, {
          userId: paid.userId,
          due,
          idempotencyKey: item.key,
          description: `${paid.packageName} package: ${due} tokens taken back (${item.what}, $${(cents / 100).toFixed(2)})`,
          refType: 'payment',
          refId: paid.id,
          refundOf: paid.creditedTransactionId ?? undefined,
          amountInCents: -cents,
          flag: item.flag,
        });
        returned += cents;
        taken += res.taken;
        owed += res.owed;
      }
      return { taken, owed, given };
    });
    if (outcome.owed > 0)
      log.warn(
        { paymentId: paid.id, userId: paid.userId, owed: outcome.owed },
        'refunded/disputed tokens were already spent; account flagged',
      );
    return { received: true, handled: true, result: 'reversed', ...outcome };
  }

  /**
   * A won dispute gives the money back to us, so the tokens its take-back removed return: what was
   * taken is credited again, and the part that was owed is forgiven (or, when a purchase already
   * repaid it, credited too). Once per dispute; nothing when no take-back was ever recorded.
   */
  async function returnWonDispute(
    tx: DbOrTx,
    paid: PaymentRow,
    disputeId: string,
    reversals: LedgerRow[],
  ): Promise<{ tokens: number; cents: number }> {
    const ledgerTx = createLedgerRepository(tx);
    const idx = reversals.findIndex((r) => r.idempotencyKey === disputeKey(disputeId));
    if (idx < 0 || (await ledgerTx.findByKey(disputeWonKey(disputeId)))) return { tokens: 0, cents: 0 };
    const row = reversals[idx]!;
    const before = reversals.slice(0, idx).reduce((sum, r) => sum - (r.amountInCents ?? 0), 0);
    const cents = -(row.amountInCents ?? 0);
    const due =
      tokensDue(paid.tokenAmount, paid.amountInCents, before + cents) -
      tokensDue(paid.tokenAmount, paid.amountInCents, before);
    const takenThen = -row.amount;
    const owedThen = Math.max(0, due - takenThen);
    const forgiven = Math.min(owedThen, await ledgerTx.lockOwed(paid.userId));
    const tokens = takenThen + (owedThen - forgiven);
    await applyLedgerEntry(tx, {
      userId: paid.userId,
      type: 'refund',
      amount: tokens,
      idempotencyKey: disputeWonKey(disputeId),
      description: `${paid.packageName} package: dispute ${disputeId} won, ${tokens} tokens returned${forgiven > 0 ? `, ${forgiven} owed tokens forgiven` : ''}`,
      refType: 'payment',
      refId: paid.id,
      refundOf: paid.creditedTransactionId ?? undefined,
      amountInCents: cents,
    });
    if (forgiven > 0) await ledgerTx.settleOwed(paid.userId, forgiven);
    return { tokens, cents };
  }

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
      const pkg = /^[0-9a-f-]{36}$/i.test(packageId) ? await packages.byId(packageId) : null;
      if (!pkg || !pkg.isActive) throw new AppError(404, 'PACKAGE_NOT_FOUND', PACKAGE_NOT_FOUND);
      const paymentId = randomUUID();
      let intent;
      try {
        intent = await engine.createIntent({
          amount: pkg.priceInCents,
          currency: CURRENCY,
          description: `LoRA Studio ${pkg.name} package (${pkg.tokenAmount} tokens)`,
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
      if (event.chargeId) return reverse(engine, event);
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
      const hit = await limits.hit(`recheck:user:${user.id}`, RECHECK_RATE_WINDOW_MS);
      if (hit.count > RECHECKS_PER_WINDOW) {
        const message =
          'Payments were checked several times just now. Please wait a few minutes and try again.';
        throw new AppError(429, 'RATE_LIMITED', message, undefined, { retryAfter: hit.retryAfterSec });
      }
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
