import { randomUUID } from 'node:crypto';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { WAITLIST_MESSAGES } from '@slotwise/shared/waitlist-schemas';
import { BUSINESS_MESSAGES } from '@slotwise/shared/business-schemas';
import { DEFAULT_BOOKING_POLICY } from '@slotwise/shared/policies-schemas';
import {
  MAX_SERIES_COUNT,
  SEATS_MESSAGES,
  type SeriesConflict,
  type SeriesConflictReason,
} from '@slotwise/shared/appointments-series-schemas';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments, appointmentSeries, providers, services, timeslots } from '../../db/schema';
import {
  ConflictError,
  type DomainError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from '../../errors';
import { APPOINTMENT_MAIL_JOB } from '../../jobs/job-payloads';
import type { EnqueueOptions } from '../../jobs/job-queue';
import { refusalOf } from '../policies/policy-rules';
import { fanOutBooking, holdOf } from './book';
import type { ClaimRequest } from './booking-claim';
import { bookedChange, type BookingContext, bookingContextColumns } from './booking-context';
import { cancelAppointmentAs } from './cancel';
import type { AppointmentChange } from './change';
import type { AppointmentChanges } from './change-fanout';
import { mailJobsFor } from './change-jobs';
import { providerBusyError, providerSuspendedError, slotResourceIsFree } from './claimable-slot';
import { claimInTransaction, claimWhole, FirstNotClaimed } from './series-claim';
import { MAX_ATTEMPTS } from './transaction';
import { oncePerHandle } from '../../lib/once-per-handle';
import { clientUser, providerUser } from './views';

/**
 * Series (docs/decisions/067-seats-and-series.md): a client books a slot and, every
 * `intervalWeeks` weeks, the provider's slot at the same local start time and service. ONE read
 * finds every week's slot (or why there is none), ONE claim statement (booking-claim.ts) books
 * them all, in the transaction that writes the `appointment_series` row; each occurrence is an
 * ordinary appointment, so the booking policy, reminders, reviews and cancels stay per occurrence.
 */

export interface BookedSeries {
  series: { id: string; interval_weeks: number; count: number };
  /** Repeating a booking: the client's appointment at the first slot, now the first occurrence. */
  adopted: AppointmentChange['clientView'] | null;
  changes: AppointmentChange[];
  conflicts: SeriesConflict[];
}

/**
 * Every week of a series, the first one included, in order: its local date and the provider's
 * slot that day (the columns of a single booking's read, null when there is none), with the
 * time off and horizon a week without a slot is explained by. Timeslots store the provider's
 * local `day` and `start_time` beside the instant: matching on them keeps the wall-clock time
 * across a daylight-saving change (the instants then differ by 7 days ± 1 hour).
 */
function weeksQuery(db: DbOrTx) {
  const p = (name: string) => sql.placeholder(name);
  const dayOfWeek = sql`(f.day + 7 * ${p('intervalWeeks')}::int * g.k)`;
  const weeks = sql`(
    select g.k + 1 as n, ${dayOfWeek} as day, ${p('clientUserId')}::uuid as client_user_id,
      case when g.k = 0 then f.id else (
        select w.id from ${timeslots} w
        where w.provider_id = f.provider_id and w.day = ${dayOfWeek}
          and w.start_time = f.start_time and w.service_id is not distinct from f.service_id
        order by w.id limit 1) end as timeslot_id,
      exists (select 1 from time_off o where o.provider_id = f.provider_id
        and o.starts_at < (${dayOfWeek} + f.end_time) at time zone u.timezone
        and o.ends_at > (${dayOfWeek} + f.start_time) at time zone u.timezone) as away,
      (${dayOfWeek} > (now() at time zone u.timezone)::date
          + coalesce(bp.max_advance_days, ${DEFAULT_BOOKING_POLICY.maxAdvanceDays}::int)
        or ${dayOfWeek} > (now() at time zone u.timezone)::date + 7 * s.horizon_weeks) as beyond
    from ${timeslots} f
      join providers p on p.id = f.provider_id
      join users u on u.id = p.user_id
      left join booking_policies bp on bp.provider_id = f.provider_id
      left join availability_settings s on s.provider_id = f.provider_id
      cross join generate_series(0, ${sql.raw(String(MAX_SERIES_COUNT - 1))}) as g(k)
    where f.id = ${p('timeslotId')}::uuid and g.k < ${p('count')}::int
  ) as asked`;
  return db
    .select({
      ...bookingContextColumns,
      week: sql<number>`asked.n`.mapWith(Number),
      date: sql<string>`to_char(asked.day, 'YYYY-MM-DD')`,
      away: sql<boolean>`asked.away`,
      beyond: sql<boolean>`coalesce(asked.beyond, false)`,
      resourceBusy: sql<boolean>`not ${slotResourceIsFree}`,
    })
    .from(timeslots)
    .rightJoin(weeks, sql`asked.timeslot_id = ${timeslots.id}`)
    .leftJoin(services, eq(services.id, timeslots.serviceId))
    .leftJoin(providers, eq(providers.id, timeslots.providerId))
    .leftJoin(providerUser, eq(providerUser.id, providers.userId))
    .leftJoin(clientUser, sql`${clientUser.id} = asked.client_user_id`)
    .orderBy(sql`asked.n`);
}

/**
 * Prepared once per database handle, named: parsed once per pooled connection, and planned once
 * too. PostgreSQL plans a named statement for its first five runs with the values given, then
 * keeps a generic plan only if it is estimated no dearer than those. The weeks come from a
 * constant series (0 … MAX_SERIES_COUNT − 1) cut by `count`, not `generate_series(0, count − 1)`:
 * with `count` unknown the latter is estimated at 1,000 rows, the generic plan looked 40 times
 * dearer than the others, and every series planned the read again (docs/decisions/082).
 */
const weeksStatement = oncePerHandle((db: DbOrTx) =>
  weeksQuery(db).prepare('slotwise_series_weeks'),
);

async function readWeeks(
  db: DbOrTx,
  clientUserId: string,
  timeslotId: string,
  intervalWeeks: number,
  count: number,
) {
  const rows = await weeksStatement(db).execute({ clientUserId, timeslotId, intervalWeeks, count });
  return rows.map((row) => ({
    ...row,
    // The week's slot as a single booking reads it (the right join leaves it all null if none).
    seen: row.id === null ? null : (row as unknown as BookingContext),
  }));
}

type Week = Awaited<ReturnType<typeof readWeeks>>[number];

/** Why a week other than the first has no booking, or null when its slot can be claimed. */
function conflictOf(week: Week): SeriesConflictReason | null {
  const { seen } = week;
  if (!seen) {
    if (week.away) return 'time_off';
    return week.beyond ? 'outside_horizon' : 'no_slot';
  }
  if (seen.started || seen.alreadyHolds || seen.isBooked || seen.heldForOthers) return 'taken';
  if (seen.busy || seen.suspended) return 'taken';
  if (week.resourceBusy) return 'taken';
  const refused = refusalOf(seen);
  if (refused) return refused.code === 'TOO_FAR_AHEAD' ? 'outside_horizon' : 'policy';
  return null;
}

/** The first week decides the request: the errors of POST /appointment/booking. */
function firstWeekError(week: Week | undefined): DomainError | null {
  const seen = week?.seen;
  if (!seen) return new NotFoundError(BOOKING_MESSAGES.timeslotNotFound);
  if (seen.suspended) return providerSuspendedError();
  if (seen.started) return new ConflictError('INVALID_STATE', BOOKING_MESSAGES.slotInPast);
  // Repeating a booking: the client's own seat becomes the first occurrence (bookSeries).
  if (seen.alreadyHolds) return null;
  if (seen.isBooked) return new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
  if (seen.heldForOthers) return new ConflictError('SLOT_HELD', WAITLIST_MESSAGES.slotHeld);
  if (seen.busy) return providerBusyError();
  const refused = refusalOf(seen);
  if (refused) return refused;
  if (week.resourceBusy) return new ConflictError('RESOURCE_BUSY', BUSINESS_MESSAGES.resourceBusy);
  return null;
}

/**
 * An occurrence's claim: its own reminders, review request and the provider's mail, but not
 * the client's booking mail — the series sends the client one mail for all of them.
 */
function occurrenceRequest(
  seen: BookingContext,
  clientUserId: string,
  seriesId: string,
): ClaimRequest {
  // A service paid when booking is not repeated (docs/decisions/068-payments.md): 409.
  holdOf(seen, null);
  const { clientFirstName, clientLastName } = seen;
  if (clientFirstName === null || clientLastName === null) throw new UnauthenticatedError();
  const change = bookedChange(
    randomUUID(),
    clientUserId,
    { ...seen, clientFirstName, clientLastName },
    seriesId,
  );
  const jobs = mailJobsFor(change, 0).filter(
    (job: EnqueueOptions) =>
      !(job.kind === APPOINTMENT_MAIL_JOB && job.payload['recipientRole'] === 'client'),
  );
  return { seen, clientUserId, change, jobs };
}

/** The client view of the booking that became the first occurrence, from the slot as read. */
function adoptedView(
  appointmentId: string,
  clientUserId: string,
  seen: BookingContext,
  seriesId: string,
): AppointmentChange['clientView'] {
  holdOf(seen, null);
  const { clientFirstName, clientLastName } = seen;
  if (clientFirstName === null || clientLastName === null) throw new UnauthenticatedError();
  return bookedChange(
    appointmentId,
    clientUserId,
    { ...seen, clientFirstName, clientLastName },
    seriesId,
  ).clientView;
}

/**
 * POST /appointment/series: books the slot `timeslotId` (failing exactly as a single booking
 * would, nothing booked) and the matching slot of each following week; every week without a
 * booking is listed in `conflicts` with its reason, never skipped. A week with a free slot is
 * booked even if the provider's time off covers it, as a single booking of that slot would be.
 */
export async function bookSeries(
  db: DbOrTx,
  clientUserId: string,
  body: { timeslotId: string; intervalWeeks: number; count: number },
  changes: AppointmentChanges,
): Promise<BookedSeries> {
  const { timeslotId, intervalWeeks, count } = body;
  for (let attempt = 1; ; attempt++) {
    const weeks = await readWeeks(db, clientUserId, timeslotId, intervalWeeks, count);
    const refused = firstWeekError(weeks[0]);
    if (refused) throw refused;
    const first = weeks[0]!.seen!;
    const seriesId = randomUUID();
    const conflicts: SeriesConflict[] = [];
    const requests: ClaimRequest[] = [];
    // "Repeat" on a booking: the client already holds the first slot, which joins the series.
    const adopt = first.alreadyHolds;
    for (const week of weeks) {
      if (adopt && week.week === 1) continue;
      const reason = week.week === 1 ? null : conflictOf(week);
      if (reason) conflicts.push({ date: week.date, reason });
      else requests.push(occurrenceRequest(week.seen!, clientUserId, seriesId));
    }
    let claimed: boolean[];
    let adoptedId: string | null = null;
    try {
      if (adopt || first.needsLock) {
        ({ claimed, adoptedId } = await claimInTransaction(db, {
          requests,
          seriesId,
          clientUserId,
          intervalWeeks,
          count,
          first,
          adopt,
        }));
      } else {
        // The common case: a new series on a provider without a daily cap or buffer.
        claimed = await claimWhole(db, { requests, seriesId, clientUserId, intervalWeeks, count });
      }
      if (!adopt && !claimed[0]) throw new FirstNotClaimed();
    } catch (error) {
      // The first slot taken, changed or refused since the read, or a later one held by a
      // concurrent booking (a seat of this client, a resource): the next read tells.
      const again = error instanceof FirstNotClaimed || error instanceof ConflictError;
      if (again && attempt < MAX_ATTEMPTS) continue;
      if (error instanceof FirstNotClaimed) {
        throw new ConflictError('SLOT_TAKEN', BOOKING_MESSAGES.slotTaken);
      }
      throw error;
    }
    const booked: AppointmentChange[] = [];
    requests.forEach((request, i) => {
      if (claimed[i]) booked.push(request.change);
      else conflicts.push({ date: request.seen.day, reason: 'taken' });
    });
    conflicts.sort((a, b) => a.date.localeCompare(b.date));
    // Each occurrence's fan-out is its own (a notification, an event): sent together, not in turn.
    await Promise.all(booked.map((change) => fanOutBooking(db, change, changes)));
    const adopted =
      adoptedId === null ? null : adoptedView(adoptedId, clientUserId, first, seriesId);
    return {
      series: { id: seriesId, interval_weeks: intervalWeeks, count },
      adopted,
      changes: booked,
      conflicts,
    };
  }
}

/**
 * PATCH /appointment/series/:id/cancel: the client cancels the series' future booked
 * occurrences — all of them, or `fromAppointmentId` and those starting after it — each through
 * the single cancel (cancel.ts: the seat is freed, the provider told, the cut-off applies).
 * An occurrence past the client's cut-off (or no longer booked) stays as it is and is left out
 * of `canceled`: the answer names exactly what was canceled.
 */
export async function cancelSeries(
  db: DbOrTx,
  clientUserId: string,
  seriesId: string,
  fromAppointmentId: string | undefined,
  changes: AppointmentChanges,
): Promise<string[]> {
  const [series] = await db
    .select({ id: appointmentSeries.id })
    .from(appointmentSeries)
    .where(and(eq(appointmentSeries.id, seriesId), eq(appointmentSeries.clientId, clientUserId)))
    .limit(1);
  if (!series) throw new NotFoundError(SEATS_MESSAGES.seriesNotFound);
  let from: Date | null = null;
  if (fromAppointmentId !== undefined) {
    const [occurrence] = await db
      .select({ startsAt: appointments.startsAt })
      .from(appointments)
      .where(and(eq(appointments.id, fromAppointmentId), eq(appointments.seriesId, seriesId)))
      .limit(1);
    if (!occurrence) throw ValidationError.field('fromAppointmentId', SEATS_MESSAGES.notInSeries);
    from = occurrence.startsAt;
  }
  const targets = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.seriesId, seriesId),
        eq(appointments.clientId, clientUserId),
        eq(appointments.status, 'booked'),
        sql`${appointments.startsAt} > now()`,
        from ? gte(appointments.startsAt, from) : undefined,
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  const canceled: string[] = [];
  for (const { id } of targets) {
    try {
      await cancelAppointmentAs(db, { role: 'client', userId: clientUserId }, id, changes);
      canceled.push(id);
    } catch (error) {
      // Past its cut-off (409 CANCEL_WINDOW_PASSED), or canceled meanwhile: it stays out.
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  return canceled;
}
