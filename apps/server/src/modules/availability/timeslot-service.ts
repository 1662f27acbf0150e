import { MESSAGES } from '@slotwise/shared/texts';
import { normalizeTime, secondsOf, type SlotClock } from '@slotwise/shared/dates';
import { slotCrossFieldIssues } from '@slotwise/shared/availability-slot-field-schemas';
import { translateWriteError } from './timeslot-write-errors';
import {
  type BulkCreateTimeslotsBody,
  type PlannedSlot,
  planSlotRun,
} from '@slotwise/shared/availability-slot-run-schemas';
import { bulkStartInPastMessage, TIMESLOT_MESSAGES } from '@slotwise/shared/availability-slot-texts';
import {
  type CreateTimeslotBody,
  type Timeslot,
  timeslotFormSchema,
} from '@slotwise/shared/availability-slot-schemas';
import { SEATS_MESSAGES } from '@slotwise/shared/appointments-series-schemas';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments, providers, timeslots, users } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { parseWith } from '../../lib/validation';
import { serviceForSlot } from '../catalogue/services';
import { withServicePrices } from '../catalogue/slot-prices';
import { queueOffersOfSlots } from './new-slot-offers';

/**
 * Time slots (docs/product.md §2, §5, §10). Day and times are the provider's wall clock; the instants
 * `starts_at`/`ends_at` are computed by PostgreSQL from them in the provider's zone, so the
 * exclusion constraint `timeslots_no_overlap` compares real instants. "Now" is the app's clock
 * (one `Date` per request, passed in as a parameter); the calendar math in a zone is SQL's.
 */

/** A slot's type when none is given and the provider has no specialty yet. */
export const DEFAULT_SLOT_TYPE = 'Appointment';

/** The docs/product.md §3 fields, and nothing else, of every slot this module returns. */
const slotColumns = {
  id: timeslots.id,
  day: timeslots.day,
  start_time: timeslots.startTime,
  end_time: timeslots.endTime,
  type: timeslots.type,
  is_booked: timeslots.isBooked,
  service_id: timeslots.serviceId,
  // Seats (docs/decisions/067-seats-and-series.md).
  capacity: timeslots.capacity,
  seats_left: sql<number>`(${timeslots.capacity} - ${timeslots.seatsTaken})::int`.mapWith(Number),
};

interface ProviderContext {
  timezone: string;
  specialty: string | null;
  /** Today's date and the time now, in the provider's zone. */
  clock: SlotClock;
}

/** `now` as a timestamptz in the provider's zone (a timestamp without zone: wall clock). */
function localNow(now: Date): SQL {
  return sql`(${now.toISOString()}::timestamptz at time zone ${users.timezone})`;
}

async function providerContext(
  db: DbOrTx,
  providerId: string,
  now: Date,
): Promise<ProviderContext> {
  const local = localNow(now);
  const [row] = await db
    .select({
      timezone: users.timezone,
      specialty: providers.specialty,
      today: sql<string>`to_char(${local}, 'YYYY-MM-DD')`,
      time: sql<string>`to_char(${local}, 'HH24:MI:SS')`,
    })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(eq(providers.id, providerId))
    .limit(1);
  if (!row) throw new NotFoundError('Provider profile not found');
  return {
    timezone: row.timezone,
    specialty: row.specialty,
    clock: { today: row.today, time: row.time },
  };
}

/** The instant of a wall-clock date and time in a zone, computed by PostgreSQL. */
function instant(day: string, time: string, timezone: string): SQL {
  return sql`((${day}::date + ${time}::time) at time zone ${timezone})`;
}

function slotValues(
  providerId: string,
  timezone: string,
  slot: PlannedSlot,
  type: string,
  serviceId?: string | null,
) {
  return {
    ...(serviceId === undefined ? {} : { serviceId }),
    providerId,
    day: slot.day,
    startTime: slot.startTime,
    endTime: slot.endTime,
    startsAt: instant(slot.day, slot.startTime, timezone),
    endsAt: instant(slot.day, slot.endTime, timezone),
    type,
  };
}

/** The docs/product.md §5 rules that need the provider's clock (the body schema checked the rest). */
function enforceSlotRules(slot: PlannedSlot, clock: SlotClock) {
  const issue = slotCrossFieldIssues(slot, clock)[0];
  if (issue) throw ValidationError.field(issue.field, issue.message);
}

/** GET /timeslots/view: sorted by day and start; from today (provider's zone) unless includePast. */
export async function listTimeslots(
  db: DbOrTx,
  providerId: string,
  options: { includePast?: boolean; now?: Date } = {},
): Promise<Timeslot[]> {
  const now = options.now ?? new Date();
  const ownSlots = eq(timeslots.providerId, providerId);
  const rows = await db
    .select(slotColumns)
    .from(timeslots)
    .innerJoin(providers, eq(providers.id, timeslots.providerId))
    .innerJoin(users, eq(users.id, providers.userId))
    .where(
      options.includePast
        ? ownSlots
        : and(ownSlots, sql`${timeslots.day} >= ${localNow(now)}::date`),
    )
    .orderBy(asc(timeslots.day), asc(timeslots.startTime));
  return withServicePrices(db, rows);
}

/** POST /timeslots/create. */
export async function createTimeslot(
  db: DbOrTx,
  providerId: string,
  input: CreateTimeslotBody,
  now: Date = new Date(),
): Promise<Timeslot> {
  const context = await providerContext(db, providerId, now);
  const slot: PlannedSlot = {
    day: input.day,
    startTime: normalizeTime(input.startTime),
    endTime: normalizeTime(input.endTime),
  };
  enforceSlotRules(slot, context.clock);
  const service = input.serviceId ? await serviceForSlot(db, providerId, input.serviceId) : null;
  const type = service?.name ?? input.type ?? context.specialty ?? DEFAULT_SLOT_TYPE;
  try {
    // A transaction (a savepoint inside a caller's one), so a broken rule leaves `db` usable.
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(timeslots)
        .values({
          ...slotValues(providerId, context.timezone, slot, type, service?.id ?? null),
          capacity: input.capacity === undefined ? 1 : Number(input.capacity),
        })
        .returning(slotColumns);
      await tx.execute(queueOffersOfSlots(providerId, [inserted!.id]));
      return inserted!;
    });
    const [priced] = await withServicePrices(db, [row]);
    return priced!;
  } catch (error) {
    throw await translateWriteError(db, error, providerId, context.timezone, [slot]);
  }
}

/** The slot, locked for the rest of the transaction, with whether an appointment holds it. */
async function lockOwnSlot(tx: DbOrTx, providerId: string, id: string) {
  const [row] = await tx
    .select({
      ...slotColumns,
      // Qualified by hand: Drizzle leaves columns unqualified in a one-table select list.
      booked: sql<boolean>`(${timeslots}.is_booked or exists (
        select 1 from ${appointments} a
        where a.timeslot_id = ${timeslots}.id and a.status = 'booked'))`,
    })
    .from(timeslots)
    .where(and(eq(timeslots.id, id), eq(timeslots.providerId, providerId)))
    .limit(1)
    .for('update');
  // Another provider's slot is "not found": never reveal that it exists.
  if (!row) throw new NotFoundError(TIMESLOT_MESSAGES.slotNotFound);
  return row;
}

export interface TimeslotPatch {
  day?: string;
  startTime?: string;
  endTime?: string;
  type?: string;
  capacity?: number;
}

/**
 * PATCH /timeslots/update/:id: only the sent fields change; the merged slot must pass every
 * create rule (400), a booked slot stays as it is (409 SLOT_BOOKED).
 */
export async function updateTimeslot(
  db: DbOrTx,
  providerId: string,
  id: string,
  patch: TimeslotPatch,
  now: Date = new Date(),
): Promise<Timeslot> {
  const context = await providerContext(db, providerId, now);
  let merged: PlannedSlot | undefined;
  try {
    return await db.transaction(async (tx) => {
      const current = await lockOwnSlot(tx, providerId, id);
      const values = parseWith(timeslotFormSchema(context.clock), {
        day: patch.day ?? current.day,
        startTime: patch.startTime ?? current.start_time,
        endTime: patch.endTime ?? current.end_time,
      });
      merged = {
        day: values.day,
        startTime: normalizeTime(values.startTime),
        endTime: normalizeTime(values.endTime),
      };
      // A class with bookings may only change its seats (docs/decisions/067-seats-and-series.md).
      const onlySeats = Object.entries(patch).every(
        ([key, value]) => key === 'capacity' || value === undefined,
      );
      if (current.booked && !onlySeats) {
        throw new ConflictError('SLOT_BOOKED', TIMESLOT_MESSAGES.slotBookedUpdate);
      }
      const capacity = patch.capacity ?? current.capacity;
      if (capacity < current.capacity - current.seats_left) {
        throw new ConflictError('CAPACITY_BELOW_BOOKED', SEATS_MESSAGES.capacityBelowBooked);
      }
      const [row] = await tx
        .update(timeslots)
        .set({
          ...(current.booked
            ? {}
            : slotValues(providerId, context.timezone, merged, patch.type ?? current.type)),
          capacity,
          isBooked: sql`${timeslots.seatsTaken} >= ${capacity}`,
          // Edited by hand: weekly hours no longer replace it.
          source: 'manual',
          updatedAt: sql`now()`,
        })
        .where(eq(timeslots.id, id))
        .returning(slotColumns);
      const [priced] = await withServicePrices(tx, [row!]);
      return priced!;
    });
  } catch (error) {
    throw await translateWriteError(
      db,
      error,
      providerId,
      context.timezone,
      merged ? [merged] : [],
      {
        excludeId: id,
      },
    );
  }
}

/** DELETE /timeslots/delete/:id: own, unbooked slots only. */
export async function deleteTimeslot(db: DbOrTx, providerId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockOwnSlot(tx, providerId, id);
    if (current.booked) throw new ConflictError('SLOT_BOOKED', TIMESLOT_MESSAGES.slotBookedDelete);
    await tx.delete(timeslots).where(eq(timeslots.id, id));
  });
}

/**
 * POST /timeslots/bulk-create: every slot of the run in one statement inside one transaction —
 * all or nothing. A clash anywhere rolls everything back and the 409 names every clash.
 */
export async function bulkCreateTimeslots(
  db: DbOrTx,
  providerId: string,
  input: BulkCreateTimeslotsBody,
  now: Date = new Date(),
): Promise<Timeslot[]> {
  const context = await providerContext(db, providerId, now);
  const { today, time } = context.clock;
  if (input.dates.some((day) => day < today)) {
    throw ValidationError.field('dates', MESSAGES.dateInPast);
  }
  const planned = planSlotRun({
    dates: input.dates,
    startTime: input.startTime,
    endTime: input.endTime,
    slotMinutes: input.slotMinutes,
    breakMinutes: input.breakMinutes ?? 0,
  });
  const firstToday = planned.find((slot) => slot.day === today);
  if (firstToday && secondsOf(firstToday.startTime) < secondsOf(time)) {
    throw ValidationError.field('startTime', bulkStartInPastMessage(today, time));
  }
  const service = input.serviceId ? await serviceForSlot(db, providerId, input.serviceId) : null;
  const type = service?.name ?? input.type ?? context.specialty ?? DEFAULT_SLOT_TYPE;
  const serviceId = service?.id ?? null;
  try {
    const inserted = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(timeslots)
        .values(
          planned.map((slot) => slotValues(providerId, context.timezone, slot, type, serviceId)),
        )
        .returning(slotColumns);
      await tx.execute(queueOffersOfSlots(providerId, rows.map((row) => row.id)));
      return rows;
    });
    const rows = await withServicePrices(db, inserted);
    return rows.sort((a, b) =>
      a.day === b.day ? a.start_time.localeCompare(b.start_time) : a.day.localeCompare(b.day),
    );
  } catch (error) {
    throw await translateWriteError(db, error, providerId, context.timezone, planned, {
      bulk: true,
    });
  }
}
