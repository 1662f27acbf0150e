import { randomUUID } from 'node:crypto';
import { BOOKING_MESSAGES } from '@slotwise/shared/booking-types';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, preparedRows } from '../../db/client';
import { BatchedReads } from '../../lib/batched-reads';
import {
  appointmentEvents,
  appointments,
  jobs,
  notifications,
  providers,
  services,
  timeslots,
} from '../../db/schema';
import { ConflictError, NotFoundError, UnauthenticatedError } from '../../errors';
import { STORED_NOTIFICATION } from '../notifications/appointment-change-consumer';
import { appointmentMailConsumer, mailJobsFor } from '../email/appointment-mail-consumer';
import { jobsAsJson } from '../../jobs/job-queue';
import type { AppointmentChange, AppointmentTime } from './change';
import { AppointmentChanges } from './change-fanout';
import { claimedSlotColumns, slotHasStarted, slotIsClaimable } from './claimable-slot';
import { changeOf } from './notice';
import {
  lockProviderForPolicy,
  policyCancelCutoff,
  policyNeedsLock,
  policyVerdictColumns,
  refusalOf,
  slotObeysPolicy,
} from '../policies/policy-rules';
import { slotServiceColumns, snapshotOf } from '../services/appointment-snapshot';
import type { TakenSlotHints } from './taken-slot-hints';
import { MAX_ATTEMPTS, slotTakenByIndex } from './transaction';
import { clientUser, providerUser, toClientView, toProviderView } from './views';

/**
 * Booking (docs/decisions/029-no-double-booking.md). The database decides who gets a slot: the booking
 * flips `timeslots.is_booked` with a conditional UPDATE (only while the slot is claimable, see
 * claimable-slot.ts), which row-locks the slot, so of N simultaneous attempts exactly one sees
 * the slot free; the others wait for that statement and then find it booked. The unique partial
 * index `appointments_one_active_per_slot` is the last line of defence: should anything ever skip
 * the flag, the second active appointment of a slot cannot be inserted, and its unique violation
 * answers 409 SLOT_TAKEN like the flag does.
 */

/** Consumers whose durable rows the booking statement writes itself (see change-fanout.ts). */
const WRITTEN_BY_BOOKING_STATEMENT = [STORED_NOTIFICATION, appointmentMailConsumer.name] as const;

const NO_CONSUMERS = new AppointmentChanges();

/**
 * What a booking needs before it claims the slot: the slot and both parties, read without locks.
 * Asked for several bookings at once (`asked`: the timeslot and client ids in pairs), one row
 * per pair whose slot exists, numbered by the pair's position.
 */
function bookingContextsQuery(db: DbOrTx) {
  const asked = sql`unnest(${sql.placeholder('timeslotIds')}::uuid[],
    ${sql.placeholder('clientUserIds')}::uuid[]) with ordinality as asked(timeslot_id, client_user_id, n)`;
  return db
    .select({
      n: sql<number>`asked.n`.mapWith(Number),
      ...claimedSlotColumns,
      isBooked: timeslots.isBooked,
      started: slotHasStarted,
      providerUserId: providerUser.id,
      providerFirstName: providerUser.firstName,
      providerLastName: providerUser.lastName,
      providerSpecialty: providers.specialty,
      providerImageId: providerUser.profileImageId,
      clientFirstName: clientUser.firstName,
      clientLastName: clientUser.lastName,
      ...slotServiceColumns,
      ...policyVerdictColumns(),
      needsLock: policyNeedsLock,
      cancelCutoffMinutes: sql<number>`${policyCancelCutoff}`,
    })
    .from(timeslots)
    .innerJoin(asked, sql`asked.timeslot_id = ${timeslots.id}`)
    .leftJoin(services, eq(services.id, timeslots.serviceId))
    .innerJoin(providers, eq(providers.id, timeslots.providerId))
    .innerJoin(providerUser, eq(providerUser.id, providers.userId))
    .leftJoin(clientUser, sql`${clientUser.id} = asked.client_user_id`);
}

type PreparedContexts = ReturnType<ReturnType<typeof bookingContextsQuery>['prepare']>;
type ContextRow = Awaited<ReturnType<PreparedContexts['execute']>>[number];

/**
 * Per database handle: the statement built and named once (neither Drizzle nor PostgreSQL, once
 * per pooled connection, builds, parses and plans it again), and the reads of a rush sent
 * together (lib/batched-reads.ts: a few queries instead of one per booking, docs/decisions/062).
 */
const contextReaders = new WeakMap<
  DbOrTx,
  BatchedReads<{ clientUserId: string; timeslotId: string }, ContextRow | null>
>();

function contextReaderOf(db: DbOrTx) {
  let reader = contextReaders.get(db);
  if (!reader) {
    const statement = bookingContextsQuery(db).prepare('slotwise_booking_contexts');
    reader = new BatchedReads(async (keys) => {
      const rows = await statement.execute({
        timeslotIds: keys.map((key) => key.timeslotId),
        clientUserIds: keys.map((key) => key.clientUserId),
      });
      const answers: (ContextRow | null)[] = keys.map(() => null);
      for (const row of rows) answers[row.n - 1] = row;
      return answers;
    });
    contextReaders.set(db, reader);
  }
  return reader;
}

function bookingContext(db: DbOrTx, clientUserId: string, timeslotId: string) {
  return contextReaderOf(db).read({ clientUserId, timeslotId });
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
  return changeOf({
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
      // A new booking has no review yet.
      reviewed: false,
      cancelCutoffMinutes: Number(seen.cancelCutoffMinutes),
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
  });
}

const p = (name: string) => sql.placeholder(name);

/** The claim statement's text, with placeholders (prepared once, see `claimAndBook`). */
function claimStatement(): SQL {
  return sql`
      with claimed as (
        update ${timeslots} set is_booked = true, updated_at = now()
        where id = ${p('slotId')} and ${slotIsClaimable}
          and provider_id = ${p('providerId')} and day = ${p('day')}::date
          and start_time = ${p('startTime')}::time and end_time = ${p('endTime')}::time
          and type = ${p('type')} and service_id is not distinct from ${p('serviceId')}::uuid
          and ${slotObeysPolicy()} and (${p('locked')}::boolean or not ${policyNeedsLock})
        returning id, provider_id, day, start_time, end_time, starts_at, ends_at, type, service_id
      ), created as (
        insert into ${appointments} (id, timeslot_id, provider_id, client_id, status, day,
                                     start_time, end_time, starts_at, ends_at, service_type,
                                     service_id, service_name, price_cents, currency,
                                     cancel_cutoff_minutes)
        select ${p('appointmentId')}::uuid, claimed.id, claimed.provider_id,
               ${p('clientUserId')}::uuid, 'booked', day, start_time, end_time, starts_at, ends_at,
               type, s.id, s.name, s.price_cents, s.currency, ${p('cancelCutoffMinutes')}::int
        from claimed left join ${services} s on s.id = claimed.service_id
        returning id
      ), event as (
        insert into ${appointmentEvents} (appointment_id, provider_id, client_id, type, actor_role,
                                          actor_user_id, to_timeslot_id, starts_at, ends_at)
        select ${p('appointmentId')}::uuid, provider_id, ${p('clientUserId')}::uuid, 'booked',
               'client', ${p('clientUserId')}::uuid, id, starts_at, ends_at
        from claimed
      ), notice as (
        insert into ${notifications} (user_id, type, title, message, appointment_id)
        select ${p('noticeUserId')}::uuid, ${p('noticeType')}, ${p('noticeTitle')},
               ${p('noticeMessage')}, ${p('appointmentId')}::uuid
        from claimed
      ), queued as ( -- the email consumer's jobs (booking mail, reminders), docs/decisions
        insert into ${jobs} (kind, key, payload, run_at, max_attempts)
        select j.kind, j.key, j.payload, coalesce(j.run_at, now()), j.max_attempts
        from claimed,
             json_to_recordset(${p('jobs')}::json)
               as j(kind text, key text, payload jsonb, run_at timestamptz, max_attempts int)
      )
      select id from created`;
}

/**
 * The booking itself, as ONE statement (so one implicit transaction): claim the slot if it is
 * still claimable and as it was read, then insert the appointment, its event and the provider's
 * notification (`change.told`). The slot's row lock lasts for this statement only — never
 * across round trips — which keeps a storm of bookings on few slots from queueing behind each
 * other. False when the slot was not claimed (taken meanwhile, started, refused by the booking
 * policy, or changed since read).
 *
 * The booking policy (docs/decisions/047-booking-policies.md) is part of the claim's WHERE, so
 * nothing books around it. Its daily cap and buffer count other appointments, which is only
 * exact when claims of that provider's slots are serialised: `locked` says the caller took the
 * provider's lock in this transaction; without it the claim refuses any provider whose policy
 * (as it is now, not as read) has a cap or a buffer, and the next read takes the locked path.
 */
async function claimAndBook(
  db: DbOrTx,
  seen: BookingContext,
  clientUserId: string,
  change: AppointmentChange,
  locked: boolean,
): Promise<boolean> {
  const appointmentId = change.notice.appointmentId;
  const notification = change.told;
  try {
    const rows = await preparedRows<{ id: string }>(db, 'slotwise_booking_claim', claimStatement, {
      slotId: seen.id,
      providerId: seen.providerId,
      day: seen.day,
      startTime: seen.startTime,
      endTime: seen.endTime,
      type: seen.type,
      serviceId: seen.serviceId,
      locked,
      appointmentId,
      clientUserId,
      cancelCutoffMinutes: Number(seen.cancelCutoffMinutes),
      noticeUserId: notification.userId,
      noticeType: notification.type,
      noticeTitle: notification.title,
      noticeMessage: notification.message,
      jobs: jobsAsJson(mailJobsFor(change, 0)),
    });
    return rows.length > 0;
  } catch (error) {
    throw slotTakenByIndex(error) ?? error;
  }
}

/**
 * POST /appointment/booking: books a free future slot for a client. 404 for an unknown slot,
 * 409 SLOT_TAKEN when someone else holds it, 409 INVALID_STATE when it has started.
 *
 * Read first (no lock: who, what, when — everything the answer and the notification need),
 * then claim and write in one statement. A slot already taken answers 409 from the read alone.
 * Then the fan-out: other consumers' durable work (in a transaction of its own, see
 * change-fanout.ts), and after-commit effects.
 */
export async function bookAppointment(
  db: DbOrTx,
  clientUserId: string,
  timeslotId: string,
  changes: AppointmentChanges = NO_CONSUMERS,
  hints: { slots: TakenSlotHints; since: number } | null = null,
): Promise<AppointmentChange> {
  // A slot this instance knows is booked (and not about to start): the same 409 the read would
  // give, without a query (taken-slot-hints.ts; a miss or a dropped entry asks the database).
  if (hints && (await hints.slots.knownTaken(timeslotId, hints.since))) {
    throw new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
  }
  // Another booking of this slot in flight here: its outcome answers this one (claims-in-flight.ts).
  if (hints && (await hints.slots.inFlight.takenByOneAhead(timeslotId))) {
    throw new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
  }
  const settle = hints?.slots.inFlight.start(timeslotId);
  try {
    return await readClaimAndBook(db, clientUserId, timeslotId, changes, hints, settle);
  } finally {
    settle?.(false);
  }
}

/** The read and the claim, tried again while the slot was only edited since the read. */
async function readClaimAndBook(
  db: DbOrTx,
  clientUserId: string,
  timeslotId: string,
  changes: AppointmentChanges,
  hints: { slots: TakenSlotHints } | null,
  settle: ((booked: boolean) => void) | undefined,
): Promise<AppointmentChange> {
  for (let attempt = 1; ; attempt++) {
    const mark = hints?.slots.mark() ?? 0;
    const seen = await bookingContext(db, clientUserId, timeslotId);
    if (!seen) throw new NotFoundError(BOOKING_MESSAGES.timeslotNotFound);
    if (seen.started) throw new ConflictError('INVALID_STATE', BOOKING_MESSAGES.slotInPast);
    if (seen.isBooked) {
      hints?.slots.remember(seen.id, seen.startsAt, mark);
      settle?.(true);
      throw new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
    }
    const refused = refusalOf(seen);
    if (refused) throw refused;
    const { clientFirstName, clientLastName } = seen;
    if (clientFirstName === null || clientLastName === null) throw new UnauthenticatedError();
    const change = bookedChange(randomUUID(), clientUserId, {
      ...seen,
      clientFirstName,
      clientLastName,
    });
    const claimed = seen.needsLock
      ? await db.transaction(async (tx) => {
          await lockProviderForPolicy(tx, seen.providerId);
          return claimAndBook(tx, seen, clientUserId, change, true);
        })
      : await claimAndBook(db, seen, clientUserId, change, false);
    if (claimed) {
      hints?.slots.remember(seen.id, seen.startsAt, mark);
      // Committed: the requests waiting on this slot are answered at once.
      settle?.(true);
      if (changes.hasTransactionalWork(WRITTEN_BY_BOOKING_STATEMENT)) {
        await db.transaction((tx) =>
          changes.inTransaction(tx, change, WRITTEN_BY_BOOKING_STATEMENT),
        );
      }
      await changes.afterCommit(change);
      return change;
    }
    // Not claimed: the next read tells why (taken, started, gone, refused by the policy); a
    // slot that was only edited since the read (or whose provider now needs the lock) is tried
    // again.
    if (attempt >= MAX_ATTEMPTS) throw new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
  }
}
