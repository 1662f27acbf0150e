import { randomUUID } from 'node:crypto';
import { notificationFor } from '../notifications/appointment-notice';
import { createNotification, type NewNotification } from '../notifications/service';
import type { UserRole } from '@slotwise/shared/auth-schemas';
import {
  type AppointmentStatus,
  BOOKING_MESSAGES,
  type ClientAppointment,
  type ProviderAppointment,
} from '@slotwise/shared/booking-types';
import { and, asc, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { type DbOrTx, queryRows } from '../../db/client';
import { PG_SERIALIZATION_FAILURE, PG_UNIQUE_VIOLATION, pgErrorOf } from '../../db/errors';
import {
  type AppointmentEventType,
  appointmentEvents,
  appointments,
  notifications,
  providers,
  services,
  timeslots,
  users,
} from '../../db/schema';
import { ConflictError, NotFoundError, UnauthenticatedError, ValidationError } from '../../errors';
import { imageUrl } from '../../images/image-store';
import {
  resnapshotServiceOnReschedule,
  serviceSnapshotColumns,
  serviceSnapshotView,
  slotServiceColumns,
  snapshotOf,
} from '../services/appointment-snapshot';

/**
 * Booking, cancelling and rescheduling (DESIGN §5 booking rules; docs/decisions/005-booking.md).
 *
 * The database decides who gets a slot: a booking flips `timeslots.is_booked` with a conditional
 * UPDATE (`… where not is_booked and starts_at > now()`), which row-locks the slot, so of N
 * simultaneous attempts exactly one sees the slot free; the others wait for that transaction and
 * then find it booked. The unique partial index `appointments_one_active_per_slot` is the last
 * line of defence: should anything ever skip the flag, the second active appointment of a slot
 * cannot be inserted, and its unique violation answers 409 SLOT_TAKEN like the flag does.
 *
 * Every mutation writes its `appointment_events` row in the same transaction and returns an
 * `AppointmentChange`: the appointment as each party sees it, plus an `AppointmentNotice` with
 * what notifications and real-time events need to tell the other party.
 */

const ACTIVE_SLOT_INDEX = 'appointments_one_active_per_slot';
const PG_DEADLOCK_DETECTED = '40P01';
const MAX_ATTEMPTS = 3;

export interface AppointmentTime {
  /** `YYYY-MM-DD`, the provider's wall-clock date. */
  day: string;
  /** `HH:MM:SS`, the provider's wall clock. */
  startTime: string;
  endTime: string;
  startsAt: Date;
  endsAt: Date;
}

export interface AppointmentParty {
  userId: string;
  firstName: string;
  lastName: string;
}

/** What the other party must be told about a change (notifications, socket events). */
export interface AppointmentNotice extends AppointmentTime {
  type: AppointmentEventType;
  appointmentId: string;
  actor: { role: UserRole; userId: string };
  provider: AppointmentParty & { providerId: string };
  client: AppointmentParty;
  serviceType: string;
  /** Reschedule only: the time the appointment had before. */
  previous: AppointmentTime | null;
}

export interface AppointmentChange {
  /** The appointment as the client sees it (GET /appointment/view). */
  clientView: ClientAppointment;
  /** The appointment as the provider sees it (GET /appointment/provider/view). */
  providerView: ProviderAppointment;
  notice: AppointmentNotice;
  /** Slots whose availability changed: what pages showing free slots must update. */
  slots: { taken: string[]; freed: string[] };
}

export interface ProviderActor {
  userId: string;
  providerId: string;
}

// ---- Reading ---------------------------------------------------------------------------------

/** The status users see: a booked appointment whose end has passed is 'completed'. */
const shownStatus = sql<AppointmentStatus>`(case
  when ${appointments.status} = 'booked' and ${appointments.endsAt} <= now() then 'completed'
  else ${appointments.status} end)`;

const isUpcoming = sql`(${appointments.status} = 'booked' and ${appointments.endsAt} > now())`;

/** Upcoming appointments first, soonest first; then the rest, most recent first. */
const listOrder: SQL[] = [
  sql`(case when ${isUpcoming} then 0 else 1 end)`,
  sql`(case when ${isUpcoming} then ${appointments.startsAt} end) asc`,
  desc(appointments.startsAt),
  asc(appointments.id),
];

const providerUser = alias(users, 'provider_user');
const clientUser = alias(users, 'client_user');

const timeColumns = {
  day: appointments.day,
  startTime: appointments.startTime,
  endTime: appointments.endTime,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
};

const clientViewColumns = {
  id: appointments.id,
  timeslotId: appointments.timeslotId,
  providerId: appointments.providerId,
  status: shownStatus,
  serviceType: appointments.serviceType,
  ...serviceSnapshotColumns,
  ...timeColumns,
  providerFirstName: providerUser.firstName,
  providerLastName: providerUser.lastName,
  providerSpecialty: providers.specialty,
  providerImageId: providerUser.profileImageId,
};

const providerViewColumns = {
  id: appointments.id,
  timeslotId: appointments.timeslotId,
  status: shownStatus,
  serviceType: appointments.serviceType,
  ...serviceSnapshotColumns,
  ...timeColumns,
  // What a provider sees of a client: the name, nothing else (no email, no id).
  clientFirstName: clientUser.firstName,
  clientLastName: clientUser.lastName,
};

type ClientViewRow = SelectResultFields<typeof clientViewColumns>;
type ProviderViewRow = SelectResultFields<typeof providerViewColumns>;

function toClientView(row: ClientViewRow): ClientAppointment {
  return {
    appointment_id: row.id,
    id: row.id,
    timeslot_id: row.timeslotId,
    provider_id: row.providerId,
    provider_first_name: row.providerFirstName,
    provider_last_name: row.providerLastName,
    provider_specialty: row.providerSpecialty,
    provider_profile_image_url: imageUrl(row.providerImageId),
    day: row.day,
    start_time: row.startTime,
    end_time: row.endTime,
    status: row.status,
    service_type: row.serviceType,
    ...serviceSnapshotView(row),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
  };
}

function toProviderView(row: ProviderViewRow): ProviderAppointment {
  return {
    appointment_id: row.id,
    id: row.id,
    timeslot_id: row.timeslotId,
    client_first_name: row.clientFirstName,
    client_last_name: row.clientLastName,
    day: row.day,
    start_time: row.startTime,
    end_time: row.endTime,
    status: row.status,
    service_type: row.serviceType,
    ...serviceSnapshotView(row),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
  };
}

/** GET /appointment/view: the client's own appointments (SPEC §3 client view), one query. */
export async function listClientAppointments(
  db: DbOrTx,
  clientUserId: string,
): Promise<ClientAppointment[]> {
  const rows = await db
    .select(clientViewColumns)
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .innerJoin(providerUser, eq(providerUser.id, providers.userId))
    .where(eq(appointments.clientId, clientUserId))
    .orderBy(...listOrder);
  return rows.map(toClientView);
}

/** GET /appointment/provider/view: the provider's appointments (SPEC §3 provider list). */
export async function listProviderAppointments(
  db: DbOrTx,
  providerId: string,
): Promise<ProviderAppointment[]> {
  const rows = await db
    .select(providerViewColumns)
    .from(appointments)
    .innerJoin(clientUser, eq(clientUser.id, appointments.clientId))
    .where(eq(appointments.providerId, providerId))
    .orderBy(...listOrder);
  return rows.map(toProviderView);
}

/** Both views and the notice of one appointment, in one query (inside the mutation's transaction). */
async function loadChange(
  tx: DbOrTx,
  appointmentId: string,
  type: AppointmentEventType,
  actor: { role: UserRole; userId: string },
  previous: AppointmentTime | null,
  slots: AppointmentChange['slots'],
): Promise<AppointmentChange> {
  const [row] = await tx
    .select({
      ...clientViewColumns,
      ...providerViewColumns,
      providerUserId: providerUser.id,
      clientUserId: clientUser.id,
    })
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .innerJoin(providerUser, eq(providerUser.id, providers.userId))
    .innerJoin(clientUser, eq(clientUser.id, appointments.clientId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  if (!row) throw new NotFoundError(BOOKING_MESSAGES.appointmentNotFound);
  const change: AppointmentChange = {
    slots,
    clientView: toClientView(row),
    providerView: toProviderView(row),
    notice: {
      type,
      appointmentId: row.id,
      actor,
      provider: {
        providerId: row.providerId,
        userId: row.providerUserId,
        firstName: row.providerFirstName,
        lastName: row.providerLastName,
      },
      client: {
        userId: row.clientUserId,
        firstName: row.clientFirstName,
        lastName: row.clientLastName,
      },
      serviceType: row.serviceType,
      day: row.day,
      startTime: row.startTime,
      endTime: row.endTime,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      previous,
    },
  };
  // The other party's notification commits (or rolls back) with the change itself.
  await createNotification(tx, notificationFor(change.notice));
  return change;
}

// ---- Writing ---------------------------------------------------------------------------------

/**
 * Runs a transaction, retrying the rare deadlock or serialization failure, and turns the last
 * line of defence (a second active appointment on a slot) into 409 SLOT_TAKEN.
 */
async function inTransaction<T>(db: DbOrTx, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const pgError = pgErrorOf(error);
      const retryable =
        pgError?.code === PG_DEADLOCK_DETECTED || pgError?.code === PG_SERIALIZATION_FAILURE;
      if (retryable && attempt < MAX_ATTEMPTS) continue;
      if (
        pgError?.code === PG_UNIQUE_VIOLATION &&
        (pgError.constraint === undefined || pgError.constraint === ACTIVE_SLOT_INDEX)
      ) {
        throw new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
      }
      throw error;
    }
  }
}

const claimedSlotColumns = {
  id: timeslots.id,
  providerId: timeslots.providerId,
  day: timeslots.day,
  startTime: timeslots.startTime,
  endTime: timeslots.endTime,
  startsAt: timeslots.startsAt,
  endsAt: timeslots.endsAt,
  type: timeslots.type,
};

/**
 * Marks a free, future slot booked — the one statement that decides who gets it. Returns null
 * when the slot is missing, taken, started, or (with `providerId`) someone else's.
 */
async function claimSlot(tx: DbOrTx, timeslotId: string, providerId?: string) {
  const [slot] = await tx
    .update(timeslots)
    .set({ isBooked: true, updatedAt: sql`now()` })
    .where(
      and(
        eq(timeslots.id, timeslotId),
        providerId ? eq(timeslots.providerId, providerId) : undefined,
        eq(timeslots.isBooked, false),
        gt(timeslots.startsAt, sql`now()`),
      ),
    )
    .returning(claimedSlotColumns);
  return slot ?? null;
}

/** Why `claimSlot` failed, as the error to answer (404 → 400 → 409, DESIGN §5 order). */
async function unclaimableSlotError(tx: DbOrTx, timeslotId: string, providerId?: string) {
  const [slot] = await tx
    .select({
      providerId: timeslots.providerId,
      isBooked: timeslots.isBooked,
      started: sql<boolean>`(${timeslots.startsAt} <= now())`,
    })
    .from(timeslots)
    .where(eq(timeslots.id, timeslotId))
    .limit(1);
  if (!slot) return new NotFoundError(BOOKING_MESSAGES.timeslotNotFound);
  if (providerId && slot.providerId !== providerId) {
    return ValidationError.field('newTimeslotId', BOOKING_MESSAGES.otherProvider);
  }
  if (slot.started) return new ConflictError('INVALID_STATE', BOOKING_MESSAGES.slotInPast);
  return new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
}

async function freeSlot(tx: DbOrTx, timeslotId: string | null) {
  if (!timeslotId) return;
  await tx
    .update(timeslots)
    .set({ isBooked: false, updatedAt: sql`now()` })
    .where(eq(timeslots.id, timeslotId));
}

/** What a booking needs before it claims the slot: the slot and both parties, read without locks. */
async function bookingContext(db: DbOrTx, clientUserId: string, timeslotId: string) {
  const [row] = await db
    .select({
      ...claimedSlotColumns,
      isBooked: timeslots.isBooked,
      started: sql<boolean>`(${timeslots.startsAt} <= now())`,
      providerUserId: providerUser.id,
      providerFirstName: providerUser.firstName,
      providerLastName: providerUser.lastName,
      providerSpecialty: providers.specialty,
      providerImageId: providerUser.profileImageId,
      clientFirstName: clientUser.firstName,
      clientLastName: clientUser.lastName,
      ...slotServiceColumns,
    })
    .from(timeslots)
    .leftJoin(services, eq(services.id, timeslots.serviceId))
    .innerJoin(providers, eq(providers.id, timeslots.providerId))
    .innerJoin(providerUser, eq(providerUser.id, providers.userId))
    .leftJoin(clientUser, eq(clientUser.id, clientUserId))
    .where(eq(timeslots.id, timeslotId))
    .limit(1);
  return row ?? null;
}

type BookingContext = NonNullable<Awaited<ReturnType<typeof bookingContext>>>;

/** The change a booking makes, known before it commits (the same shape `loadChange` reads). */
function bookedChange(
  appointmentId: string,
  clientUserId: string,
  seen: BookingContext & { clientFirstName: string; clientLastName: string },
): AppointmentChange {
  const time: AppointmentTime = {
    day: seen.day,
    startTime: seen.startTime,
    endTime: seen.endTime,
    startsAt: seen.startsAt,
    endsAt: seen.endsAt,
  };
  const common = { id: appointmentId, timeslotId: seen.id, status: 'booked' as const, ...time };
  return {
    slots: { taken: [seen.id], freed: [] },
    clientView: toClientView({
      ...common,
      providerId: seen.providerId,
      serviceType: seen.type,
      ...snapshotOf(seen),
      providerFirstName: seen.providerFirstName,
      providerLastName: seen.providerLastName,
      providerSpecialty: seen.providerSpecialty,
      providerImageId: seen.providerImageId,
    }),
    providerView: toProviderView({
      ...common,
      serviceType: seen.type,
      ...snapshotOf(seen),
      clientFirstName: seen.clientFirstName,
      clientLastName: seen.clientLastName,
    }),
    notice: {
      type: 'booked',
      appointmentId,
      actor: { role: 'client', userId: clientUserId },
      provider: {
        providerId: seen.providerId,
        userId: seen.providerUserId,
        firstName: seen.providerFirstName,
        lastName: seen.providerLastName,
      },
      client: {
        userId: clientUserId,
        firstName: seen.clientFirstName,
        lastName: seen.clientLastName,
      },
      serviceType: seen.type,
      ...time,
      previous: null,
    },
  };
}

/**
 * The booking itself, as ONE statement (so one implicit transaction): claim the slot if it is
 * still free, not started and as it was read, then insert the appointment, its event and the
 * provider's notification. The slot's row lock lasts for this statement only — never across
 * round trips — which keeps a storm of bookings on few slots from queueing behind each other.
 * False when the slot was not claimed (taken meanwhile, started, or changed since it was read).
 */
async function claimAndBook(
  db: DbOrTx,
  seen: BookingContext,
  clientUserId: string,
  appointmentId: string,
  notification: NewNotification,
): Promise<boolean> {
  try {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`
      with claimed as (
        update ${timeslots} set is_booked = true, updated_at = now()
        where id = ${seen.id} and not is_booked and starts_at > now()
          and provider_id = ${seen.providerId} and day = ${seen.day}::date
          and start_time = ${seen.startTime}::time and end_time = ${seen.endTime}::time
          and type = ${seen.type} and service_id is not distinct from ${seen.serviceId}::uuid
        returning id, provider_id, day, start_time, end_time, starts_at, ends_at, type, service_id
      ), created as (
        insert into ${appointments} (id, timeslot_id, provider_id, client_id, status, day,
                                     start_time, end_time, starts_at, ends_at, service_type,
                                     service_id, service_name, price_cents, currency)
        select ${appointmentId}::uuid, claimed.id, claimed.provider_id, ${clientUserId}::uuid,
               'booked', day, start_time, end_time, starts_at, ends_at, type,
               s.id, s.name, s.price_cents, s.currency
        from claimed left join ${services} s on s.id = claimed.service_id
        returning id
      ), event as (
        insert into ${appointmentEvents} (appointment_id, provider_id, client_id, type, actor_role,
                                          actor_user_id, to_timeslot_id, starts_at, ends_at)
        select ${appointmentId}::uuid, provider_id, ${clientUserId}::uuid, 'booked', 'client',
               ${clientUserId}::uuid, id, starts_at, ends_at
        from claimed
      ), notice as (
        insert into ${notifications} (user_id, type, title, message, appointment_id)
        select ${notification.userId}::uuid, ${notification.type}, ${notification.title},
               ${notification.message}, ${appointmentId}::uuid
        from claimed
      )
      select id from created`,
    );
    return rows.length > 0;
  } catch (error) {
    const pgError = pgErrorOf(error);
    if (
      pgError?.code === PG_UNIQUE_VIOLATION &&
      (pgError.constraint === undefined || pgError.constraint === ACTIVE_SLOT_INDEX)
    ) {
      throw new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
    }
    throw error;
  }
}

/**
 * POST /appointment/booking: books a free future slot for a client. 404 for an unknown slot,
 * 409 SLOT_TAKEN when someone else holds it, 409 INVALID_STATE when it has started.
 *
 * Read first (no lock: who, what, when — everything the answer and the notification need),
 * then claim and write in one statement. A slot already taken answers 409 from the read alone.
 */
export async function bookAppointment(
  db: DbOrTx,
  clientUserId: string,
  timeslotId: string,
): Promise<AppointmentChange> {
  for (let attempt = 1; ; attempt++) {
    const seen = await bookingContext(db, clientUserId, timeslotId);
    if (!seen) throw new NotFoundError(BOOKING_MESSAGES.timeslotNotFound);
    if (seen.started) throw new ConflictError('INVALID_STATE', BOOKING_MESSAGES.slotInPast);
    if (seen.isBooked) throw new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
    const { clientFirstName, clientLastName } = seen;
    if (clientFirstName === null || clientLastName === null) throw new UnauthenticatedError();
    const appointmentId = randomUUID();
    const change = bookedChange(appointmentId, clientUserId, {
      ...seen,
      clientFirstName,
      clientLastName,
    });
    const notification = notificationFor(change.notice);
    if (await claimAndBook(db, seen, clientUserId, appointmentId, notification)) return change;
    // Not claimed: the next read tells why (taken, started, gone); a slot that was only
    // edited since the read is tried again.
    if (attempt >= MAX_ATTEMPTS) throw new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
  }
}

/** Why a booked-and-not-over appointment was not found: 404 (absent or not yours) or 409. */
async function notChangeableError(tx: DbOrTx, appointmentId: string, owner: SQL | undefined) {
  const [row] = await tx
    .select({ status: appointments.status })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), owner))
    .limit(1);
  if (!row) return new NotFoundError(BOOKING_MESSAGES.appointmentNotFound);
  if (row.status === 'canceled') {
    return new ConflictError('INVALID_STATE', BOOKING_MESSAGES.alreadyCanceled);
  }
  return new ConflictError('INVALID_STATE', BOOKING_MESSAGES.alreadyCompleted);
}

async function cancelAppointment(
  db: DbOrTx,
  actor: { role: UserRole; userId: string },
  owner: SQL | undefined,
  appointmentId: string,
): Promise<AppointmentChange> {
  return inTransaction(db, async (tx) => {
    // Only while booked and not over; the row lock serializes it with a concurrent reschedule.
    const [canceled] = await tx
      .update(appointments)
      .set({
        status: 'canceled',
        canceledAt: sql`now()`,
        canceledBy: actor.role,
        updatedAt: sql`now()`,
      })
      .where(and(eq(appointments.id, appointmentId), owner, isUpcoming))
      .returning({
        timeslotId: appointments.timeslotId,
        providerId: appointments.providerId,
        clientId: appointments.clientId,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
      });
    if (!canceled) throw await notChangeableError(tx, appointmentId, owner);
    await freeSlot(tx, canceled.timeslotId);
    await tx.insert(appointmentEvents).values({
      appointmentId,
      providerId: canceled.providerId,
      clientId: canceled.clientId,
      type: 'canceled',
      actorRole: actor.role,
      actorUserId: actor.userId,
      fromTimeslotId: canceled.timeslotId,
      startsAt: canceled.startsAt,
      endsAt: canceled.endsAt,
    });
    const freed = canceled.timeslotId ? [canceled.timeslotId] : [];
    return loadChange(tx, appointmentId, 'canceled', actor, null, { taken: [], freed });
  });
}

/** PATCH /appointment/cancel/:id: the client cancels their own booked appointment. */
export function cancelAppointmentByClient(
  db: DbOrTx,
  clientUserId: string,
  appointmentId: string,
): Promise<AppointmentChange> {
  return cancelAppointment(
    db,
    { role: 'client', userId: clientUserId },
    eq(appointments.clientId, clientUserId),
    appointmentId,
  );
}

/** PATCH /appointment/provider/cancel/:id: the provider cancels one of their appointments. */
export function cancelAppointmentByProvider(
  db: DbOrTx,
  provider: ProviderActor,
  appointmentId: string,
): Promise<AppointmentChange> {
  return cancelAppointment(
    db,
    { role: 'provider', userId: provider.userId },
    eq(appointments.providerId, provider.providerId),
    appointmentId,
  );
}

/**
 * PATCH /appointment/reschedule/:id: moves the client's booked appointment to another free,
 * future slot of the same provider, in one transaction that also frees the old slot.
 */
export async function rescheduleAppointment(
  db: DbOrTx,
  clientUserId: string,
  appointmentId: string,
  newTimeslotId: string,
): Promise<AppointmentChange> {
  const actor = { role: 'client' as const, userId: clientUserId };
  const owner = eq(appointments.clientId, clientUserId);
  return inTransaction(db, async (tx) => {
    const [current] = await tx
      .select({
        timeslotId: appointments.timeslotId,
        providerId: appointments.providerId,
        upcoming: sql<boolean>`${isUpcoming}`,
        ...timeColumns,
      })
      .from(appointments)
      .where(and(eq(appointments.id, appointmentId), owner))
      .limit(1)
      .for('update');
    if (!current || !current.upcoming) throw await notChangeableError(tx, appointmentId, owner);
    if (current.timeslotId === newTimeslotId) {
      throw ValidationError.field('newTimeslotId', BOOKING_MESSAGES.sameSlot);
    }
    const slot = await claimSlot(tx, newTimeslotId, current.providerId);
    if (!slot) throw await unclaimableSlotError(tx, newTimeslotId, current.providerId);
    await freeSlot(tx, current.timeslotId);
    await tx
      .update(appointments)
      .set({
        timeslotId: slot.id,
        day: slot.day,
        startTime: slot.startTime,
        endTime: slot.endTime,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        serviceType: slot.type,
        updatedAt: sql`now()`,
      })
      .where(eq(appointments.id, appointmentId));
    await resnapshotServiceOnReschedule(tx, appointmentId, slot.id);
    await tx.insert(appointmentEvents).values({
      appointmentId,
      providerId: current.providerId,
      clientId: clientUserId,
      type: 'rescheduled',
      actorRole: 'client',
      actorUserId: clientUserId,
      fromTimeslotId: current.timeslotId,
      toTimeslotId: slot.id,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
    });
    const previous: AppointmentTime = {
      day: current.day,
      startTime: current.startTime,
      endTime: current.endTime,
      startsAt: current.startsAt,
      endsAt: current.endsAt,
    };
    return loadChange(tx, appointmentId, 'rescheduled', actor, previous, {
      taken: [slot.id],
      freed: current.timeslotId ? [current.timeslotId] : [],
    });
  });
}
