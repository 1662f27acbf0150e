import { APPOINTMENT_EVENT_TYPES, APPOINTMENT_STATUSES, USER_ROLES } from '@slotwise/shared/enums';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  belongsTo,
  createdAt,
  instant,
  optionalRef,
  slotTimes,
  updatedAt,
  uuidId,
} from './columns';
import { users } from './accounts';
import { providers, services } from './providers';
import { timeslots } from './schedule';

/** Appointments, their append-only history, and the reviews written after them. */

/** The provider and the client of an appointment (and of its review): either's deletion deletes it. */
const parties = () => ({
  providerId: belongsTo('provider_id', () => providers.id),
  clientId: belongsTo('client_id', () => users.id),
});

/**
 * A series (docs/decisions/067-seats-and-series.md): a client's booking repeated every
 * `intervalWeeks` weeks; its occurrences are ordinary appointments that name it.
 */
export const appointmentSeries = pgTable(
  'appointment_series',
  {
    id: uuidId(),
    ...parties(),
    intervalWeeks: smallint('interval_weeks').notNull(),
    count: smallint('count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('appointment_series_client_idx').on(t.clientId),
    check('appointment_series_interval_check', sql`${t.intervalWeeks} between 1 and 4`),
    check('appointment_series_count_check', sql`${t.count} between 2 and 26`),
  ],
);

export const appointments = pgTable(
  'appointments',
  {
    id: uuidId(),
    /** Null once a provider deletes the (no longer booked) slot; the times below remain. */
    timeslotId: optionalRef('timeslot_id', () => timeslots.id),
    ...parties(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('booked'),
    /** Copy of the slot's time, so history survives the slot. */
    ...slotTimes(),
    serviceType: text('service_type').notNull(),
    /** The service and its price as they were when booked: later edits do not rewrite history. */
    serviceId: optionalRef('service_id', () => services.id),
    serviceName: text('service_name'),
    priceCents: integer('price_cents'),
    currency: text('currency'),
    /** The provider's cancellation cut-off when this was booked (docs/decisions/047-booking-policies.md). */
    cancelCutoffMinutes: integer('cancel_cutoff_minutes').notNull().default(0),
    /**
     * The resource its service needed when booked; the 0017 exclusion constraint
     * appointments_resource_no_overlap keeps two booked ones from overlapping.
     */
    resourceId: uuid('resource_id'),
    /** The series this occurrence belongs to (null for a single booking). */
    seriesId: uuid('series_id').references(() => appointmentSeries.id, { onDelete: 'set null' }),
    canceledAt: instant('canceled_at'),
    canceledBy: text('canceled_by', { enum: USER_ROLES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One seat per client and slot; the slot's seat count (timeslots_seats_taken_check) guards
    // the rest (docs/decisions/067-seats-and-series.md).
    uniqueIndex('appointments_one_seat_per_client')
      .on(t.timeslotId, t.clientId)
      .where(sql`${t.status} in ('booked', 'pending_payment')`),
    index('appointments_series_idx')
      .on(t.seriesId, t.startsAt)
      .where(sql`${t.seriesId} is not null`),
    index('appointments_client_starts_idx').on(t.clientId, t.startsAt),
    index('appointments_provider_starts_idx').on(t.providerId, t.startsAt),
    // Stats and analytics read a provider's appointments by their (local) day window.
    index('appointments_provider_day_idx').on(t.providerId, t.day),
    check(
      'appointments_status_check',
      sql`${t.status} in ('booked', 'canceled', 'completed', 'no_show', 'pending_payment', 'expired')`,
    ),
  ],
);

/** Append-only history: stats and notifications are computed from it. */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: uuidId(),
    appointmentId: belongsTo('appointment_id', () => appointments.id),
    providerId: uuid('provider_id').notNull(),
    clientId: uuid('client_id').notNull(),
    type: text('type', { enum: APPOINTMENT_EVENT_TYPES }).notNull(),
    actorRole: text('actor_role', { enum: USER_ROLES }).notNull(),
    actorUserId: uuid('actor_user_id').notNull(),
    fromTimeslotId: uuid('from_timeslot_id'),
    toTimeslotId: uuid('to_timeslot_id'),
    /** The appointment's time after the event. */
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    occurredAt: instant('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    index('appointment_events_provider_occurred_idx').on(t.providerId, t.occurredAt),
    index('appointment_events_appointment_idx').on(t.appointmentId),
  ],
);

/**
 * Verified reviews (docs/decisions/045-reviews-and-ratings.md): one per appointment, written by
 * its client after it completed. A trigger keeps `providers.rating_sum/rating_count` current.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuidId(),
    appointmentId: belongsTo('appointment_id', () => appointments.id),
    ...parties(),
    rating: smallint('rating').notNull(),
    /** Plain text, trimmed; '' when the client left none. */
    comment: text('comment').notNull().default(''),
    /** The provider's one answer; editable for 24 h after `repliedAt`. */
    reply: text('reply'),
    repliedAt: instant('replied_at'),
    replyUpdatedAt: instant('reply_updated_at'),
    /** Hidden by an operator (docs/decisions/072): kept, shown nowhere public, not rated. */
    hiddenAt: instant('hidden_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The rule "one review per appointment", whatever the code does.
    uniqueIndex('reviews_one_per_appointment').on(t.appointmentId),
    index('reviews_provider_created_idx').on(t.providerId, t.createdAt, t.id),
    index('reviews_client_idx').on(t.clientId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_comment_length', sql`char_length(${t.comment}) <= 2000`),
    check(
      'reviews_reply_length',
      sql`${t.reply} is null or char_length(${t.reply}) between 1 and 2000`,
    ),
    // The rating trigger (reviews_provider_rating) is in the SQL migration (Drizzle has none).
  ],
);
