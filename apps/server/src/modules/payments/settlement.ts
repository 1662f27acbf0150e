import { feePercentAt, type Settlement, settlementOf } from '@slotwise/shared/payments-schemas';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';
import { enqueueJobs } from '../../jobs/job-queue';
import { type Movement, moneyBack, moneyIn, recordMovements } from './ledger';
import { lockPayment, partyOf, type PaymentRow } from './payment-rows';

/**
 * Cancel and no-show (docs/decisions/068-payments.md): the quote says what a cancel now keeps,
 * refunds and charges; the cancel and the no-show apply exactly that, once (`settled_at`), in
 * the same transaction as the status change. The terms are the ones agreed at booking (kept on
 * the payment), the tier is the one that applies at the moment of the cancel.
 */

export type SettledAs = 'canceled' | 'no_show' | 'provider_canceled';

export interface PaymentSettings {
  platformFeePercent: number;
  /** 'test': movements are final at once; 'stripe': a job calls Stripe, then records them. */
  gatewayName: 'test' | 'stripe';
}

/** The job that makes a refund or a fee charge happen at the payment provider. */
export const PAYMENT_MOVEMENT_JOB = 'payments.movement';

/** The money side of an appointment's payment, as its agreed terms apply now. */
export function quoteOf(
  row: PaymentRow,
  startsAt: Date,
  as: SettledAs,
  now: Date = new Date(),
  /** No fee whatever the tier: the provider is suspended (docs/product.md §19.4). */
  feeWaived = false,
): Settlement & { percent: number } {
  const hoursLeft = (startsAt.getTime() - now.getTime()) / 3_600_000;
  const percent = feeWaived
    ? 0
    : as === 'canceled'
      ? feePercentAt(row.cancellationFees, hoursLeft)
      : as === 'no_show'
        ? row.noShowFeePercent
        : 0;
  if (row.status !== 'paid' || row.settledAt) {
    return { fee_cents: 0, refund_cents: 0, charge_cents: 0, percent: 0 };
  }
  const paidCents = row.amountCents - row.refundedCents;
  return {
    ...settlementOf({ mode: row.mode, priceCents: row.priceCents, paidCents, percent }),
    percent,
  };
}

/**
 * Applies the quote to the appointment's paid payment, once: answers false when there is none,
 * it is not paid, or it was settled already (a no-show asked twice charges once).
 */
export async function settlePayment(
  tx: DbOrTx,
  settings: PaymentSettings,
  appointmentId: string,
  as: SettledAs,
  startsAt: Date,
  feeWaived = false,
): Promise<boolean> {
  const row = await lockPayment(tx, { appointmentId });
  if (!row || row.status !== 'paid' || row.settledAt) return false;
  const quote = quoteOf(row, startsAt, as, new Date(), feeWaived);
  await tx
    .update(payments)
    .set({
      refundedCents: sql`${payments.refundedCents} + ${quote.refund_cents}`,
      feeCents: sql`${payments.feeCents} + ${quote.fee_cents}`,
      settledAt: sql`now()`,
      settledAs: as,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, row.id));
  const movements: { action: 'refund' | 'charge'; cents: number; key: string }[] = [];
  if (quote.refund_cents > 0) {
    movements.push({ action: 'refund', cents: quote.refund_cents, key: `refund:${row.id}:${as}` });
  }
  if (quote.charge_cents > 0) {
    movements.push({ action: 'charge', cents: quote.charge_cents, key: `fee:${row.id}:${as}` });
  }
  if (row.gateway === 'test') {
    for (const movement of movements) {
      await recordMovements(tx, partyOf(row), await movementRows(tx, settings, row, movement));
    }
  } else {
    await enqueueJobs(
      tx,
      movements.map((movement) => ({
        kind: PAYMENT_MOVEMENT_JOB,
        key: `payment:${row.id}`,
        payload: { paymentId: row.id, ...movement },
      })),
    );
  }
  if (movements.length > 0) await queueReceipt(tx, row.id, as);
  return true;
}

/** The ledger rows of a refund or a fee charge (with its ref at the payment provider). */
export async function movementRows(
  tx: DbOrTx,
  settings: PaymentSettings,
  row: PaymentRow,
  movement: { action: 'refund' | 'charge'; cents: number; key: string },
  gatewayRef: string | null = null,
): Promise<Movement[]> {
  return movement.action === 'refund'
    ? moneyBack(tx, row.id, row.amountCents, movement.cents, movement.key, gatewayRef)
    : moneyIn('fee', movement.cents, movement.key, settings.platformFeePercent, gatewayRef);
}

/** The receipt mail job of a payment's movement (receipt-mail.ts). */
export const PAYMENT_RECEIPT_JOB = 'payments.receipt';

export async function queueReceipt(
  tx: DbOrTx,
  paymentId: string,
  event: 'paid' | SettledAs | 'late',
): Promise<void> {
  await enqueueJobs(tx, [{ kind: PAYMENT_RECEIPT_JOB, payload: { paymentId, event } }]);
}
