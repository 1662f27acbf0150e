import type { GenerationReport } from '@slotwise/shared/availability-schemas';
import { addDays, hhmm, normalizeTime, weekdayOf } from '@slotwise/shared/dates';
import { planSlotRun } from '@slotwise/shared/availability-slot-run-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import {
  appointments,
  availabilityRules,
  availabilitySettings,
  timeOff,
  timeslots,
} from '../../db/schema';
import { NotFoundError } from '../../errors';
import { queueNewSlotOffers } from './new-slot-offers';
import { DEFAULT_SLOT_TYPE } from './timeslot-service';

/**
 * Slot generation from weekly hours (docs/decisions/040-weekly-hours-and-time-off.md).
 *
 * The wall-clock plan (every weekday range cut into slots, day by day up to the horizon) is made
 * here; the zone arithmetic is PostgreSQL's. A slot exists only when every wall-clock minute of
 * it exists once on that day in the provider's zone: its start reads back as the same wall clock,
 * and so does its last minute, with `ends_at = starts_at + length`. In a spring-forward gap the
 * slots touching the missing hour are skipped; in a fall-back overlap each wall-clock time gets
 * one slot (an ambiguous start is PostgreSQL's reading: the later, standard-time one).
 *
 * Generated slots are ordinary slots with `source = 'weekly'`; a regeneration keeps the ones
 * still wanted, removes future free ones no longer wanted, never touches booked or hand-made
 * ones, and inserts the rest with ON CONFLICT DO NOTHING: a clash with any other slot (also one
 * written concurrently) is skipped, never an error.
 */

/** Serialises generations of one provider (a save and the daily run) across instances. */
const GENERATION_LOCK_CLASS = 7019;

export interface ProviderSchedule {
  timezone: string;
  specialty: string | null;
  /** Today in the provider's zone at `now`. */
  today: string;
  horizonWeeks: number;
  rules: {
    weekday: number;
    startTime: string;
    endTime: string;
    serviceId: string | null;
    slotMinutes: number;
    breakMinutes: number;
    capacity: number;
  }[];
}

export async function lockProviderSchedule(db: DbOrTx, providerId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(${GENERATION_LOCK_CLASS}, hashtext(${providerId}))`,
  );
}

export async function loadProviderSchedule(
  db: DbOrTx,
  providerId: string,
  now: Date,
): Promise<ProviderSchedule & { saved: boolean }> {
  const [provider] = await queryRows<{
    timezone: string;
    specialty: string | null;
    today: string;
    horizon_weeks: number | null;
  }>(
    db,
    sql`select u.timezone, p.specialty,
          to_char(${now.toISOString()}::timestamptz at time zone u.timezone, 'YYYY-MM-DD') as today,
          s.horizon_weeks
        from providers p join users u on u.id = p.user_id
        left join ${availabilitySettings} s on s.provider_id = p.id
        where p.id = ${providerId}`,
  );
  if (!provider) throw new NotFoundError('Provider profile not found');
  const rules = await queryRows<ProviderSchedule['rules'][number]>(
    db,
    sql`select weekday, start_time::text as "startTime", end_time::text as "endTime",
          service_id as "serviceId", slot_minutes as "slotMinutes", break_minutes as "breakMinutes",
          capacity
        from ${availabilityRules} where provider_id = ${providerId}
        order by weekday, start_time`,
  );
  return {
    timezone: provider.timezone,
    specialty: provider.specialty,
    today: provider.today,
    horizonWeeks: provider.horizon_weeks ?? 0,
    saved: provider.horizon_weeks !== null,
    rules,
  };
}

interface Candidate {
  day: string;
  start_time: string;
  end_time: string;
  minutes: number;
  type: string;
  capacity: number;
}

/** The slot type of a rule's slots. A rule's serviceId will name the service once services exist. */
function typeOf(schedule: ProviderSchedule): string {
  return schedule.specialty ?? DEFAULT_SLOT_TYPE;
}

/** Every wall-clock slot the rules want, from today through the last day of the horizon. */
export function plannedSlots(schedule: ProviderSchedule): Candidate[] {
  const candidates: Candidate[] = [];
  const days = schedule.horizonWeeks * 7;
  for (let offset = 0; offset < days; offset++) {
    const day = addDays(schedule.today, offset);
    const isoWeekday = weekdayOf(day) || 7;
    for (const rule of schedule.rules) {
      if (rule.weekday !== isoWeekday) continue;
      const run = planSlotRun(
        {
          dates: [day],
          startTime: hhmm(rule.startTime),
          endTime: hhmm(rule.endTime),
          slotMinutes: rule.slotMinutes,
          breakMinutes: rule.breakMinutes,
        },
        Number.POSITIVE_INFINITY,
      );
      for (const slot of run) {
        candidates.push({
          day: slot.day,
          start_time: normalizeTime(slot.startTime),
          end_time: normalizeTime(slot.endTime),
          minutes: rule.slotMinutes,
          type: typeOf(schedule),
          capacity: rule.capacity,
        });
      }
    }
  }
  return candidates;
}

/**
 * The candidates with their instants and what becomes of each: 'nonexistent' (a wall-clock time
 * the zone skips), 'past', 'time_off' (time off, or busy in a connected calendar), 'kept' (the
 * same generated slot is there), 'clash' (another slot overlaps) or 'new'.
 */
function classified(providerId: string, timezone: string, candidates: Candidate[], now: Date): SQL {
  return sql`
    c as (
      select * from json_to_recordset(${JSON.stringify(candidates)}::json)
        as c(day date, start_time time, end_time time, minutes int, type text, capacity int)
    ),
    i as (
      select c.*, (c.day + c.start_time) at time zone ${timezone} as starts_at from c
    ),
    k as (
      select i.*, i.starts_at + make_interval(mins => i.minutes) as ends_at,
        ((i.starts_at at time zone ${timezone}) = i.day + i.start_time
          and ((i.starts_at + make_interval(mins => i.minutes - 1)) at time zone ${timezone})
              = i.day + i.end_time - interval '1 minute') as exists_in_zone
      from i
    ),
    classified as (
      select k.*, case
        when not k.exists_in_zone then 'nonexistent'
        when k.starts_at <= ${now.toISOString()}::timestamptz then 'past'
        when exists (
          select 1 from ${timeOff} o
          where o.provider_id = ${providerId}
            and o.starts_at < k.ends_at and o.ends_at > k.starts_at) then 'time_off'
        when exists (
          select 1 from ${timeslots} t
          where t.provider_id = ${providerId} and t.source = 'weekly'
            and t.starts_at = k.starts_at and t.ends_at = k.ends_at
            and t.day = k.day and t.start_time = k.start_time and t.type = k.type) then 'kept'
        -- Busy in the provider's own calendar (docs/decisions/071-calendar-sync.md): not made,
        -- and reported like time off.
        when exists (
          select 1 from busy_blocks b
          where b.provider_id = ${providerId}
            and tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(k.starts_at, k.ends_at, '[)'))
          then 'time_off'
        when exists (
          select 1 from ${timeslots} t
          where t.provider_id = ${providerId}
            and tstzrange(t.starts_at, t.ends_at, '[)') && tstzrange(k.starts_at, k.ends_at, '[)'))
          then 'clash'
        else 'new' end as status
      from k
    )`;
}

/** A slot nobody holds: not flagged booked and no active appointment. */
function isFree(slot: SQL): SQL {
  return sql`not ${slot}.is_booked and not exists (
    select 1 from ${appointments} a where a.timeslot_id = ${slot}.id and a.status = 'booked')`;
}

/**
 * Brings a provider's generated slots in line with their weekly hours, time off and horizon.
 * Call inside a transaction; takes the provider's generation lock.
 */
export async function regenerateSlots(
  tx: DbOrTx,
  providerId: string,
  now: Date,
): Promise<GenerationReport> {
  await lockProviderSchedule(tx, providerId);
  const schedule = await loadProviderSchedule(tx, providerId, now);
  const candidates = plannedSlots(schedule);
  const wanted = classified(providerId, schedule.timezone, candidates, now);

  // Future free generated slots that are no longer wanted (the wanted ones are 'kept' below).
  const removed = await queryRows<{ n: number }>(
    tx,
    sql`with ${wanted}, gone as (
          delete from ${timeslots} t
          where t.provider_id = ${providerId} and t.source = 'weekly'
            and t.starts_at > ${now.toISOString()}::timestamptz
            and ${isFree(sql`t`)}
            and not exists (
              select 1 from classified w
              where w.status in ('kept', 'clash', 'new')
                and w.starts_at = t.starts_at and w.ends_at = t.ends_at
                and w.day = t.day and w.start_time = t.start_time and w.type = t.type)
          returning 1)
        select count(*)::int as n from gone`,
  );

  // Kept slots take the rules' seats, never below the seats already booked (decision 067).
  await tx.execute(sql`with ${wanted}
    update ${timeslots} t
    set capacity = w.capacity, is_booked = t.seats_taken >= w.capacity, updated_at = now()
    from classified w
    where w.status = 'kept' and t.provider_id = ${providerId} and t.source = 'weekly'
      and t.starts_at = w.starts_at and t.ends_at = w.ends_at and t.day = w.day
      and t.start_time = w.start_time and t.type = w.type
      and t.capacity <> w.capacity and t.seats_taken <= w.capacity`);

  const [counts] = await queryRows<Omit<GenerationReport, 'removed'> & { wanted_new: number }>(
    tx,
    sql`with ${wanted}, inserted as (
          insert into ${timeslots}
            (provider_id, day, start_time, end_time, starts_at, ends_at, type, source, capacity)
          select ${providerId}, day, start_time, end_time, starts_at, ends_at, type, 'weekly',
                 capacity
          from classified where status = 'new'
          on conflict do nothing
          returning id), offered as (${queueNewSlotOffers(providerId, sql`select id from inserted`)})
        select (select count(*)::int from inserted) as created,
          count(*) filter (where status = 'kept')::int as kept,
          count(*) filter (where status = 'clash')::int as "skippedClashes",
          count(*) filter (where status = 'new')::int as wanted_new,
          count(*) filter (where status = 'time_off')::int as "skippedTimeOff",
          count(*) filter (where status = 'nonexistent')::int as "skippedNonexistent"
        from classified`,
  );
  const report = counts!;
  return {
    created: report.created,
    kept: report.kept,
    removed: removed[0]?.n ?? 0,
    // A 'new' one that lost to a concurrent write clashed too.
    skippedClashes: report.skippedClashes + (report.wanted_new - report.created),
    skippedTimeOff: report.skippedTimeOff,
    skippedNonexistent: report.skippedNonexistent,
  };
}
