import {
  CATEGORY_SLUGS,
  CITIES,
  DATASET,
  FIRST_NAMES,
  LAST_NAMES,
  SPECIALTIES,
  STORM_SLOTS,
} from './dataset';
import { paymentSteps } from './seed-payments';

/** A SQL text literal. */
export const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;
const arr = (items: readonly string[]) => `(array[${items.map(lit).join(',')}])`;

/** `arr[1 + (i * prime) % n]`: spreads names evenly and differently for each column. */
const pick = (items: readonly string[], index: string, prime: number) =>
  `${arr(items)}[1 + ((${index})::bigint * ${prime}) % ${items.length}]`;

/** A wall-clock (day, time) in UTC as an instant: every seeded user lives in UTC. */
export const instant = (day: string, time: string) => `((${day}) + (${time})) at time zone 'UTC'`;

/**
 * `md5(name)` shaped as a version-4 UUID (version nibble 4, variant 8): the same value as
 * `uuidOf(name)` in ids.ts. The API validates ids as RFC UUIDs, so a bare md5 would not do.
 */
export const uuidOf = (name: string) =>
  `overlay(overlay(md5(${name}) placing '4' from 13) placing '8' from 17)::uuid`;

export interface SeedStep {
  name: string;
  sql: string;
  /** Skip foreign-key triggers (the rows are consistent by construction). */
  bulk?: boolean;
}

/** Same name and definition as migration 0002: rebuilt in one pass after the bulk insert. */
const NO_OVERLAP = `alter table timeslots add constraint timeslots_no_overlap
  exclude using gist (provider_id with =, tstzrange(starts_at, ends_at, '[)') with &&)`;

/**
 * The whole data set as a few set-based statements (`generate_series`, INSERT … SELECT):
 * 100,000 providers, 1,000 clients, 1,000,000 slots, 5,000 appointments with their events.
 * Every id is derived from a name (uuidOf, as in ids.ts). The argon2 hash is computed once by the caller.
 */
export function seedSteps(passwordHash: string): SeedStep[] {
  const { providers, clients, slotsProvider, stormProvider, dashboardProvider } = DATASET;
  const regularSlots =
    DATASET.slots - slotsProvider.slots - STORM_SLOTS - dashboardProvider.appointments;
  const regularProviders = Math.ceil(regularSlots / DATASET.slotsPerProvider);
  const firstRegular = 4;
  const hash = lit(passwordHash);
  const dash = dashboardProvider.index;
  return [
    {
      name: 'provider users',
      sql: `insert into users (id, email, password_hash, first_name, last_name, role, timezone, email_verified_at)
        select ${uuidOf(`'provider-user-' || i`)}, 'provider' || i || '@bench.slotwise.test', ${hash},
               ${pick(FIRST_NAMES, 'i', 7919)}, ${pick(LAST_NAMES, 'i', 104729)}, 'provider', 'UTC', now()
        from generate_series(1, ${providers}) as i`,
    },
    {
      name: 'providers (category, place, ratings)',
      // Listing columns (names, listed, score) come from the providers trigger (0011).
      sql: `insert into providers (id, user_id, specialty, bio, search_text, category, place_id,
                                   place_name, place_country, lat, lng, rating_sum, rating_count)
        select ${uuidOf(`'provider-' || i`)}, u.id, s.specialty,
               'Experienced ' || lower(s.specialty) || ', ' || (3 + i % 20) || ' years in the trade.',
               lower(u.first_name || ' ' || u.last_name || ' ' || s.specialty),
               ${pick(CATEGORY_SLUGS, 'i', 7)}, 1 + c.k, c.name, 'XX',
               c.lat + ((i::bigint * 7919) % 1000) / 2000.0 - 0.25, c.lng + ((i::bigint * 104729) % 1000) / 2000.0 - 0.25,
               r.n * (3 + i % 3) - (case when r.n > 0 then i % 2 else 0 end), r.n
        from generate_series(1, ${providers}) as i
        join users u on u.id = ${uuidOf(`'provider-user-' || i`)}
        cross join lateral (select ${pick(SPECIALTIES, 'i', 31)} as specialty) s
        cross join lateral (select (i * 13) % ${CITIES.length} as k) ck
        cross join lateral (select ${arr(CITIES.map((c) => c.name))}[1 + ck.k] as name,
                                   (array[${CITIES.map((c) => c.lat).join(',')}])[1 + ck.k] as lat,
                                   (array[${CITIES.map((c) => c.lng).join(',')}])[1 + ck.k] as lng, ck.k) c
        cross join lateral (select (i * 17) % 41 as n) r`,
    },
    {
      bulk: true,
      name: 'services (2 per provider)',
      sql: `insert into services (id, provider_id, name, duration_minutes, price_cents, currency)
        select ${uuidOf(`'service-' || i || '-' || j`)}, ${uuidOf(`'provider-' || i`)},
               case when j = 1 then 'Standard' else 'Premium' end, 30 * j,
               (15 + (i * 37) % 200) * 100 * j, 'EUR'
        from generate_series(1, ${providers}) as i cross join generate_series(1, 2) as j`,
    },
    {
      name: 'prices from (what the services trigger keeps current)',
      sql: `update providers p set price_from_cents = s.price, price_currency = 'EUR'
        from (select provider_id, min(price_cents) as price from services group by provider_id) s
        where p.id = s.provider_id`,
    },
    {
      name: 'rating prior and scores',
      sql: `with m as (select coalesce(sum(rating_sum)::float8 / nullif(sum(rating_count), 0), 0) as mean from providers),
        prior as (update rating_prior set mean = m.mean from m where id = 1 returning rating_prior.mean)
        update providers set rating_score = provider_rating_score(rating_sum, rating_count, (select mean from prior))`,
    },
    {
      name: 'clients',
      sql: `insert into users (id, email, password_hash, first_name, last_name, role, timezone, email_verified_at)
        select ${uuidOf(`'client-user-' || i`)}, 'client' || i || '@bench.slotwise.test', ${hash},
               ${pick(FIRST_NAMES, 'i', 53)}, ${pick(LAST_NAMES, 'i', 97)}, 'client', 'UTC', now()
        from generate_series(1, ${clients}) as i`,
    },
    {
      name: 'no-overlap constraint dropped for the bulk insert',
      sql: 'alter table timeslots drop constraint timeslots_no_overlap',
    },
    {
      bulk: true,
      name: `${regularSlots.toLocaleString('en')} slots of ${regularProviders.toLocaleString('en')} providers`,
      // Slot k of provider p: day k+1 from today, a half-hour starting between 08:00 and 17:30.
      sql: `insert into timeslots (id, provider_id, day, start_time, end_time, starts_at, ends_at, type)
        select ${uuidOf(`'slot-' || p || '-' || k`)}, ${uuidOf(`'provider-' || p`)},
               current_date + 1 + k, t.start_time, t.start_time + interval '30 minutes',
               ${instant('current_date + 1 + k', 't.start_time')},
               ${instant('current_date + 1 + k', "t.start_time + interval '30 minutes'")},
               'Consultation'
        from generate_series(0, ${regularSlots - 1}) as n
        cross join lateral (select ${firstRegular} + n / ${DATASET.slotsPerProvider} as p,
                                   n % ${DATASET.slotsPerProvider} as k) pk
        cross join lateral (select time '08:00' + interval '30 minutes' * (p % 20) as start_time) t`,
    },
    {
      name: `${slotsProvider.slots} slots of the slots provider`,
      // 16 half-hours a day (09:00–17:00) for 125 days from tomorrow.
      sql: `insert into timeslots (id, provider_id, day, start_time, end_time, starts_at, ends_at, type)
        select ${uuidOf(`'slot-${slotsProvider.index}-' || k`)}, ${uuidOf(`'provider-${slotsProvider.index}'`)},
               d.day, t.start_time, t.start_time + interval '30 minutes',
               ${instant('d.day', 't.start_time')}, ${instant('d.day', "t.start_time + interval '30 minutes'")},
               'Haircut'
        from generate_series(0, ${slotsProvider.slots - 1}) as k
        cross join lateral (select current_date + 1 + k / 16 as day) d
        cross join lateral (select time '09:00' + interval '30 minutes' * (k % 16) as start_time) t`,
    },
    {
      name: `${STORM_SLOTS} slots of the storm provider`,
      sql: `insert into timeslots (id, provider_id, day, start_time, end_time, starts_at, ends_at, type)
        select ${uuidOf(`'slot-${stormProvider.index}-' || k`)}, ${uuidOf(`'provider-${stormProvider.index}'`)},
               d.day, t.start_time, t.start_time + interval '15 minutes',
               ${instant('d.day', 't.start_time')}, ${instant('d.day', "t.start_time + interval '15 minutes'")},
               'Consultation'
        from generate_series(0, ${STORM_SLOTS - 1}) as k
        cross join lateral (select current_date + 1 + k / 80 as day) d
        cross join lateral (select time '02:00' + interval '15 minutes' * (k % 80) as start_time) t`,
    },
    {
      name: `${dashboardProvider.appointments} slots of the dashboard provider`,
      // 40 quarter-hours a day (08:00–18:00) from 89 days ago to 35 days ahead.
      sql: `insert into timeslots (id, provider_id, day, start_time, end_time, starts_at, ends_at, type, is_booked, seats_taken)
        select ${uuidOf(`'slot-${dash}-' || k`)}, ${uuidOf(`'provider-${dash}'`)},
               d.day, t.start_time, t.start_time + interval '15 minutes',
               ${instant('d.day', 't.start_time')}, ${instant('d.day', "t.start_time + interval '15 minutes'")},
               'Consultation', k % 10 <> 0, (k % 10 <> 0)::int
        from generate_series(0, ${dashboardProvider.appointments - 1}) as k
        cross join lateral (select current_date - 89 + k / 40 as day) d
        cross join lateral (select time '08:00' + interval '15 minutes' * (k % 40) as start_time) t`,
    },
    { name: 'no-overlap constraint rebuilt', sql: NO_OVERLAP },
    {
      name: `${dashboardProvider.appointments} appointments of the dashboard provider`,
      // Every slot was booked by some client; one in ten was canceled since.
      sql: `insert into appointments (id, timeslot_id, provider_id, client_id, status, day, start_time,
                                      end_time, starts_at, ends_at, service_type, canceled_at, canceled_by, created_at)
        select ${uuidOf(`'appointment-' || k`)}, t.id, t.provider_id,
               ${uuidOf(`'client-user-' || (1 + k % ${clients})`)},
               case when k % 10 = 0 then 'canceled' else 'booked' end,
               t.day, t.start_time, t.end_time, t.starts_at, t.ends_at, t.type,
               case when k % 10 = 0 then least(now(), t.starts_at - interval '1 day') end,
               case when k % 10 = 0 then 'client' end,
               least(now() - interval '1 hour' - interval '1 day' * (k % 28), t.starts_at - interval '3 days')
        from generate_series(0, ${dashboardProvider.appointments - 1}) as k
        join timeslots t on t.id = ${uuidOf(`'slot-${dash}-' || k`)}`,
    },
    {
      name: `${DATASET.otherAppointments.toLocaleString('en')} appointments of other providers`,
      // The table is not the dashboard provider's alone: one booked slot (k = 1) for each of
      // the providers after the real-time ones.
      sql: `with booked as (
          update timeslots t set is_booked = true, seats_taken = 1
          from generate_series(${DATASET.firstRealtimeProvider + DATASET.realtimeProviders},
                               ${DATASET.firstRealtimeProvider + DATASET.realtimeProviders + DATASET.otherAppointments - 1}) as p
          where t.id = ${uuidOf(`'slot-' || p || '-1'`)}
          returning t.*, p
        )
        insert into appointments (id, timeslot_id, provider_id, client_id, status, day, start_time,
                                  end_time, starts_at, ends_at, service_type, created_at)
        select ${uuidOf(`'appointment-p' || p`)}, id, provider_id, ${uuidOf(`'client-user-' || (1 + p % ${clients})`)},
               'booked', day, start_time, end_time, starts_at, ends_at, type, now() - interval '2 days'
        from booked`,
    },
    {
      name: 'appointment events',
      sql: `insert into appointment_events (appointment_id, provider_id, client_id, type, actor_role,
                                            actor_user_id, to_timeslot_id, from_timeslot_id, starts_at, ends_at, occurred_at)
        select a.id, a.provider_id, a.client_id, 'booked', 'client', a.client_id, a.timeslot_id, null,
               a.starts_at, a.ends_at, a.created_at
        from appointments a where a.provider_id = ${uuidOf(`'provider-${dash}'`)}
        union all
        select a.id, a.provider_id, a.client_id, 'canceled', 'client', a.client_id, null, a.timeslot_id,
               a.starts_at, a.ends_at, a.canceled_at
        from appointments a where a.provider_id = ${uuidOf(`'provider-${dash}'`)} and a.status = 'canceled'`,
    },
    ...teamSteps(hash),
    ...classSteps(hash),
    ...paymentSteps(hash),
    {
      name: 'next free slots (what the timeslots triggers keep current)',
      // The bulk slot insert ran without triggers (replica role): one set-based pass instead,
      // itself without the providers row trigger (nothing it keeps depends on this column).
      bulk: true,
      sql: `update providers p set next_free_starts_at = f.starts_at
        from (select provider_id, min(starts_at) as starts_at from timeslots
              where not is_booked and starts_at > now() group by provider_id) f
        where p.id = f.provider_id`,
    },
    { name: 'analyze', sql: 'analyze' },
  ];
}

/**
 * The teams scenario's rows (DATASET.teams, ids as `teamIds` in ids.ts): two businesses of
 * providers and clients of their own, written as the server's test helper
 * (apps/server/test/helpers/business-factories.ts) writes one. The staff have no specialty, so
 * they are not listed: search and discovery see the same 100,000 providers with or without
 * them, and no other scenario's provider, client or slot is touched.
 */
function teamSteps(hash: string): SeedStep[] {
  const { staff, days, slotsPerDay, clients } = DATASET.teams;
  const staffRows = `generate_series(1, 2) as b cross join generate_series(1, ${staff}) as s`;
  const staffId = uuidOf(`'team-provider-' || b || '-' || s`);
  return [
    {
      name: `teams: ${2 * staff} staff and ${clients} clients`,
      sql: `insert into users (id, email, password_hash, first_name, last_name, role, timezone, email_verified_at)
        select ${uuidOf(`'team-provider-user-' || b || '-' || s`)}, 'team' || b || '-' || s || '@bench.slotwise.test',
               ${hash}, 'Staff' || s, 'Team' || b, 'provider', 'UTC', now()
        from ${staffRows}
        union all
        select ${uuidOf(`'team-client-user-' || c`)}, 'team-client' || c || '@bench.slotwise.test', ${hash},
               'Client' || c, 'Team', 'client', 'UTC', now()
        from generate_series(1, ${clients}) as c`,
    },
    {
      name: 'teams: staff providers (no specialty: not listed)',
      sql: `insert into providers (id, user_id)
        select ${staffId}, ${uuidOf(`'team-provider-user-' || b || '-' || s`)} from ${staffRows}`,
    },
    {
      name: 'teams: two businesses, each owned by its first staff member',
      sql: `insert into businesses (id, owner_provider_id, name)
        select ${uuidOf(`'team-business-' || b`)}, ${uuidOf(`'team-provider-' || b || '-1'`)}, 'Bench team ' || b
        from generate_series(1, 2) as b`,
    },
    {
      name: 'teams: staff',
      sql: `insert into business_staff (provider_id, business_id)
        select ${staffId}, ${uuidOf(`'team-business-' || b`)} from ${staffRows}`,
    },
    {
      name: "teams: the room business's one room",
      sql: `insert into business_resources (id, business_id, name)
        values (${uuidOf(`'team-room-2'`)}, ${uuidOf(`'team-business-2'`)}, 'Room 1')`,
    },
    {
      name: "teams: the owners' services (the room business's needs the room)",
      sql: `insert into services (id, provider_id, name, duration_minutes, price_cents, currency, resource_id)
        values (${uuidOf(`'team-service-1'`)}, ${uuidOf(`'team-provider-1-1'`)}, 'Cut', 30, 2500, 'EUR', null),
               (${uuidOf(`'team-service-2'`)}, ${uuidOf(`'team-provider-2-1'`)}, 'Treatment', 60, 6000, 'EUR',
                ${uuidOf(`'team-room-2'`)})`,
    },
    {
      name: `teams: ${(staff * (days + 1) * slotsPerDay).toLocaleString('en')} slots of the staffed business`,
      // Slot n of staff member s: day 1 + n / 16 from today, 09:00–17:00 UTC; the last day is the rush's.
      sql: `insert into timeslots (id, provider_id, day, start_time, end_time, starts_at, ends_at, type, service_id)
        select ${uuidOf(`'team-slot-1-' || s || '-' || n`)}, ${uuidOf(`'team-provider-1-' || s`)},
               d.day, t.start_time, t.start_time + interval '30 minutes',
               ${instant('d.day', 't.start_time')}, ${instant('d.day', "t.start_time + interval '30 minutes'")},
               'Cut', ${uuidOf(`'team-service-1'`)}
        from generate_series(1, ${staff}) as s cross join generate_series(0, ${(days + 1) * slotsPerDay - 1}) as n
        cross join lateral (select current_date + 1 + n / ${slotsPerDay} as day) d
        cross join lateral (select time '09:00' + interval '30 minutes' * (n % ${slotsPerDay}) as start_time) t`,
    },
    {
      name: `teams: ${staff} overlapping hour-long slots needing the one room`,
      // Staff member s: the day after tomorrow, from 10:00 + 5 × (s − 1) minutes, one hour.
      sql: `insert into timeslots (id, provider_id, day, start_time, end_time, starts_at, ends_at, type, service_id)
        select ${uuidOf(`'team-slot-2-' || s`)}, ${uuidOf(`'team-provider-2-' || s`)},
               current_date + 2, t.start_time, t.start_time + interval '60 minutes',
               ${instant('current_date + 2', 't.start_time')}, ${instant('current_date + 2', "t.start_time + interval '60 minutes'")},
               'Treatment', ${uuidOf(`'team-service-2'`)}
        from generate_series(1, ${staff}) as s
        cross join lateral (select time '10:00' + interval '5 minutes' * (s - 1) as start_time) t`,
    },
  ];
}

/**
 * The classes and series scenarios' rows (DATASET.classes, ids as `classIds` in ids.ts): two
 * providers without a specialty (not listed, like the teams' staff), each with a 60-minute class
 * service and slots of `capacity` seats (docs/decisions/067-seats-and-series.md). Provider 1: the
 * rush's one slot, three days from now at 10:00 UTC. Provider 2: two classes a week (10:00 and
 * 18:00 UTC) two days from now and every 7 days after for `seriesCount` weeks, and a booking
 * horizon of a year so that the last week of a 26-week series is bookable. Clients are the
 * bench's own (DATASET.clients), whose other bookings are on other providers.
 */
function classSteps(hash: string): SeedStep[] {
  const { capacity, seriesCount, seriesStarts } = DATASET.classes;
  const starts = `(array[${seriesStarts.map((t) => `time '${t}'`).join(',')}])`;
  return [
    {
      name: 'classes: two class providers (no specialty: not listed)',
      sql: `insert into users (id, email, password_hash, first_name, last_name, role, timezone, email_verified_at)
        select ${uuidOf(`'class-provider-user-' || n`)}, 'class' || n || '@bench.slotwise.test', ${hash},
               'Class' || n, 'Bench', 'provider', 'UTC', now()
        from generate_series(1, 2) as n`,
    },
    {
      name: 'classes: their providers rows',
      sql: `insert into providers (id, user_id)
        select ${uuidOf(`'class-provider-' || n`)}, ${uuidOf(`'class-provider-user-' || n`)}
        from generate_series(1, 2) as n`,
    },
    {
      name: 'classes: a class service each',
      sql: `insert into services (id, provider_id, name, duration_minutes, price_cents, currency)
        select ${uuidOf(`'class-service-' || n`)}, ${uuidOf(`'class-provider-' || n`)}, 'Group class', 60, 1500, 'EUR'
        from generate_series(1, 2) as n`,
    },
    {
      name: 'classes: a year of booking horizon for the series provider',
      sql: `insert into booking_policies (provider_id, max_advance_days)
        values (${uuidOf(`'class-provider-2'`)}, 365)`,
    },
    {
      name: `classes: the rush's slot of ${capacity} seats, ${2 * seriesCount} weekly slots of ${capacity}`,
      sql: `insert into timeslots (id, provider_id, day, start_time, end_time, starts_at, ends_at, type, service_id, capacity)
        select ${uuidOf(`'class-slot-1'`)}, ${uuidOf(`'class-provider-1'`)}, current_date + 3,
               time '10:00', time '11:00', ${instant('current_date + 3', "time '10:00'")},
               ${instant('current_date + 3', "time '11:00'")}, 'Group class', ${uuidOf(`'class-service-1'`)}, ${capacity}
        union all
        select ${uuidOf(`'class-slot-2-' || t || '-' || w`)}, ${uuidOf(`'class-provider-2'`)}, d.day,
               st.start_time, st.start_time + interval '60 minutes', ${instant('d.day', 'st.start_time')},
               ${instant('d.day', "st.start_time + interval '60 minutes'")}, 'Group class',
               ${uuidOf(`'class-service-2'`)}, ${capacity}
        from generate_series(0, ${seriesStarts.length - 1}) as t cross join generate_series(0, ${seriesCount - 1}) as w
        cross join lateral (select current_date + 2 + 7 * w as day) d
        cross join lateral (select ${starts}[1 + t] as start_time) st`,
    },
  ];
}
