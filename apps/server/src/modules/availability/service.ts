import {
  AVAILABILITY_MESSAGES,
  type CoveredAppointment,
  DEFAULT_HORIZON_WEEKS,
  type GenerationReport,
  MAX_TIME_OFF_DAYS,
  parseTimeOffBound,
  type TimeOff,
  type TimeOffBound,
  type WeeklyRule,
} from '@slotwise/shared/availability-schemas';
import { addDays, hhmm } from '@slotwise/shared/dates';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { appointments, timeOff, timeslots } from '../../db/schema';
import { availabilityRules, availabilitySettings } from '../../db/schema/schedule';
import { NotFoundError, ValidationError } from '../../errors';
import { isoTextOf } from '../../lib/iso';
import { loadProviderSchedule, lockProviderSchedule, regenerateSlots } from './generate';

/**
 * Weekly hours and time off (docs/decisions/040-weekly-hours-and-time-off.md). Every call is on
 * the caller's own provider profile; another provider's time off is "not found".
 */

export interface WeeklyHours {
  rules: {
    weekday: number;
    start: string;
    end: string;
    serviceId: string | null;
    slotMinutes: number;
    breakMinutes: number;
    capacity: number;
  }[];
  horizonWeeks: number;
  timezone: string;
}

/** GET /availability/weekly: the saved rules (none yet: an empty week, the default horizon). */
export async function getWeeklyHours(
  db: DbOrTx,
  providerId: string,
  now: Date = new Date(),
): Promise<WeeklyHours> {
  const schedule = await loadProviderSchedule(db, providerId, now);
  return {
    rules: schedule.rules.map((rule) => ({
      weekday: rule.weekday,
      start: hhmm(rule.startTime),
      end: hhmm(rule.endTime),
      serviceId: rule.serviceId,
      slotMinutes: rule.slotMinutes,
      breakMinutes: rule.breakMinutes,
      capacity: rule.capacity,
    })),
    horizonWeeks: schedule.saved ? schedule.horizonWeeks : DEFAULT_HORIZON_WEEKS,
    timezone: schedule.timezone,
  };
}

/**
 * PUT /availability/weekly: replaces the rules and the horizon and regenerates the provider's
 * future slots, all in one transaction.
 */
export async function saveWeeklyHours(
  db: DbOrTx,
  providerId: string,
  input: { rules: WeeklyRule[]; horizonWeeks: number },
  now: Date = new Date(),
): Promise<WeeklyHours & { generation: GenerationReport }> {
  const generation = await db.transaction(async (tx) => {
    await lockProviderSchedule(tx, providerId);
    await tx
      .insert(availabilitySettings)
      .values({ providerId, horizonWeeks: input.horizonWeeks })
      .onConflictDoUpdate({
        target: availabilitySettings.providerId,
        set: { horizonWeeks: input.horizonWeeks, updatedAt: sql`now()` },
      });
    await tx.delete(availabilityRules).where(sql`${availabilityRules.providerId} = ${providerId}`);
    if (input.rules.length > 0) {
      await tx.insert(availabilityRules).values(
        input.rules.map((rule) => ({
          providerId,
          weekday: rule.weekday,
          startTime: rule.start,
          endTime: rule.end,
          serviceId: rule.serviceId ?? null,
          slotMinutes: rule.slotMinutes,
          breakMinutes: rule.breakMinutes,
          capacity: rule.capacity,
        })),
      );
    }
    return regenerateSlots(tx, providerId, now);
  });
  return { ...(await getWeeklyHours(db, providerId, now)), generation };
}

// ---- Time off ----------------------------------------------------------------------------------

const timeOffColumns = sql`id, ${isoTextOf(sql`starts_at`)} as starts_at,
  ${isoTextOf(sql`ends_at`)} as ends_at, reason`;

/** GET /availability/time-off: the provider's time off that has not ended yet, in time order. */
export async function listTimeOff(
  db: DbOrTx,
  providerId: string,
  now: Date = new Date(),
): Promise<TimeOff[]> {
  return queryRows<TimeOff>(
    db,
    sql`select ${timeOffColumns} from ${timeOff}
        where provider_id = ${providerId} and ends_at > ${now.toISOString()}::timestamptz
        order by starts_at, id`,
  );
}

/** The instant of a bound in the provider's zone; a whole-day `to` ends at the next midnight. */
function boundInstant(bound: TimeOffBound, timezone: string, end: boolean): SQL {
  if (bound.kind === 'instant') return sql`${bound.instant}::timestamptz`;
  const day = bound.kind === 'date' && end ? addDays(bound.day, 1) : bound.day;
  const time = bound.kind === 'local' ? bound.time : '00:00:00';
  return sql`((${day}::date + ${time}::time) at time zone ${timezone})`;
}

export interface TimeOffCreated {
  timeOff: TimeOff;
  removedSlots: number;
  bookedAppointments: CoveredAppointment[];
}

/**
 * POST /availability/time-off: records the range, removes the free slots in it (generated or
 * hand-made) and answers the booked appointments inside it — they stay booked: the provider
 * decides to cancel or keep each one.
 */
export async function createTimeOff(
  db: DbOrTx,
  providerId: string,
  input: { from: string; to: string; reason: string },
  now: Date = new Date(),
): Promise<TimeOffCreated> {
  const from = parseTimeOffBound(input.from);
  const to = parseTimeOffBound(input.to);
  if (!from) throw ValidationError.field('from', AVAILABILITY_MESSAGES.timeOffInvalidInstant);
  if (!to) throw ValidationError.field('to', AVAILABILITY_MESSAGES.timeOffInvalidInstant);
  const nowSql = sql`${now.toISOString()}::timestamptz`;

  return db.transaction(async (tx) => {
    await lockProviderSchedule(tx, providerId);
    const { timezone } = await loadProviderSchedule(tx, providerId, now);
    const [range] = await queryRows<{
      starts_at: string;
      ends_at: string;
      ok: boolean;
      long: boolean;
      over: boolean;
    }>(
      tx,
      sql`select s::text as starts_at, e::text as ends_at, e > s as ok,
            e - s > make_interval(days => ${MAX_TIME_OFF_DAYS}) as long, e <= ${nowSql} as over
          from (select ${boundInstant(from, timezone, false)} as s,
                       ${boundInstant(to, timezone, true)} as e) r`,
    );
    if (!range?.ok) throw ValidationError.field('to', AVAILABILITY_MESSAGES.timeOffToBeforeFrom);
    if (range.long) throw ValidationError.field('to', AVAILABILITY_MESSAGES.timeOffTooLong);
    if (range.over) throw ValidationError.field('to', AVAILABILITY_MESSAGES.timeOffInPast);

    const [created] = await queryRows<TimeOff>(
      tx,
      sql`insert into ${timeOff} (provider_id, starts_at, ends_at, reason)
          values (${providerId}, ${range.starts_at}::timestamptz, ${range.ends_at}::timestamptz,
                  ${input.reason})
          returning ${timeOffColumns}`,
    );
    const inRange = (alias: string) =>
      sql`${sql.raw(alias)}.provider_id = ${providerId}
        and ${sql.raw(alias)}.starts_at < ${range.ends_at}::timestamptz
        and ${sql.raw(alias)}.ends_at > ${range.starts_at}::timestamptz`;
    const [removed] = await queryRows<{ n: number }>(
      tx,
      sql`with gone as (
            delete from ${timeslots} t
            where ${inRange('t')} and t.starts_at > ${nowSql} and not t.is_booked
              and not exists (select 1 from ${appointments} a
                              where a.timeslot_id = t.id and a.status = 'booked')
            returning 1)
          select count(*)::int as n from gone`,
    );
    const booked = await queryRows<CoveredAppointment>(
      tx,
      sql`select a.id, a.day::text as day, a.start_time::text as start_time,
            a.end_time::text as end_time, a.service_type,
            u.first_name as client_first_name, u.last_name as client_last_name
          from ${appointments} a join users u on u.id = a.client_id
          where ${inRange('a')} and a.status = 'booked' and a.ends_at > ${nowSql}
          order by a.starts_at, a.id`,
    );
    return { timeOff: created!, removedSlots: removed?.n ?? 0, bookedAppointments: booked };
  });
}

/**
 * DELETE /availability/time-off/:id: own time off only (anyone else's is 404). The weekly hours
 * fill the freed range again at once.
 */
export async function deleteTimeOff(
  db: DbOrTx,
  providerId: string,
  id: string,
  now: Date = new Date(),
): Promise<{ createdSlots: number }> {
  return db.transaction(async (tx) => {
    await lockProviderSchedule(tx, providerId);
    const gone = await queryRows<{ id: string }>(
      tx,
      sql`delete from ${timeOff} where id = ${id} and provider_id = ${providerId} returning id`,
    );
    if (gone.length === 0) throw new NotFoundError(AVAILABILITY_MESSAGES.timeOffNotFound);
    const report = await regenerateSlots(tx, providerId, now);
    return { createdSlots: report.created };
  });
}
