import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { PaymentEvent } from '../../engines/payments/payments';
import type { StripePaymentsEngine } from '../../engines/payments/stripe';
import {
  applyLedgerEntry,
  ledgerEntryByKey,
  lockOwedTokens,
  paymentReversalRows,
  settleOwedTokens,
  takeBackTokens,
  type LedgerRow,
} from '../tokens';
import { createPaymentsRepository, type PaymentRow } from './payments.repository';
import type { SettleResult } from './settle-result';
import { formatCount, formatUsd, SERVER_LOCALE } from '../../../shared/intl';

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

/**
 * Refunds and disputes of card payments: Stripe's record says how much money went back, and the
 * tokens bought with it are taken back (or, for a won dispute, returned). Split from
 * payments.service.ts, which settles the purchases these reverse and lends its `settle` (a refund
 * can overtake the credit) and its guarded Stripe reads.
 */
export function createPaymentReversals(
  deps: Pick<AppDeps, 'db' | 'log'>,
  payments: {
    settle: (payment: PaymentRow) => Promise<SettleResult>;
    stripeRead: <T>(what: string, read: () => Promise<T>) => Promise<T>;
  },
) {
  const { db, log } = deps;
  const repo = createPaymentsRepository(db);
  const { settle, stripeRead } = payments;

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
      const reversals = await paymentReversalRows(tx, paid.id);
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
        if (await ledgerEntryByKey(tx, item.key)) continue;
        const cents = Math.min(item.cents, Math.max(0, paid.amountInCents - returned));
        const due =
          tokensDue(paid.tokenAmount, paid.amountInCents, returned + cents) -
          tokensDue(paid.tokenAmount, paid.amountInCents, returned);
        const res = await takeBackTokens(tx, {
          userId: paid.userId,
          due,
          idempotencyKey: item.key,
          description: `${paid.packageName} package: ${formatCount(due, SERVER_LOCALE)} tokens taken back (${item.what}, ${formatUsd(cents, SERVER_LOCALE)})`,
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
    const idx = reversals.findIndex((r) => r.idempotencyKey === disputeKey(disputeId));
    if (idx < 0 || (await ledgerEntryByKey(tx, disputeWonKey(disputeId)))) return { tokens: 0, cents: 0 };
    const row = reversals[idx]!;
    const before = reversals.slice(0, idx).reduce((sum, r) => sum - (r.amountInCents ?? 0), 0);
    const cents = -(row.amountInCents ?? 0);
    const due =
      tokensDue(paid.tokenAmount, paid.amountInCents, before + cents) -
      tokensDue(paid.tokenAmount, paid.amountInCents, before);
    const takenThen = -row.amount;
    const owedThen = Math.max(0, due - takenThen);
    const forgiven = Math.min(owedThen, await lockOwedTokens(tx, paid.userId));
    const tokens = takenThen + (owedThen - forgiven);
    await applyLedgerEntry(tx, {
      userId: paid.userId,
      type: 'refund',
      amount: tokens,
      idempotencyKey: disputeWonKey(disputeId),
      description: `${paid.packageName} package: dispute ${disputeId} won, ${formatCount(tokens, SERVER_LOCALE)} tokens returned${forgiven > 0 ? `, ${formatCount(forgiven, SERVER_LOCALE)} owed tokens forgiven` : ''}`,
      refType: 'payment',
      refId: paid.id,
      refundOf: paid.creditedTransactionId ?? undefined,
      amountInCents: cents,
    });
    if (forgiven > 0) await settleOwedTokens(tx, paid.userId, forgiven);
    return { tokens, cents };
  }

  return { reverse };
}
