import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
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

export const USER_ROLES = ['client', 'provider'] as const;
export type UserRole = (typeof USER_ROLES)[number];

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('providers_user_id_key').on(t.userId),
    index('providers_search_text_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
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
    isBooked: boolean('is_booked').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('timeslots_provider_starts_idx').on(t.providerId, t.startsAt),
    check('timeslots_end_after_start', sql`${t.endTime} > ${t.startTime}`),
    check('timeslots_min_duration', sql`${t.endsAt} - ${t.startsAt} >= interval '15 minutes'`),
    // The no-overlap exclusion constraint is added in a custom migration (Drizzle has no EXCLUDE).
  ],
);

export const APPOINTMENT_STATUSES = ['booked', 'canceled', 'completed'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

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
    check('appointments_status_check', sql`${t.status} in ('booked', 'canceled', 'completed')`),
  ],
);

export const APPOINTMENT_EVENT_TYPES = ['booked', 'canceled', 'rescheduled'] as const;
export type AppointmentEventType = (typeof APPOINTMENT_EVENT_TYPES)[number];

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

export const NOTIFICATION_TYPES = ['new', 'canceled', 'rescheduled'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

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

// ---- Email and calendars (docs/decisions/006-job-queue.md) ------------------------------------

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
