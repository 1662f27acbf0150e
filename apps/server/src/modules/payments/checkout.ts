import { randomUUID } from 'node:crypto';
import {
  type CheckoutResponse,
  PAYMENT_MESSAGES,
  type PaymentSummary,
  TEST_CARDS,
} from '@slotwise/shared/payments-schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { appointmentEvents, appointments, payments, providers, users } from '../../db/schema';
import { ConflictError, DomainError, NotFoundError } from '../../errors';
import { cancelJobsByKey, enqueueJobs } from '../../jobs/job-queue';
import type { AppointmentChange } from '../appointments/change';
import { AppointmentChanges } from '../appointments/change-fanout';
import { freeSlot } from '../appointments/claimable-slot';
import { loadChange } from '../appointments/load-change';
import { paymentSummaryColumn } from '../appointments/payment-view';
import { inTransaction } from '../appointments/transaction';
import type { PaymentGateway } from './gateway';
import { moneyIn, recordMovements } from './ledger';
import {
  type PaidAt,
  payHold,
  recordWebhookEvent,
  type WebhookEventRef,
  WRITTEN_BY_PAID_STATEMENT,
} from './pay-hold';
import { lockPayment, partyOf, type PaymentRow, paymentSummaryOf } from './payment-rows';
import { type PaymentSettings, PAYMENT_MOVEMENT_JOB, queueReceipt } from './settlement';

/**
 * The checkout (docs/decisions/068-payments.md): a held seat becomes a booking when paid, or is
 * released at its deadline. Both start by locking the payment row, so a payment and the expiry
 * racing on one hold end in ONE outcome: paid (the expiry then finds it paid and does nothing)
 * or expired (a payment arriving after that is refunded in full: no money is ever lost).
 */

export interface PaymentsRuntime {
  db: Db;
  changes: AppointmentChanges;
  settings: PaymentSettings;
  gateway: PaymentGateway;
}

const NO_CONSUMERS = new AppointmentChanges();

const notFound = () => new NotFoundError(PAYMENT_MESSAGES.paymentNotFound);
const expired = () => new ConflictError('PAYMENT_EXPIRED', PAYMENT_MESSAGES.paymentExpired);

export type { PaidAt, WebhookEventRef } from './pay-hold';

/**
 * The payment arrived: the hold becomes a booking, told to everyone as any booking is (the
 * change's consumers: notification, mails, reminders, sockets), with its ledger rows and a
 * receipt. 'already': it was paid before (a replayed webhook, a second click); 'late': the hold
 * had expired, the money is recorded and refunded in full; 'seen': `event` was processed before.
 * `event`, a webhook's, is recorded with the payment's effect, in the same transaction.
 *
 * A pending hold in time is paid by one read and one statement (pay-hold.ts,
 * docs/decisions/081-webhook-throughput.md); everything else — and a payment that statement did
 * not change — takes the transaction below, which locks the payment row and decides.
 */
export async function markPaid(
  rt: PaymentsRuntime,
  paymentId: string,
  paid: PaidAt,
  event: WebhookEventRef | null = null,
): Promise<{ outcome: 'paid' | 'already' | 'late' | 'seen'; payment?: PaymentSummary | null }> {
  const fast = await payHold(rt.db, rt.settings, paymentId, paid, event);
  if (fast.kind === 'paid') {
    // The statement wrote the notification and the mail jobs; the other consumers' work runs
    // after its commit, as after a booking's (book.ts, docs/decisions/079-booking-rush.md).
    await rt.changes.inTransaction(rt.db, fast.change, WRITTEN_BY_PAID_STATEMENT);
    await rt.changes.afterCommit(fast.change);
    return { outcome: 'paid', payment: fast.payment };
  }
  if (fast.kind !== 'other') return { outcome: fast.kind };
  const outcome = await inTransaction(rt.db, async (tx) => {
    const row = await lockPayment(tx, { id: paymentId });
    if (!row) throw notFound();
    let result: { kind: 'paid' | 'already' | 'late'; change: AppointmentChange | null };
    if (row.status === 'paid') result = { kind: 'already', change: null };
    else if (row.status === 'expired' || row.expiresAt <= new Date()) {
      const released = row.status === 'pending' ? await releaseHold(tx, rt.changes, row) : null;
      await refundLatePayment(tx, rt.settings, row, paid);
      result = { kind: 'late', change: released };
    } else result = { kind: 'paid', change: await bookPaidHold(tx, rt, row, paid) };
    if (event) await recordWebhookEvent(tx, event);
    return result;
  });
  if (outcome.change) await rt.changes.afterCommit(outcome.change);
  return { outcome: outcome.kind };
}

async function bookPaidHold(
  tx: DbOrTx,
  rt: PaymentsRuntime,
  row: PaymentRow,
  paid: PaidAt,
): Promise<AppointmentChange> {
  await tx
    .update(payments)
    .set({
      status: 'paid',
      paidAt: sql`now()`,
      gatewayRef: paid.gatewayRef ?? row.gatewayRef,
      gatewayMethod: paid.gatewayMethod ?? row.gatewayMethod,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, row.id));
  const [booked] = await tx
    .update(appointments)
    .set({ status: 'booked', updatedAt: sql`now()` })
    .where(and(eq(appointments.id, row.appointmentId), eq(appointments.status, 'pending_payment')))
    .returning();
  if (!booked) throw notFound();
  // The booking's own record, as the claim writes it for a booking that takes no money.
  await tx.insert(appointmentEvents).values({
    appointmentId: booked.id,
    providerId: booked.providerId,
    clientId: booked.clientId,
    type: 'booked',
    actorRole: 'client',
    actorUserId: booked.clientId,
    toTimeslotId: booked.timeslotId,
    startsAt: booked.startsAt,
    endsAt: booked.endsAt,
  });
  await recordMovements(
    tx,
    partyOf(row),
    moneyIn(
      'charge',
      row.amountCents,
      `charge:${row.id}`,
      rt.settings.platformFeePercent,
      paid.gatewayRef ?? null,
    ),
  );
  await cancelJobsByKey(tx, `payment-expiry:${row.id}`);
  await queueReceipt(tx, row.id, 'paid');
  const actor = { role: 'client' as const, userId: booked.clientId };
  return loadChange(tx, rt.changes, booked.id, 'booked', actor, null, { taken: [], freed: [] });
}

/**
 * The hold ends unpaid: payment and appointment `expired`, the seat free again. Nobody is told
 * but the pages showing the slot (a `held` change).
 */
async function releaseHold(
  tx: DbOrTx,
  changes: AppointmentChanges,
  row: PaymentRow,
): Promise<AppointmentChange | null> {
  await tx
    .update(payments)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(eq(payments.id, row.id));
  const [released] = await tx
    .update(appointments)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(and(eq(appointments.id, row.appointmentId), eq(appointments.status, 'pending_payment')))
    .returning({ timeslotId: appointments.timeslotId, clientId: appointments.clientId });
  if (!released) return null;
  await freeSlot(tx, released.timeslotId);
  const freed = released.timeslotId ? [released.timeslotId] : [];
  const actor = { role: 'client' as const, userId: released.clientId };
  const change = await loadChange(tx, NO_CONSUMERS, row.appointmentId, 'canceled', actor, null, {
    taken: [],
    freed,
  });
  const freedChange: AppointmentChange = { ...change, held: true };
  // The freed seat goes to the waitlist first (docs/decisions/069-waitlist.md).
  await changes.slotsFreedInTransaction(tx, freedChange);
  return freedChange;
}

/** Money that arrived after its hold expired: recorded, and all of it given back. */
async function refundLatePayment(
  tx: DbOrTx,
  settings: PaymentSettings,
  row: PaymentRow,
  paid: PaidAt,
): Promise<void> {
  if (!paid.gatewayRef || row.amountCents === 0 || row.settledAt) return;
  await tx
    .update(payments)
    .set({
      refundedCents: row.amountCents,
      gatewayRef: paid.gatewayRef,
      settledAt: sql`now()`,
      settledAs: 'late',
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, row.id));
  const key = `charge:${row.id}`;
  await recordMovements(
    tx,
    partyOf(row),
    moneyIn('charge', row.amountCents, key, settings.platformFeePercent, paid.gatewayRef),
  );
  // The refund goes through the payment provider's job, which records it once it is made.
  const refund = {
    paymentId: row.id,
    action: 'refund',
    cents: row.amountCents,
    key: `refund:${row.id}:late`,
  };
  await enqueueJobs(tx, [
    { kind: PAYMENT_MOVEMENT_JOB, key: `payment:${row.id}`, payload: refund },
  ]);
  await queueReceipt(tx, row.id, 'late');
}

/**
 * An erased account's unpaid hold (docs/product.md §19.5): released at once, as at its deadline.
 * Answers the (held) change for its after-commit effects, or null when there was none.
 */
export async function releaseHoldOf(
  tx: DbOrTx,
  changes: AppointmentChanges,
  appointmentId: string,
): Promise<AppointmentChange | null> {
  const row = await lockPayment(tx, { appointmentId });
  if (!row || row.status !== 'pending') return null;
  return releaseHold(tx, changes, row);
}

/** The expiry job: an unpaid hold past its deadline is released (a paid one is left alone). */
export async function expireHold(
  rt: PaymentsRuntime,
  paymentId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const outcome = await inTransaction(rt.db, async (tx) => {
    const row = await lockPayment(tx, { id: paymentId });
    if (!row || row.status !== 'pending' || row.expiresAt > now) return null;
    return { row, released: await releaseHold(tx, rt.changes, row) };
  });
  if (!outcome) return false;
  if (outcome.released) await rt.changes.afterCommit(outcome.released);
  await rt.gateway.cancelCheckout(outcome.row.gatewayRef).catch(() => undefined);
  return true;
}

/** POST /payments/:id/test-checkout: the embedded provider's card form (test cards only). */
export async function testCheckout(
  rt: PaymentsRuntime,
  clientUserId: string,
  paymentId: string,
  cardNumber: string,
) {
  if (rt.gateway.name !== 'test') throw notFound();
  const [row] = await rt.db
    .select({ status: payments.status, expiresAt: payments.expiresAt, mode: payments.mode })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.clientId, clientUserId)));
  if (!row) throw notFound();
  if (row.status === 'paid') throw new ConflictError('ALREADY_PAID', PAYMENT_MESSAGES.alreadyPaid);
  if (row.status === 'expired' || row.expiresAt <= new Date()) {
    await expireHold(rt, paymentId);
    throw expired();
  }
  if (cardNumber !== TEST_CARDS.success) {
    // The test decline card, and any other number: declined, the hold stays.
    throw new DomainError(402, 'CARD_DECLINED', PAYMENT_MESSAGES.cardDeclined);
  }
  const { outcome, payment: known } = await markPaid(rt, paymentId, {
    gatewayRef: `test_pi_${randomUUID()}`,
    gatewayMethod: row.mode === 'card_on_file' ? 'test_card_4242' : null,
  });
  if (outcome === 'already') throw new ConflictError('ALREADY_PAID', PAYMENT_MESSAGES.alreadyPaid);
  if (outcome === 'late') throw expired();
  const payment =
    known ?? (await paymentSummaryOf(rt.db, (await appointmentOf(rt.db, paymentId))!));
  return {
    message: row.mode === 'card_on_file' ? PAYMENT_MESSAGES.cardSaved : PAYMENT_MESSAGES.paid,
    payment: payment!,
  };
}

async function appointmentOf(db: DbOrTx, paymentId: string): Promise<string | null> {
  const [row] = await db
    .select({ appointmentId: payments.appointmentId })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row?.appointmentId ?? null;
}

/** GET /payments/:id: the client's own payment and what it is for (else 404). */
export async function checkoutOf(
  rt: PaymentsRuntime,
  clientUserId: string,
  paymentId: string,
): Promise<CheckoutResponse> {
  const providerUser = sql`provider_user`;
  const [row] = await rt.db
    .select({
      payment: paymentSummaryColumn,
      id: appointments.id,
      status: appointments.status,
      providerFirstName: sql<string>`${providerUser}.first_name`,
      providerLastName: sql<string>`${providerUser}.last_name`,
      providerId: providers.id,
      timezone: sql<string>`${providerUser}.timezone`,
      serviceName: appointments.serviceName,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
    })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .innerJoin(sql`${users} provider_user`, sql`provider_user.id = ${providers.userId}`)
    .where(and(eq(payments.id, paymentId), eq(payments.clientId, clientUserId)));
  if (!row?.payment) throw notFound();
  return {
    payment: row.payment,
    appointment: {
      id: row.id,
      status: row.status,
      provider_first_name: row.providerFirstName,
      provider_last_name: row.providerLastName,
      service_name: row.serviceName,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      // The page links back to the provider and shows the time in their zone.
      provider_id: row.providerId,
      timezone: row.timezone,
    },
    provider: rt.gateway.name,
  };
}
