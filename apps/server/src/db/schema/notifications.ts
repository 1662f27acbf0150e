import { NOTIFICATION_TYPES } from '@slotwise/shared/enums';
import type { ChannelMatrixPatch } from '@slotwise/shared/phones-schemas';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, optionalRef, ownerKey, updatedAt, uuidId } from './columns';
import { users } from './accounts';
import { appointments } from './appointments';

/** Reaching people: stored notifications, email preferences and calendar feeds. */

export const notifications = pgTable(
  'notifications',
  {
    id: uuidId(),
    userId: belongsTo('user_id', () => users.id),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    appointmentId: optionalRef('appointment_id', () => appointments.id),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

// ---- Weekly hours and time off (docs/decisions/040-weekly-hours-and-time-off.md) ---------------

export const notificationPreferences = pgTable('notification_preferences', {
  userId: ownerKey('user_id', () => users.id),
  emailReminders: boolean('email_reminders').notNull().default(true),
  emailBookingUpdates: boolean('email_booking_updates').notNull().default(true),
  /** The matrix cells other than the two above (docs/decisions/073-phones.md): overrides only. */
  channels: jsonb('channels').$type<ChannelMatrixPatch>().notNull().default({}),
  updatedAt: updatedAt(),
});

/**
 * One secret calendar feed per user. The secret is an HMAC of (user, nonce) under the server's
 * key, so the URL can be shown again; only its SHA-256 and the nonce are stored.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: ownerKey('user_id', () => users.id),
    secretHash: text('secret_hash').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_secret_hash_key').on(t.secretHash)],
);
