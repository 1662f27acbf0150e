import { randomUUID } from 'node:crypto';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, preparedRows } from '../../db/client';
import { BatchedCalls } from '../../lib/batched-calls';
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
import { jobRecords } from '../../jobs/job-queue';
import type { AppointmentChange, AppointmentTime } from './change';
import { AppointmentChanges, MAIL_CONSUMER, STORED_NOTIFICATION_CONSUMER } from './change-fanout';
import { mailJobsFor } from './change-jobs';
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
import { slotServiceColumns, snapshotOf } from '../catalogue/appointment-snapshot';
import type { TakenSlotHints } from '../../push/taken-slot-hints';
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
const WRITTEN_BY_BOOKING_STATEMENT = [STORED_NOTIFICATION_CONSUMER, MAIL_CONSUMER] as const;

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
 * together (lib/batched-calls.ts: a few queries instead of one per booking, docs/decisions/062).
 */
const contextReaders = new WeakMap<
  DbOrTx,
  BatchedCalls<{ clientUserId: string; timeslotId: string }, ContextRow | null>
>();

function contextReaderOf(db: DbOrTx) {
  let reader = contextReaders.get(db);
  if (!reader) {
    const statement = bookingContextsQuery(db).prepare('slotwise_booking_contexts');
    reader = new BatchedCalls(async (keys) => {
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
  return contextReaderOf(db).call({ clientUserId, timeslotId });
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

/** One booking's part of a claim statement: the slot as read, and the rows to write for it. */
interface ClaimRequest {
  seen: BookingContext;
  clientUserId: string;
  change: AppointmentChange;
}

/** The claim's JSON parameter: one record per booking (the columns of `asked` below). */
function claimRecord({ seen, clientUserId, change }: ClaimRequest) {
  const told = change.told;
  return {
    slot_id: seen.id,
    provider_id: seen.providerId,
    slot_day: seen.day,
    start_time: seen.startTime,
    end_time: seen.endTime,
    slot_type: seen.type,
    service_id: seen.serviceId,
    appointment_id: change.notice.appointmentId,
    client_user_id: clientUserId,
    cancel_cutoff_minutes: Number(seen.cancelCutoffMinutes),
    notice_user_id: told.userId,
    notice_type: told.type,
    notice_title: told.title,
    notice_message: told.message,
    jobs: jobRecords(mailJobsFor(change, 0)),
  };
}

/**
 * The claim statement's text, with placeholders (prepared once, see `claimAll`): for each
 * booking asked, claim the slot if it is still claimable and as it was read, then insert the
 * appointment, its event, the provider's notification (`change.told`) and the email consumer's
 * jobs (booking mail, reminders). Answers the ids of the appointments written.
 */
function claimStatement(): SQL {
  return sql`
      with asked as (
        select * from json_to_recordset(${p('claims')}::json) as a(
          slot_id uuid, provider_id uuid, slot_day date, start_time time, end_time time,
          slot_type text, service_id uuid, appointment_id uuid, client_user_id uuid,
          cancel_cutoff_minutes int, notice_user_id uuid, notice_type text, notice_title text,
          notice_message text, jobs json)
      ), claimed as (
        update ${timeslots} set is_booked = true, updated_at = now()
        from asked a
        where ${timeslots.id} = a.slot_id and ${slotIsClaimable}
          and ${timeslots.providerId} = a.provider_id and ${timeslots.day} = a.slot_day
          and ${timeslots.startTime} = a.start_time and ${timeslots.endTime} = a.end_time
          and ${timeslots.type} = a.slot_type
          and ${timeslots.serviceId} is not distinct from a.service_id
          and ${slotObeysPolicy()} and (${p('locked')}::boolean or not ${policyNeedsLock})
        returning ${timeslots.id} as id, ${timeslots.providerId} as provider_id,
          ${timeslots.day} as day, ${timeslots.startTime} as start_time,
          ${timeslots.endTime} as end_time, ${timeslots.startsAt} as starts_at,
          ${timeslots.endsAt} as ends_at, ${timeslots.type} as type,
          ${timeslots.serviceId} as service_id, a.appointment_id, a.client_user_id,
          a.cancel_cutoff_minutes, a.notice_user_id, a.notice_type, a.notice_title,
          a.notice_message, a.jobs
      ), created as (
        insert into ${appointments} (id, timeslot_id, provider_id, client_id, status, day,
                                     start_time, end_time, starts_at, ends_at, service_type,
                                     service_id, service_name, price_cents, currency,
                                     cancel_cutoff_minutes)
        select c.appointment_id, c.id, c.provider_id, c.client_user_id, 'booked', c.day,
               c.start_time, c.end_time, c.starts_at, c.ends_at, c.type, s.id, s.name,
               s.price_cents, s.currency, c.cancel_cutoff_minutes
        from claimed c left join ${services} s on s.id = c.service_id
        returning id
      ), event as (
        insert into ${appointmentEvents} (appointment_id, provider_id, client_id, type, actor_role,
                                          actor_user_id, to_timeslot_id, starts_at, ends_at)
        select c.appointment_id, c.provider_id, c.client_user_id, 'booked', 'client',
               c.client_user_id, c.id, c.starts_at, c.ends_at
        from claimed c
      ), notice as (
        insert into ${notifications} (user_id, type, title, message, appointment_id)
        select c.notice_user_id, c.notice_type, c.notice_title, c.notice_message, c.appointment_id
        from claimed c
      ), queued as ( -- the email consumer's jobs (booking mail, reminders), docs/decisions/044
        insert into ${jobs} (kind, key, payload, run_at, max_attempts)
        select j.kind, j.key, j.payload, coalesce(j.run_at, now()), j.max_attempts
        from claimed c,
             json_to_recordset(c.jobs)
               as j(kind text, key text, payload jsonb, run_at timestamptz, max_attempts int)
      )
      select id from created`;
}

/**
 * The bookings, as ONE statement (so one implicit transaction; docs/decisions/029 and 062): each
 * slot is claimed only if it is still claimable and as it was read, and its rows are written in
 * the same statement. The slots' row locks last for this statement only — never across round
 * trips. Answers, per booking, whether its slot was claimed (false: taken meanwhile, started,
 * refused by the booking policy, or changed since read). Sent in slot order, which the plan
 * (a nested loop over `asked`) follows, so two batches normally lock their common slots in the
 * same order; a deadlock anyway fails the statement, and its bookings are claimed alone. A slot
 * asked twice is claimed once (UPDATE … FROM
 * updates a row once): the other booking is not claimed and learns why from its next read.
 *
 * The booking policy (docs/decisions/047-booking-policies.md) is part of the claim's WHERE, so
 * nothing books around it. Its daily cap and buffer count other appointments, which is only
 * exact when claims of that provider's slots are serialised: `locked` says the caller took the
 * provider's lock in this transaction (one booking then); without it the claim refuses any
 * provider whose policy (as it is now, not as read) has a cap or a buffer, and the next read
 * takes the locked path.
 */
async function claimAll(
  db: DbOrTx,
  requests: readonly ClaimRequest[],
  locked: boolean,
): Promise<boolean[]> {
  const records = requests.map(claimRecord).sort((a, b) => a.slot_id.localeCompare(b.slot_id));
  const rows = await preparedRows<{ id: string }>(db, 'slotwise_booking_claims', claimStatement, {
    claims: JSON.stringify(records),
    locked,
  });
  const written = new Set(rows.map((row) => row.id));
  return requests.map((request) => written.has(request.change.notice.appointmentId));
}

/**
 * One booking's claim (a unique violation of the last line of defence answers 409 SLOT_TAKEN).
 * Unlocked claims asked at about the same time share one statement (lib/batched-calls.ts): a
 * rush costs a few statements and commits instead of one per booking. Should a shared statement
 * fail (a unique violation, a deadlock with another instance's claims), each of its bookings
 * is claimed again on its own, so one booking's failure is never another's.
 */
async function claimOne(db: DbOrTx, request: ClaimRequest, locked: boolean): Promise<boolean> {
  try {
    if (locked) return (await claimAll(db, [request], true))[0]!;
    const outcome = await claimBatcherOf(db).call(request);
    if (outcome.status === 'rejected') throw outcome.reason;
    return outcome.value;
  } catch (error) {
    throw slotTakenByIndex(error) ?? error;
  }
}

const claimBatchers = new WeakMap<
  DbOrTx,
  BatchedCalls<ClaimRequest, PromiseSettledResult<boolean>>
>();

function claimBatcherOf(db: DbOrTx) {
  let batcher = claimBatchers.get(db);
  if (!batcher) {
    batcher = new BatchedCalls<ClaimRequest, PromiseSettledResult<boolean>>(
      async (requests) => {
        try {
          const claimed = await claimAll(db, requests, false);
          return claimed.map((value) => ({ status: 'fulfilled', value }));
        } catch (error) {
          if (requests.length === 1) return [{ status: 'rejected', reason: error }];
          // Alone, each booking gets its own outcome (its own error, if it has one).
          return Promise.allSettled(
            requests.map(async (request) => (await claimAll(db, [request], false))[0]!),
          );
        }
      },
      { maxInFlight: 2, maxBatch: 100 },
    );
    claimBatchers.set(db, batcher);
  }
  return batcher;
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
  // give, without a query (push/taken-slot-hints.ts; a miss or a dropped entry asks the database).
  if (hints && (await hints.slots.knownTaken(timeslotId, hints.since))) {
    throw new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
  }
  // Another booking of this slot in flight here: its outcome answers this one (push/claims-in-flight.ts).
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
    const request = { seen, clientUserId, change };
    const claimed = seen.needsLock
      ? await db.transaction(async (tx) => {
          await lockProviderForPolicy(tx, seen.providerId);
          return claimOne(tx, request, true);
        })
      : await claimOne(db, request, false);
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
