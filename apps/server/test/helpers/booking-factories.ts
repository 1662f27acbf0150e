import { clockIn } from '@slotwise/shared/dates';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { appointments, providers, timeslots, users } from '../../src/db/schema';
import { claimedSlotColumns, heldSlotFields } from '../../src/modules/appointments/claimable-slot';
import { createClient, createProvider, type TestUser } from './factories';
import { asUser } from './requests';

/**
 * Slots and bookings for tests, written straight into the database (the timeslots module's
 * rules — e.g. "not in the past" — are not what these tests are about).
 */

export interface TestSlot {
  id: string;
  providerId: string;
  day: string;
  startTime: string;
  endTime: string;
  startsAt: Date;
  endsAt: Date;
  type: string;
}

export interface SlotOptions {
  /** Minutes from now (rounded up to the next whole minute); negative for a past slot. */
  startsInMinutes?: number;
  durationMinutes?: number;
  type?: string;
  isBooked?: boolean;
  /** Seats (docs/decisions/067-seats-and-series.md); a booked slot counts them all taken. */
  capacity?: number;
}

/** Wall-clock date `YYYY-MM-DD` and time `HH:MM:SS` of an instant in a zone. */
export function wallClock(instant: Date, timeZone: string): { day: string; time: string } {
  const { today, time } = clockIn(timeZone, instant);
  return { day: today, time };
}

const MINUTE = 60_000;

/** The time zone of a provider (its user's). */
export async function timezoneOf(app: FastifyInstance, providerId: string): Promise<string> {
  const [row] = await app.database.db
    .select({ timezone: users.timezone })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(eq(providers.id, providerId));
  if (!row) throw new Error(`no provider ${providerId}`);
  return row.timezone;
}

/**
 * A slot of a provider, its day and times computed in the provider's zone. A slot that would
 * end on the next local day (end time not after start time) starts at that midnight instead: with
 * slots spaced an hour apart and at most 30 minutes long, they still never overlap. A slot asked
 * to have started already (`startsInMinutes` ≤ 0) ends at that midnight instead, so that it has
 * still started (moved later it would be a future, bookable slot: a run between 23:35 and 00:05 in
 * the provider's zone failed without this).
 */
export async function createSlot(
  app: FastifyInstance,
  providerId: string,
  options: SlotOptions = {},
): Promise<TestSlot> {
  const timezone = await timezoneOf(app, providerId);
  const duration = (options.durationMinutes ?? 30) * MINUTE;
  let startsAt = new Date(
    Math.ceil(Date.now() / MINUTE) * MINUTE + (options.startsInMinutes ?? 60) * MINUTE,
  );
  let start = wallClock(startsAt, timezone);
  let end = wallClock(new Date(startsAt.getTime() + duration), timezone);
  if (end.day !== start.day) {
    const [h, m, s] = end.time.split(':').map(Number) as [number, number, number];
    const nextMidnight = startsAt.getTime() + duration - (h * 3600 + m * 60 + s) * 1000;
    const started = (options.startsInMinutes ?? 60) <= 0;
    startsAt = new Date(started ? nextMidnight - duration : nextMidnight);
    start = wallClock(startsAt, timezone);
    // Ending at midnight, the slot ends at 24:00 of its own day (timeslots_end_after_start).
    end = started
      ? { day: start.day, time: '24:00:00' }
      : wallClock(new Date(startsAt.getTime() + duration), timezone);
  }
  const endsAt = new Date(startsAt.getTime() + duration);
  return insertSlot(app, {
    providerId,
    start,
    end,
    startsAt,
    endsAt,
    type: options.type ?? 'Consultation',
    isBooked: options.isBooked ?? false,
    capacity: options.capacity ?? 1,
    seatsTaken: options.isBooked ? (options.capacity ?? 1) : 0,
  });
}

/** Writes one slot row as given, its day and times from wall clocks (no rule of the timeslots module applies). */
export async function insertSlot(
  app: FastifyInstance,
  slot: {
    providerId: string;
    start: { day: string; time: string };
    end: { time: string };
    startsAt: Date;
    endsAt: Date;
    type: string;
    isBooked?: boolean;
    capacity?: number;
    seatsTaken?: number;
  },
): Promise<TestSlot> {
  const { start, end, ...rest } = slot;
  const values = { ...rest, day: start.day, startTime: start.time, endTime: end.time };
  const [row] = await app.database.db
    .insert(timeslots)
    .values(values)
    .returning(claimedSlotColumns);
  return row!;
}

/** `count` future slots of one provider, an hour apart from an hour from now, 30 minutes each. */
export async function createSlots(
  app: FastifyInstance,
  providerId: string,
  count: number,
  options: { firstInMinutes?: number; everyMinutes?: number; durationMinutes?: number } = {},
): Promise<TestSlot[]> {
  const slots: TestSlot[] = [];
  for (let i = 0; i < count; i++) {
    slots.push(
      await createSlot(app, providerId, {
        startsInMinutes: (options.firstInMinutes ?? 60) + i * (options.everyMinutes ?? 60),
        durationMinutes: options.durationMinutes ?? 30,
      }),
    );
  }
  return slots;
}

/** A verified provider with a completed profile and `count` free future slots. */
export async function createProviderWithSlots(
  app: FastifyInstance,
  count: number,
  options: Parameters<typeof createProvider>[1] = {},
): Promise<{ provider: TestUser; slots: TestSlot[] }> {
  const provider = await createProvider(app, options);
  const slots = await createSlots(app, provider.providerId!, count);
  return { provider, slots };
}

/** Books a slot through the API as a client; returns the created appointment's id. */
export async function book(app: FastifyInstance, client: TestUser, timeslotId: string) {
  const res = await asUser(app, client).post('/api/appointment/booking', { timeslotId });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json().appointment.appointment_id as string;
}

export interface BookedSlot {
  provider: TestUser;
  slot: TestSlot;
  client: TestUser;
  appointmentId: string;
}

/**
 * A slot with an active appointment on it, as a booking leaves them, written straight into the
 * database (no booking rule applies, so the slot may also lie in the past): the provider and the
 * client are new unless given; the appointment copies the slot's day, times and service; the slot
 * is marked booked unless `markSlot` is false (an appointment whose slot still says free).
 */
export async function bookedSlot(
  app: FastifyInstance,
  options: {
    provider?: TestUser;
    client?: TestUser;
    slot?: Omit<SlotOptions, 'isBooked'>;
    markSlot?: boolean;
  } = {},
): Promise<BookedSlot> {
  const provider = options.provider ?? (await createProvider(app));
  const client = options.client ?? (await createClient(app));
  const slot = await createSlot(app, provider.providerId!, {
    ...options.slot,
    isBooked: options.markSlot ?? true,
  });
  const [row] = await app.database.db
    .insert(appointments)
    .values({
      ...heldSlotFields(slot),
      providerId: provider.providerId!,
      clientId: client.id,
      status: 'booked',
    })
    .returning({ id: appointments.id });
  return { provider, slot, client, appointmentId: row!.id };
}
