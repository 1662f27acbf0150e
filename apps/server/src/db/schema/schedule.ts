import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  time,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, optionalRef, ownerKey, slotTimes, updatedAt } from './columns';
import { providerRows, providers, services } from './providers';

/** Schedule: time slots and what generates them (weekly hours, time off, the daily run). */

export const SLOT_SOURCES = ['manual', 'weekly'] as const;
export type SlotSource = (typeof SLOT_SOURCES)[number];

export const timeslots = providerRows(
  'timeslots',
  {
    ...slotTimes(),
    type: text('type').notNull(),
    /** The service this slot is for (its type is then the service's name). */
    serviceId: optionalRef('service_id', () => services.id),
    /** SPEC's flag: no seat left (docs/decisions/067-seats-and-series.md). */
    isBooked: boolean('is_booked').notNull().default(false),
    /** Seats (1–100, 1 = one client) and how many booked appointments hold one. */
    capacity: smallint('capacity').notNull().default(1),
    seatsTaken: smallint('seats_taken').notNull().default(0),
    /** 'weekly': generated from the provider's weekly hours (replaced when they change). */
    source: text('source', { enum: SLOT_SOURCES }).notNull().default('manual'),
    /** The latest deadline of its open waitlist offers (docs/decisions/069-waitlist.md). */
    heldUntil: instant('held_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('timeslots_provider_starts_idx').on(t.providerId, t.startsAt),
    index('timeslots_provider_day_idx').on(t.providerId, t.day, t.startTime),
    // Discovery: "free on that day" and "next free slot" per provider (0011).
    index('timeslots_free_provider_day_idx')
      .on(t.providerId, t.day, t.startsAt)
      .where(sql`not "is_booked"`),
    index('timeslots_free_provider_starts_idx')
      .on(t.providerId, t.startsAt)
      .where(sql`not "is_booked"`),
    check('timeslots_source_check', sql`${t.source} in ('manual', 'weekly')`),
    check('timeslots_end_after_start', sql`${t.endTime} > ${t.startTime}`),
    check('timeslots_min_duration', sql`${t.endsAt} - ${t.startsAt} >= interval '15 minutes'`),
    check('timeslots_capacity_check', sql`${t.capacity} between 1 and 100`),
    check(
      'timeslots_seats_taken_check',
      sql`${t.seatsTaken} >= 0 and ${t.seatsTaken} <= ${t.capacity}`,
    ),
    check('timeslots_full_is_booked_check', sql`${t.isBooked} or ${t.seatsTaken} < ${t.capacity}`),
    // The no-overlap exclusion constraint is added in a custom migration (Drizzle has no EXCLUDE).
  ],
);

/** A provider's generation horizon; a row exists once weekly hours were saved. */
export const availabilitySettings = pgTable(
  'availability_settings',
  {
    providerId: ownerKey('provider_id', () => providers.id),
    horizonWeeks: integer('horizon_weeks').notNull().default(4),
    updatedAt: updatedAt(),
  },
  (t) => [check('availability_settings_horizon_check', sql`${t.horizonWeeks} between 1 and 26`)],
);

/** One range of a weekday (ISO: Monday 1 … Sunday 7), wall clock in the provider's zone. */
export const availabilityRules = providerRows(
  'availability_rules',
  {
    weekday: smallint('weekday').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    /** The service the slots offer (no foreign key until the services table exists). */
    serviceId: uuid('service_id'),
    slotMinutes: integer('slot_minutes').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    /** Seats of each generated slot. */
    capacity: smallint('capacity').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('availability_rules_provider_idx').on(t.providerId, t.weekday, t.startTime),
    check('availability_rules_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('availability_rules_times_check', sql`${t.endTime} > ${t.startTime}`),
    check('availability_rules_slot_check', sql`${t.slotMinutes} between 15 and 480`),
    check('availability_rules_capacity_check', sql`${t.capacity} between 1 and 100`),
    check('availability_rules_break_check', sql`${t.breakMinutes} between 0 and 240`),
  ],
);

/** A range in which the provider is away: no free slots, no generation. */
export const timeOff = providerRows(
  'time_off',
  {
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
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
  startedAt: instant('started_at').notNull().defaultNow(),
  finishedAt: instant('finished_at'),
  providers: integer('providers').notNull().default(0),
  created: integer('created').notNull().default(0),
});
