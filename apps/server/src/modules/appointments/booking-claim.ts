import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, preparedRows } from '../../db/client';
import { PG_DEADLOCK_DETECTED, pgErrorOf } from '../../db/errors';
import {
  appointmentEvents,
  appointments,
  appointmentSeries,
  jobs,
  notifications,
  payments,
  services,
  timeslots,
  waitlistEntries,
  waitlistOffers,
} from '../../db/schema';
import { type EnqueueOptions, jobRecords } from '../../jobs/job-queue';
import { BatchedCalls } from '../../lib/batched-calls';
import { policyNeedsLock, slotObeysPolicy } from '../policies/policy-rules';
import type { BookingContext } from './booking-context';
import type { AppointmentChange } from './change';
import type { PaymentHold } from './payment-hold';
import { mailJobsFor } from './change-jobs';
import {
  seatsFreeFor,
  slotIsBusy,
  slotIsFreeAndFuture,
  slotNotHeldFor,
  slotProviderIsSuspended,
} from './claimable-slot';
import { MAX_ATTEMPTS, slotTakenByIndex } from './transaction';

/**
 * A booking's claim: ONE statement that claims the slot and writes the appointment, its event,
 * the stored notification and the mail jobs (docs/decisions/030), shared by the bookings of a
 * rush (docs/decisions/062). `claimOne` is the entry; book.ts calls it after the read.
 */

const p = (name: string) => sql.placeholder(name);

/** The job that ends an unpaid hold at its deadline (the payments module runs it). */
export const PAYMENT_EXPIRY_JOB = 'payments.expire-hold';

/** One booking's part of a claim statement: the slot as read, and the rows to write for it. */
export interface ClaimRequest {
  seen: BookingContext;
  clientUserId: string;
  change: AppointmentChange;
  /** The jobs to queue, where not `mailJobsFor(change, 0)` (a series mails its client once). */
  jobs?: EnqueueOptions[];
  /** Set when the service takes money: the seat is held until paid. */
  hold?: PaymentHold;
}

/** The hold's expiry job: at the deadline, the payments module frees an unpaid hold. */
function expiryJobOf(hold: PaymentHold): EnqueueOptions {
  return {
    kind: PAYMENT_EXPIRY_JOB,
    key: `payment-expiry:${hold.paymentId}`,
    payload: { paymentId: hold.paymentId },
    runAt: hold.expiresAt,
  };
}

/** The claim's JSON parameter: one record per booking (the columns of `asked` below). */
function claimRecord({ seen, clientUserId, change, jobs, hold }: ClaimRequest) {
  const told = change.told;
  const queued = hold ? [expiryJobOf(hold)] : (jobs ?? mailJobsFor(change, 0));
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
    jobs: jobRecords(queued),
    payment: hold
      ? {
          id: hold.paymentId,
          mode: hold.mode,
          amount_cents: hold.amountCents,
          price_cents: hold.priceCents,
          currency: hold.currency,
          cancellation_fees: hold.cancellationFees,
          no_show_fee_percent: hold.noShowFeePercent,
          gateway: hold.gateway,
          checkout_url: hold.checkoutUrl,
          expires_at: hold.expiresAt.toISOString(),
        }
      : null,
  };
}

/**
 * The claim statement's text, with placeholders (prepared once, see `claimAll`): for each
 * booking asked, claim the slot if it is still claimable and as it was read, then insert the
 * appointment, its event, the provider's notification (`change.told`) and the email consumer's
 * jobs (booking mail, reminders). Answers the ids of the appointments written.
 *
 * `series` (claimSeries): the occurrences of a new series, whole or not at all: nothing is
 * claimed unless the first week's slot (`firstSlotId`) is, and the `appointment_series` row is
 * written with its first occurrence (docs/decisions/082-series-and-class-speed.md).
 */
function claimStatement(series = false): SQL {
  return sql`
      with asked as (
        select * from json_to_recordset(${p('claims')}::json) as a(
          slot_id uuid, provider_id uuid, slot_day date, start_time time, end_time time,
          slot_type text, service_id uuid, appointment_id uuid, client_user_id uuid,
          cancel_cutoff_minutes int, notice_user_id uuid, notice_type text, notice_title text,
          notice_message text, jobs json, payment json)
      ), ranked as ( -- the seats asked of each slot, in a fixed order
        select a.*, row_number() over (partition by a.slot_id order by a.appointment_id) as seat_no,
               count(*) over (partition by a.slot_id) as wanted
        from asked a
      ), free as ( -- each slot still claimable and as it was read, locked, with its free seats
        select ${timeslots.id} as id, ${seatsFreeFor(sql`a.client_user_id`)} as seats_free
        from ${timeslots} join ranked a on a.slot_id = ${timeslots.id} and a.seat_no = 1
        where ${slotIsFreeAndFuture} and ${slotNotHeldFor(sql`a.client_user_id`)}
          and not ${slotIsBusy} and not ${slotProviderIsSuspended}
          and ${timeslots.providerId} = a.provider_id and ${timeslots.day} = a.slot_day
          and ${timeslots.startTime} = a.start_time and ${timeslots.endTime} = a.end_time
          and ${timeslots.type} = a.slot_type
          and ${timeslots.serviceId} is not distinct from a.service_id
          and ${slotObeysPolicy()} and (${p('locked')}::boolean or not ${policyNeedsLock})
        order by ${timeslots.id}
        for update of ${timeslots}
      ), claimed as (
        update ${timeslots}
        set seats_taken = ${timeslots.seatsTaken} + least(a.wanted, f.seats_free),
            is_booked = ${timeslots.seatsTaken} + least(a.wanted, f.seats_free) >= ${timeslots.capacity},
            updated_at = now()
        from free f join ranked a on a.slot_id = f.id and a.seat_no = 1
        where ${timeslots.id} = f.id and f.seats_free > 0${
          series
            ? sql`
          and exists (select 1 from free first_week
            where first_week.id = ${p('firstSlotId')}::uuid and first_week.seats_free > 0)`
            : sql``
        }
        returning ${timeslots.id} as id, ${timeslots.providerId} as provider_id,
          ${timeslots.day} as day, ${timeslots.startTime} as start_time,
          ${timeslots.endTime} as end_time, ${timeslots.startsAt} as starts_at,
          ${timeslots.endsAt} as ends_at, ${timeslots.type} as type,
          ${timeslots.serviceId} as service_id, least(a.wanted, f.seats_free) as granted
      ), seated as ( -- the first 'granted' asks of each slot get a seat
        select c.*, a.appointment_id, a.client_user_id, a.cancel_cutoff_minutes,
               a.notice_user_id, a.notice_type, a.notice_title, a.notice_message, a.jobs,
               a.payment
        from claimed c join ranked a on a.slot_id = c.id and a.seat_no <= c.granted
      ), created as (
        insert into ${appointments} (id, timeslot_id, provider_id, client_id, status, day,
                                     start_time, end_time, starts_at, ends_at, service_type,
                                     service_id, service_name, price_cents, currency,
                                     cancel_cutoff_minutes, resource_id, series_id)
        select c.appointment_id, c.id, c.provider_id, c.client_user_id,
               case when c.payment is null then 'booked' else 'pending_payment' end, c.day,
               c.start_time, c.end_time, c.starts_at, c.ends_at, c.type, s.id, s.name,
               s.price_cents, s.currency, c.cancel_cutoff_minutes, s.resource_id,
               ${p('seriesId')}::uuid
        from seated c left join ${services} s on s.id = c.service_id
        returning id
      ),${
        series
          ? sql` series_row as ( -- with its first occurrence, or not at all
        insert into ${appointmentSeries} (id, provider_id, client_id, interval_weeks, count)
        select ${p('seriesId')}::uuid, c.provider_id, c.client_user_id, ${p('intervalWeeks')}::int,
               ${p('count')}::int
        from seated c where c.id = ${p('firstSlotId')}::uuid
      ),`
          : sql``
      } event as (
        insert into ${appointmentEvents} (appointment_id, provider_id, client_id, type, actor_role,
                                          actor_user_id, to_timeslot_id, starts_at, ends_at)
        select c.appointment_id, c.provider_id, c.client_user_id, 'booked', 'client',
               c.client_user_id, c.id, c.starts_at, c.ends_at
        from seated c where c.payment is null -- a held seat is booked when paid
      ), notice as (
        insert into ${notifications} (user_id, type, title, message, appointment_id)
        select c.notice_user_id, c.notice_type, c.notice_title, c.notice_message, c.appointment_id
        from seated c where c.payment is null
      ), held as ( -- the payment a held seat waits for (docs/decisions/068-payments.md)
        insert into ${payments} (id, appointment_id, provider_id, client_id, mode, amount_cents,
                                 price_cents, currency, cancellation_fees, no_show_fee_percent,
                                 gateway, checkout_url, expires_at)
        select (c.payment->>'id')::uuid, c.appointment_id, c.provider_id, c.client_user_id,
               c.payment->>'mode', (c.payment->>'amount_cents')::int,
               (c.payment->>'price_cents')::int, c.payment->>'currency',
               (c.payment->'cancellation_fees')::jsonb, (c.payment->>'no_show_fee_percent')::int,
               c.payment->>'gateway', c.payment->>'checkout_url',
               (c.payment->>'expires_at')::timestamptz
        from seated c where c.payment is not null
      ), accepted as ( -- the client's own open waitlist offer of the slot is taken up (069)
        update ${waitlistOffers} o
        set status = 'accepted', appointment_id = c.appointment_id, updated_at = now()
        from seated c
        where o.timeslot_id = c.id and o.client_id = c.client_user_id and o.status = 'offered'
        returning o.entry_id
      ), fulfilled as (
        update ${waitlistEntries} e set status = 'booked', updated_at = now()
        from accepted x where e.id = x.entry_id and e.status = 'waiting'
      ), queued as ( -- the email consumer's jobs (booking mail, reminders), docs/decisions/044
        insert into ${jobs} (kind, key, payload, run_at, max_attempts)
        select j.kind, j.key, j.payload, coalesce(j.run_at, now()), j.max_attempts
        from seated c,
             json_to_recordset(c.jobs)
               as j(kind text, key text, payload jsonb, run_at timestamptz, max_attempts int)
      )
      select id from created`;
}

/**
 * The bookings, as ONE statement (so one implicit transaction; docs/decisions/029 and 062): each
 * slot is claimed only if it is still claimable and as it was read, and its rows are written in
 * the same statement. The slots' row locks last for this statement only — never across round
 * trips. The appointment holds its service's resource (if any): a resource already held then
 * fails the statement (the exclusion constraint, docs/product.md §13.3). Answers, per booking, whether its slot was claimed (false: taken meanwhile, started,
 * refused by the booking policy, or changed since read). Sent in slot order, which the plan
 * (a nested loop over `asked`) follows, so two batches normally lock their common slots in the
 * same order; a deadlock anyway fails the statement, and its bookings are claimed alone.
 *
 * Seats (docs/decisions/067-seats-and-series.md): a slot asked k times is locked once (`free`,
 * FOR UPDATE: the newest committed count, whatever claims committed since the statement
 * began), given min(k, seats left) seats in one UPDATE, and those go to its first asks in a
 * fixed order; the others are not claimed and learn why from their next read. The check
 * `timeslots_seats_taken_check` refuses anything past the capacity, whatever the code does.
 * `seriesId` names the series all these bookings belong to (series.ts), else null.
 *
 * The booking policy (docs/decisions/047-booking-policies.md) is part of the claim's WHERE, so
 * nothing books around it. Its daily cap and buffer count other appointments, which is only
 * exact when claims of that provider's slots are serialised: `locked` says the caller took the
 * provider's lock in this transaction (one booking then); without it the claim refuses any
 * provider whose policy (as it is now, not as read) has a cap or a buffer, and the next read
 * takes the locked path.
 */
export async function claimAll(
  db: DbOrTx,
  requests: readonly ClaimRequest[],
  locked: boolean,
  seriesId: string | null = null,
): Promise<boolean[]> {
  const records = requests.map(claimRecord).sort((a, b) => a.slot_id.localeCompare(b.slot_id));
  const rows = await preparedRows<{ id: string }>(db, 'slotwise_booking_claims', claimStatement, {
    claims: JSON.stringify(records),
    locked,
    seriesId,
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
 *
 * Claims of slots that need one resource deadlock among themselves: each inserts its
 * appointment, finds the other's overlapping one not yet committed in the exclusion constraint,
 * and waits for it. PostgreSQL ends one of them after `deadlock_timeout`; that unlocked claim is
 * made again (up to `MAX_ATTEMPTS` in all), and then meets the winner's committed appointment:
 * 409 RESOURCE_BUSY, not an error (docs/decisions/089). A locked claim runs in its caller's
 * transaction, which `inTransaction` tries again whole.
 */
export async function claimOne(
  db: DbOrTx,
  request: ClaimRequest,
  locked: boolean,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (locked) return (await claimAll(db, [request], true))[0]!;
      const outcome = await claimBatcherOf(db).call(request);
      if (outcome.status === 'rejected') throw outcome.reason;
      return outcome.value;
    } catch (error) {
      const deadlocked = pgErrorOf(error)?.code === PG_DEADLOCK_DETECTED;
      if (deadlocked && !locked && attempt < MAX_ATTEMPTS) continue;
      throw slotTakenByIndex(error) ?? error;
    }
  }
}

/**
 * The occurrences of a new series (series.ts) in ONE statement, without a transaction around it:
 * each week's slot claimed as `claimAll` claims it, none unless the first week's is, and the
 * series row written with them. Its slots' row locks end with the statement. Answers, per
 * occurrence, whether it was booked (all false: the first week was not).
 */
export async function claimSeries(
  db: DbOrTx,
  requests: readonly ClaimRequest[],
  series: { id: string; intervalWeeks: number; count: number; firstSlotId: string },
): Promise<boolean[]> {
  const records = requests.map(claimRecord).sort((a, b) => a.slot_id.localeCompare(b.slot_id));
  const rows = await preparedRows<{ id: string }>(
    db,
    'slotwise_series_claims',
    () => claimStatement(true),
    {
      claims: JSON.stringify(records),
      locked: false,
      seriesId: series.id,
      firstSlotId: series.firstSlotId,
      intervalWeeks: series.intervalWeeks,
      count: series.count,
    },
  );
  const written = new Set(rows.map((row) => row.id));
  return requests.map((request) => written.has(request.change.notice.appointmentId));
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
