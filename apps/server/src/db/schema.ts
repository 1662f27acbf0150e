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
  pgTable,
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
    /** The service and its price as they were when booked: later edits do not rewrite history. */
    serviceId: uuid('service_id').references((): AnyPgColumn => services.id, {
      onDelete: 'set null',
    }),
    serviceName: text('service_name'),
    priceCents: integer('price_cents'),
    currency: text('currency'),
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
