import type {
  DailyActivity,
  DayLoad,
  ProviderAnalytics,
  ProviderStats,
} from '@slotwise/shared/stats-types';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { providers, users } from '../../db/schema';
import { firstOrNotFound } from '../../lib/first-row';

/**
 * Percentage change from `previous` to `current`, rounded to a whole percent.
 * Rule for a zero baseline: 0 → 0 is 0 %, 0 → anything is +100 %.
 */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100;
  return Math.round(((current - previous) / previous) * 100);
}

const round1 = (value: number) => Math.round(value * 10) / 10;

async function providerZone(db: DbOrTx, providerId: string): Promise<string> {
  const row = await firstOrNotFound(
    db
      .select({ timezone: users.timezone })
      .from(providers)
      .innerJoin(users, eq(users.id, providers.userId))
      .where(eq(providers.id, providerId))
      .limit(1),
    'Provider not found',
  );
  return row.timezone;
}

const num = (value: unknown) => Number(value ?? 0);

/**
 * The dashboard figures as one query (exported so a test can EXPLAIN it): the provider's zone
 * is looked up inside it, and the 30-day window is read through appointments_provider_day_idx.
 */
export function providerStatsQuery(providerId: string, now: Date): SQL {
  const at = now.toISOString();
  return sql`
    with zone as (
      select u.timezone as tz from ${providers} p join ${users} u on u.id = p.user_id
      where p.id = ${providerId}
    ),
    local as (
      select (${at}::timestamptz at time zone zone.tz)::date as today,
             (date_trunc('week', ${at}::timestamptz at time zone zone.tz) at time zone zone.tz) as week_start
      from zone
    ),
    appts as (
      select a.day, a.status, extract(epoch from (a.ends_at - a.starts_at)) / 60 as minutes
      from appointments a, local
      where a.provider_id = ${providerId}
        and a.day between local.today - 30 and local.today
    )
    select
      count(*) filter (where day = local.today and status <> 'canceled') as today_count,
      count(*) filter (where day = local.today - 1 and status <> 'canceled') as yesterday_count,
      coalesce(avg(minutes) filter (where day = local.today and status <> 'canceled'), 0) as today_avg,
      coalesce(avg(minutes) filter (where day = local.today - 1 and status <> 'canceled'), 0) as yesterday_avg,
      count(*) filter (where day > local.today - 30) as window_total,
      count(*) filter (where day > local.today - 30 and status <> 'canceled') as window_kept,
      count(*) filter (where day < local.today) as prev_total,
      count(*) filter (where day < local.today and status <> 'canceled') as prev_kept,
      (select count(*) from appointment_events e
        where e.provider_id = ${providerId} and e.type = 'booked' and e.occurred_at >= local.week_start) as booked_week,
      (select count(*) from appointment_events e
        where e.provider_id = ${providerId} and e.type = 'canceled' and e.occurred_at >= local.week_start) as canceled_week,
      (select count(*) from appointment_events e
        where e.provider_id = ${providerId} and e.type = 'rescheduled' and e.occurred_at >= local.week_start) as rescheduled_week
    from local left join appts on true
    group by local.today, local.week_start
  `;
}

/**
 * The dashboard figures (definitions in the README), all in the provider's time zone, at
 * the instant `now`:
 * - todayCount: appointments on today's date that are not canceled; todayChange vs yesterday.
 * - avgDuration: mean length in minutes of today's non-canceled appointments (0 when none);
 *   durationChange vs yesterday's mean.
 * - completionRate ('Succesful Booking Rate'): % of appointments dated in the 30 days up to
 *   today that were not canceled (100 when there were none); completionChange: the same
 *   figure for the 30 days up to yesterday, as a difference in percentage points.
 * - booked/canceled/rescheduledThisWeek: booking events that happened since Monday 00:00.
 */
export async function getProviderStats(
  db: DbOrTx,
  providerId: string,
  now = new Date(),
): Promise<ProviderStats> {
  // One round trip: the provider's zone is looked up inside the query that needs it.
  const row = await firstOrNotFound(
    queryRows(db, providerStatsQuery(providerId, now)),
    'Provider not found',
  );
  const todayCount = num(row.today_count);
  const todayAvg = num(row.today_avg);
  const rate = (kept: number, total: number) => (total === 0 ? 100 : (kept / total) * 100);
  const completionRate = rate(num(row.window_kept), num(row.window_total));
  const previousRate = rate(num(row.prev_kept), num(row.prev_total));
  return {
    todayCount,
    todayChange: percentChange(todayCount, num(row.yesterday_count)),
    avgDuration: Math.round(todayAvg),
    durationChange: percentChange(todayAvg, num(row.yesterday_avg)),
    completionRate: round1(completionRate),
    completionChange: round1(completionRate - previousRate),
    bookedThisWeek: num(row.booked_week),
    canceledThisWeek: num(row.canceled_week),
    rescheduledThisWeek: num(row.rescheduled_week),
  };
}

/** The analytics page: activity, utilisation, busiest times and the coming week's load. */
export async function getProviderAnalytics(
  db: DbOrTx,
  providerId: string,
  now = new Date(),
): Promise<ProviderAnalytics> {
  const timezone = await providerZone(db, providerId);
  const at = now.toISOString();
  const local = sql`(${at}::timestamptz at time zone ${timezone})::date`;

  /** The provider's kept appointments of the last 90 days, counted by `bucket` (column 1). */
  const last90DaysBy = (bucket: SQL) =>
    queryRows(
      db,
      sql`
      select ${bucket}, count(*) as appointments
      from appointments a
      where a.provider_id = ${providerId} and a.status <> 'canceled' and a.day >= ${local} - 89
      group by 1 order by 1`,
    );

  const [activity, usage, weekdays, hours, upcoming] = await Promise.all([
    queryRows(
      db,
      sql`
      select to_char(d.day, 'YYYY-MM-DD') as day,
             count(e.id) filter (where e.type = 'booked') as bookings,
             count(e.id) filter (where e.type = 'canceled') as cancellations
      from generate_series(${local} - 29, ${local}, interval '1 day') as d(day)
      left join appointment_events e
        on e.provider_id = ${providerId}
       and (e.occurred_at at time zone ${timezone})::date = d.day::date
      group by d.day order by d.day`,
    ),
    queryRows(
      db,
      sql`
      select
        coalesce((select sum(extract(epoch from (t.ends_at - t.starts_at)) / 60) from timeslots t
          where t.provider_id = ${providerId} and t.day between ${local} - 29 and ${local}), 0) as published,
        coalesce((select sum(extract(epoch from (a.ends_at - a.starts_at)) / 60) from appointments a
          where a.provider_id = ${providerId} and a.status <> 'canceled'
            and a.day between ${local} - 29 and ${local}), 0) as booked`,
    ),
    last90DaysBy(sql`(extract(isodow from a.day)::int - 1) as weekday`),
    last90DaysBy(sql`extract(hour from a.start_time)::int as hour`),
    queryRows(
      db,
      sql`
      select to_char(d.day, 'YYYY-MM-DD') as day,
        coalesce((select sum(extract(epoch from (t.ends_at - t.starts_at)) / 60) from timeslots t
          where t.provider_id = ${providerId} and t.day = d.day::date), 0) as published,
        coalesce((select sum(extract(epoch from (a.ends_at - a.starts_at)) / 60) from appointments a
          where a.provider_id = ${providerId} and a.status <> 'canceled' and a.day = d.day::date), 0) as booked
      from generate_series(${local}, ${local} + 6, interval '1 day') as d(day)
      order by d.day`,
    ),
  ]);

  const usageRow = usage[0] ?? {};
  const publishedMinutes = Math.round(num(usageRow.published));
  const bookedMinutes = Math.round(num(usageRow.booked));
  const weekdayCounts = new Map(weekdays.map((r) => [num(r.weekday), num(r.appointments)]));
  const hourCounts = new Map(hours.map((r) => [num(r.hour), num(r.appointments)]));
  return {
    timezone,
    last30Days: activity.map((r): DailyActivity => ({
      day: String(r.day),
      bookings: num(r.bookings),
      cancellations: num(r.cancellations),
    })),
    utilisation: publishedMinutes === 0 ? 0 : round1((bookedMinutes / publishedMinutes) * 100),
    publishedMinutes,
    bookedMinutes,
    byWeekday: Array.from({ length: 7 }, (_, weekday) => ({
      weekday,
      appointments: weekdayCounts.get(weekday) ?? 0,
    })),
    byHour: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      appointments: hourCounts.get(hour) ?? 0,
    })),
    next7Days: upcoming.map((r): DayLoad => ({
      day: String(r.day),
      publishedMinutes: Math.round(num(r.published)),
      bookedMinutes: Math.round(num(r.booked)),
    })),
  };
}
