import { percentOf } from '@slotwise/shared/payments-schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, paymentAccounts, payments, providers, users } from '../../db/schema';
import type { AppointmentChangeConsumer } from '../appointments/change-fanout';
import type { PaymentGateway } from './gateway';

/**
 * Stripe's checkout of a hold (docs/product.md §16, docs/decisions/068-payments.md): once the
 * booking that holds the seat committed, a Checkout Session is opened for its payment and the
 * booking's answer carries Stripe's address as `checkout_url`. The embedded test provider
 * needs none of this (its page is `/pay/:id`, known at the hold).
 */

/** The provider's Connect account, when it can take charges (the destination of the money). */
const connectAccountColumn = sql<string | null>`(select pa.stripe_account_id
  from ${paymentAccounts} pa where pa.user_id = ${providers.userId} and pa.charges_enabled)`;

/** The client's Stripe customer, if one was made (a card on file belongs to it). */
const customerColumn = sql<string | null>`(select pa.stripe_customer_id
  from ${paymentAccounts} pa where pa.user_id = ${users.id})`;

/** Opens the payment's checkout at the provider and keeps its reference and address. */
export async function openCheckout(
  db: Db,
  gateway: PaymentGateway,
  platformFeePercent: number,
  paymentId: string,
): Promise<string | null> {
  const providerUser = sql`provider_user`;
  // The provider's Connect account and the client's customer in the same read: one round trip
  // fewer per hold (docs/decisions/081-webhook-throughput.md).
  const [row] = await db
    .select({
      appointmentId: payments.appointmentId,
      mode: payments.mode,
      status: payments.status,
      amountCents: payments.amountCents,
      currency: payments.currency,
      expiresAt: payments.expiresAt,
      clientUserId: users.id,
      clientEmail: users.email,
      providerUserId: providers.userId,
      providerName: sql<string>`${providerUser}.first_name || ' ' || ${providerUser}.last_name`,
      what: sql<string>`coalesce(${appointments.serviceName}, ${appointments.serviceType})`,
      startsAt: appointments.startsAt,
      connectAccountId: connectAccountColumn,
      customerId: customerColumn,
    })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .innerJoin(users, eq(users.id, appointments.clientId))
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .innerJoin(sql`${users} provider_user`, sql`provider_user.id = ${providers.userId}`)
    .where(eq(payments.id, paymentId));
  if (!row || row.status !== 'pending') return null;
  const when = row.startsAt.toISOString().slice(0, 16).replace('T', ' ');
  const { ref, url } = await gateway.createCheckout({
    paymentId,
    appointmentId: row.appointmentId,
    mode: row.mode,
    amountCents: row.amountCents,
    currency: row.currency,
    description: `${row.what} with ${row.providerName}, ${when} UTC`,
    clientUserId: row.clientUserId,
    clientEmail: row.clientEmail,
    providerUserId: row.providerUserId,
    expiresAt: row.expiresAt,
    platformFeeCents: percentOf(row.amountCents, platformFeePercent),
    known: { connectAccountId: row.connectAccountId, customerId: row.customerId },
  });
  await db
    .update(payments)
    .set({ gatewayRef: ref, checkoutUrl: url, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')));
  return url;
}

/**
 * The appointment-change consumer that opens the checkout of every new hold, after its commit
 * (a failure is logged by the fan-out; the hold then simply expires unpaid).
 */
export function stripeCheckoutConsumer(
  db: Db,
  gateway: PaymentGateway,
  platformFeePercent: number,
): AppointmentChangeConsumer {
  return {
    name: 'stripe-checkout',
    async afterCommit(change) {
      const payment = change.clientView.payment;
      if (!change.held || change.notice.type !== 'booked' || payment?.status !== 'pending') return;
      const url = await openCheckout(db, gateway, platformFeePercent, payment.id);
      if (!url) return;
      change.clientView.payment = { ...payment, checkout_url: url };
      if (change.providerView.payment) {
        change.providerView.payment = { ...change.providerView.payment, checkout_url: url };
      }
    },
  };
}
