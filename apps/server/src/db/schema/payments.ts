import {
  type CancellationFeeTier,
  LEDGER_KINDS,
  PAYMENT_STATUSES,
  type PaymentMode,
} from '@slotwise/shared/payments-schemas';
import { boolean, integer, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant, updatedAt, uuidId } from './columns';
import { users } from './accounts';
import { appointments } from './appointments';

/**
 * Payments, the ledger and the payment provider's records (docs/decisions/068-payments.md). The
 * checks, indexes and the ledger's append-only trigger are in 0019_payments.sql.
 */

/** One per appointment of a service that takes money: due, paid, refunded, kept; the agreed terms. */
export const payments = pgTable('payments', {
  id: uuidId(),
  appointmentId: belongsTo('appointment_id', () => appointments.id),
  providerId: uuid('provider_id').notNull(),
  /** Null once the client's account is erased; the payment stays. */
  clientId: uuid('client_id'),
  mode: text('mode').$type<Exclude<PaymentMode, 'none'>>().notNull(),
  status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
  /** Due at the checkout: the deposit, the price, or 0 (a card kept on file). */
  amountCents: integer('amount_cents').notNull(),
  /** The service's price when booked: fees are percents of it. */
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull(),
  refundedCents: integer('refunded_cents').notNull().default(0),
  feeCents: integer('fee_cents').notNull().default(0),
  cancellationFees: jsonb('cancellation_fees').$type<CancellationFeeTier[]>().notNull().default([]),
  noShowFeePercent: smallint('no_show_fee_percent').notNull().default(0),
  /** 'test' (the embedded provider) or 'stripe'. */
  gateway: text('gateway').notNull().default('test'),
  /** The provider's id of the checkout (a Stripe Checkout Session). */
  gatewayRef: text('gateway_ref'),
  /** The saved card (a Stripe PaymentMethod) for later charges of a card on file. */
  gatewayMethod: text('gateway_method'),
  checkoutUrl: text('checkout_url'),
  expiresAt: instant('expires_at').notNull(),
  paidAt: instant('paid_at'),
  /** When the cancel or no-show applied its fee and refund (once). */
  settledAt: instant('settled_at'),
  settledAs: text('settled_as'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Every movement of money, from the provider's side (+ in, − out). Never changed. */
export const ledgerEntries = pgTable('ledger_entries', {
  id: uuidId(),
  paymentId: uuid('payment_id').notNull(),
  appointmentId: uuid('appointment_id'),
  providerId: uuid('provider_id').notNull(),
  clientId: uuid('client_id'),
  kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  /** The movement's one name: writing it twice is a no-op (and the provider call's key). */
  idempotencyKey: text('idempotency_key').notNull(),
  gatewayRef: text('gateway_ref'),
  createdAt: createdAt(),
});

/** Stripe webhook events already processed (a replay changes nothing). */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').notNull().defaultNow(),
});

/** A user's Stripe records: a provider's Connect account, a client's customer. */
export const paymentAccounts = pgTable('payment_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stripeAccountId: text('stripe_account_id'),
  stripeCustomerId: text('stripe_customer_id'),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  updatedAt: updatedAt(),
});
