import { NOTIFICATION_TYPES } from '@slotwise/shared/enums';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { appointments } from './appointments';

/** Reaching people: stored notifications, email preferences and calendar feeds. */

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id, {
      onDelete: 'set null',
    }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

// ---- Weekly hours and time off (docs/decisions/040-weekly-hours-and-time-off.md) ---------------

export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailReminders: boolean('email_reminders').notNull().default(true),
  emailBookingUpdates: boolean('email_booking_updates').notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * One secret calendar feed per user. The secret is an HMAC of (user, nonce) under the server's
 * key, so the URL can be shown again; only its SHA-256 and the nonce are stored.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_secret_hash_key').on(t.secretHash)],
);
