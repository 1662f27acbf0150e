import {
  APPOINTMENT_EVENT_TYPES,
  APPOINTMENT_STATUSES,
  NOTIFICATION_TYPES,
  USER_ROLES,
} from '@slotwise/shared/enums';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull(),
    /** IANA zone from the browser at registration; slot dates and "today" are read in it. */
    timezone: text('timezone').notNull().default('UTC'),
    profileImageId: uuid('profile_image_id').references((): AnyPgColumn => images.id, {
      onDelete: 'set null',
    }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_role_check', sql`${t.role} in ('client', 'provider')`),
  ],
);

/** Profile pictures, re-encoded to ≤500 px: small enough that the database is their one home. */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id')
    .notNull()
    .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  etag: text('etag').notNull(),
  createdAt: createdAt(),
});

export const providers = pgTable(
  'providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null until the provider completes onboarding. */
    specialty: text('specialty'),
    bio: text('bio').notNull().default(''),
    /** "first last specialty", lower-cased: what search matches, kept in step by the services. */
    searchText: text('search_text').notNull().default(''),
    /** Sum and number of review ratings, kept current by a trigger on `reviews` (0007). */
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** One of the eight category slugs; null: unlisted until the provider chooses. */
    category: text('category'),
    /** The gazetteer place (GeoNames id) and a copy of its name and coordinates. */
    placeId: integer('place_id'),
    placeName: text('place_name'),
    placeRegion: text('place_region'),
    placeCountry: text('place_country'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    address: text('address'),
    serviceMode: text('service_mode', { enum: ['at_provider', 'at_client', 'online'] })
      .notNull()
      .default('at_provider'),
    radiusKm: integer('radius_km'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('providers_user_id_key').on(t.userId),
    index('providers_search_text_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('providers_category_idx').on(t.category),
    // Also in 0004_catalogue: a GiST index on ll_to_earth(lat, lng) for distance queries
    // (earthdistance), and the category / service mode / radius / place checks.
  ],
);

export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the emailed token: a database leak does not verify anyone. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_verification_tokens_hash_key').on(t.tokenHash),
    index('email_verification_tokens_user_idx').on(t.userId),
  ],
);

/** Logged-out tokens until they would have expired anyway; shared by every instance. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

/** Failed logins per account, for the per-account hourly limit (shared by every instance). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_email_created_idx').on(t.email, t.createdAt)],
);

export const SLOT_SOURCES = ['manual', 'weekly'] as const;
export type SlotSource = (typeof SLOT_SOURCES)[number];

export const timeslots = pgTable(
  'timeslots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    /** Wall-clock date and times in the provider's zone, as the provider entered them. */
    day: date('day', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    /** The same slot as instants, fixed at creation from the provider's zone. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    type: text('type').notNull(),
    /** The service this slot is for (its type is then the service's name). */
    serviceId: uuid('service_id').references((): AnyPgColumn => services.id, {
      onDelete: 'set null',
    }),
    isBooked: boolean('is_booked').notNull().default(false),
    /** 'weekly': generated from the provider's weekly hours (replaced when they change). */
    source: text('source', { enum: SLOT_SOURCES }).notNull().default('manual'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('timeslots_provider_starts_idx').on(t.providerId, t.startsAt),
    index('timeslots_provider_day_idx').on(t.providerId, t.day, t.startTime),
    check('timeslots_source_check', sql`${t.source} in ('manual', 'weekly')`),
    check('timeslots_end_after_start', sql`${t.endTime} > ${t.startTime}`),
    check('timeslots_min_duration', sql`${t.endsAt} - ${t.startsAt} >= interval '15 minutes'`),
    // The no-overlap exclusion constraint is added in a custom migration (Drizzle has no EXCLUDE).
  ],
);

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once a provider deletes the (no longer booked) slot; the times below remain. */
    timeslotId: uuid('timeslot_id').references(() => timeslots.id, { onDelete: 'set null' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('booked'),
    /** Copy of the slot's time, so history survives the slot. */
    day: date('day', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    serviceType: text('service_type').notNull(),
    /** The service and its price as they were when booked: later edits do not rewrite history. */
    serviceId: uuid('service_id').references((): AnyPgColumn => services.id, {
      onDelete: 'set null',
    }),
    serviceName: text('service_name'),
    priceCents: integer('price_cents'),
    currency: text('currency'),
    /** The provider's cancellation cut-off when this was booked (docs/decisions/047-booking-policies.md). */
    cancelCutoffMinutes: integer('cancel_cutoff_minutes').notNull().default(0),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    canceledBy: text('canceled_by', { enum: USER_ROLES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The rule that prevents double booking: one active appointment per slot.
    uniqueIndex('appointments_one_active_per_slot')
      .on(t.timeslotId)
      .where(sql`${t.status} = 'booked'`),
    index('appointments_client_starts_idx').on(t.clientId, t.startsAt),
    index('appointments_provider_starts_idx').on(t.providerId, t.startsAt),
    // Stats and analytics read a provider's appointments by their (local) day window.
    index('appointments_provider_day_idx').on(t.providerId, t.day),
    check(
      'appointments_status_check',
      sql`${t.status} in ('booked', 'canceled', 'completed', 'no_show')`,
    ),
  ],
);

/** Append-only history: stats and notifications are computed from it. */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id').notNull(),
    clientId: uuid('client_id').notNull(),
    type: text('type', { enum: APPOINTMENT_EVENT_TYPES }).notNull(),
    actorRole: text('actor_role', { enum: USER_ROLES }).notNull(),
    actorUserId: uuid('actor_user_id').notNull(),
    fromTimeslotId: uuid('from_timeslot_id'),
    toTimeslotId: uuid('to_timeslot_id'),
    /** The appointment's time after the event. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointment_events_provider_occurred_idx').on(t.providerId, t.occurredAt),
    index('appointment_events_appointment_idx').on(t.appointmentId),
  ],
);

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

/** A provider's generation horizon; a row exists once weekly hours were saved. */
export const availabilitySettings = pgTable(
  'availability_settings',
  {
    providerId: uuid('provider_id')
      .primaryKey()
      .references(() => providers.id, { onDelete: 'cascade' }),
    horizonWeeks: integer('horizon_weeks').notNull().default(4),
    updatedAt: updatedAt(),
  },
  (t) => [check('availability_settings_horizon_check', sql`${t.horizonWeeks} between 1 and 26`)],
);

/** One range of a weekday (ISO: Monday 1 … Sunday 7), wall clock in the provider's zone. */
export const availabilityRules = pgTable(
  'availability_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    /** The service the slots offer (no foreign key until the services table exists). */
    serviceId: uuid('service_id'),
    slotMinutes: integer('slot_minutes').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('availability_rules_provider_idx').on(t.providerId, t.weekday, t.startTime),
    check('availability_rules_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('availability_rules_times_check', sql`${t.endTime} > ${t.startTime}`),
    check('availability_rules_slot_check', sql`${t.slotMinutes} between 15 and 480`),
    check('availability_rules_break_check', sql`${t.breakMinutes} between 0 and 240`),
  ],
);

/** A range in which the provider is away: no free slots, no generation. */
export const timeOff = pgTable(
  'time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('time_off_provider_starts_idx').on(t.providerId, t.startsAt),
    check('time_off_range_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** The daily generation run: one row per (UTC) day, claimed by the instance that runs it. */
export const scheduleRuns = pgTable('schedule_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  providers: integer('providers').notNull().default(0),
  created: integer('created').notNull().default(0),
});
/**
 * Verified reviews (docs/decisions/045-reviews-and-ratings.md): one per appointment, written by
 * its client after it completed. A trigger keeps `providers.rating_sum/rating_count` current.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    /** Plain text, trimmed; '' when the client left none. */
    comment: text('comment').notNull().default(''),
    /** The provider's one answer; editable for 24 h after `repliedAt`. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    replyUpdatedAt: timestamp('reply_updated_at', { withTimezone: true }),
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

/** One conversation per client–provider pair (docs/decisions/043-messages.md). */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    /** The provider's user (copied from providers.user_id, which never changes): who may read. */
    providerUserId: uuid('provider_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Creation, then every message (in its transaction): orders the conversation list. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_client_provider_key').on(t.clientId, t.providerId),
    index('conversations_client_activity_idx').on(t.clientId, t.lastActivityAt.desc(), t.id.desc()),
    index('conversations_provider_user_activity_idx').on(
      t.providerUserId,
      t.lastActivityAt.desc(),
      t.id.desc(),
    ),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Plain text, trimmed, 1–2,000 characters. */
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** When the recipient read it. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // Keyset pagination of a conversation's history, newest first.
    index('messages_conversation_created_idx').on(
      t.conversationId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // Unread counts read only the unread rows.
    index('messages_unread_idx')
      .on(t.conversationId, t.senderId)
      .where(sql`${t.readAt} is null`),
    check('messages_body_length_check', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

// ---- Email and calendars (docs/decisions/042-job-queue.md) ------------------------------------

export const JOB_STATUSES = ['pending', 'running', 'done', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The durable job queue: mail and reminders, claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** Groups jobs that can be canceled together (e.g. `reminder:<appointmentId>`). */
    key: text('key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    /** While running: after this instant another worker may take the job over (crash). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    index('jobs_key_idx')
      .on(t.key)
      .where(sql`${t.status} = 'pending'`),
    /** One pending message digest per conversation and recipient (docs/decisions/043-messages.md). */
    uniqueIndex('jobs_pending_digest_key')
      .on(t.key)
      .where(sql`${t.status} = 'pending' and ${t.kind} = 'email.message-digest'`),
  ],
);

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

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** Bumped by a password reset: every token issued with a lower generation is refused. */
export const sessionGenerations = pgTable('session_generations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  generation: integer('generation').notNull().default(0),
  updatedAt: updatedAt(),
});

/** When a mail of a purpose was last sent to an address (known or not): honest cooldowns. */
export const mailCooldowns = pgTable(
  'mail_cooldowns',
  {
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'mail_cooldowns_pkey', columns: [t.purpose, t.email] })],
);

/** What a provider offers: named services with a duration and a price (minor units). */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull().default(''),
    /** False once archived (a service with bookings is never deleted). */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('services_provider_idx').on(t.providerId, t.active),
    check('services_duration_check', sql`${t.durationMinutes} between 15 and 480`),
    check('services_price_check', sql`${t.priceCents} between 0 and 10000000`),
    check('services_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('services_name_check', sql`char_length(${t.name}) between 1 and 80`),
  ],
);

/** A provider's booking policy (docs/decisions/047-booking-policies.md); no row: the defaults. */
export const bookingPolicies = pgTable(
  'booking_policies',
  {
    providerId: uuid('provider_id')
      .primaryKey()
      .references(() => providers.id, { onDelete: 'cascade' }),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(0),
    maxAdvanceDays: integer('max_advance_days').notNull().default(90),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    maxPerDay: integer('max_per_day'),
    cancelCutoffMinutes: integer('cancel_cutoff_minutes').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('booking_policies_min_notice_check', sql`${t.minNoticeMinutes} between 0 and 43200`),
    check('booking_policies_max_advance_check', sql`${t.maxAdvanceDays} between 1 and 730`),
    check('booking_policies_buffer_check', sql`${t.bufferMinutes} between 0 and 240`),
    check(
      'booking_policies_max_per_day_check',
      sql`${t.maxPerDay} is null or ${t.maxPerDay} between 1 and 100`,
    ),
    check(
      'booking_policies_cancel_cutoff_check',
      sql`${t.cancelCutoffMinutes} between 0 and 20160`,
    ),
  ],
);
