import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant, ownerKey, uuidId } from './columns';
import { users } from './accounts';

/**
 * On the phone (docs/decisions/073-phones.md): push subscriptions, phone confirmations and SMS.
 * Indexes and checks are in 0023_phones.sql.
 */

/** A browser's web push subscription (one per endpoint). */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: uuidId(),
  userId: belongsTo('user_id', () => users.id),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
  lastPushAt: instant('last_push_at'),
  failures: integer('failures').notNull().default(0),
});

/** A number being confirmed by a texted code (its SHA-256 only). */
export const phoneConfirmations = pgTable('phone_confirmations', {
  userId: ownerKey('user_id', () => users.id),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: instant('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
});

/** Numbers that answered STOP. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  optedOutAt: instant('opted_out_at').notNull().defaultNow(),
});

export const SMS_STATUSES = ['queued', 'deferred', 'sent', 'suppressed', 'failed'] as const;

/** Every SMS asked for and what became of it (the daily cap counts the sent ones). */
export const smsMessages = pgTable('sms_messages', {
  id: uuidId(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  phone: text('phone').notNull(),
  kind: text('kind').notNull(),
  body: text('body').notNull(),
  status: text('status', { enum: SMS_STATUSES }).notNull().default('queued'),
  reason: text('reason'),
  gatewayRef: text('gateway_ref'),
  sendAfter: instant('send_after').notNull().defaultNow(),
  sentAt: instant('sent_at'),
  createdAt: createdAt(),
});
