import { DATASET } from './dataset';
import { instant, lit, type SeedStep, uuidOf } from './seed';

/**
 * The waitlist scenario's rows (DATASET.waitlist, ids as `waitlistIds` in ids.ts): providers and
 * clients of their own (no specialty: not listed), their slots over the next two days, all booked
 * but the last, and the waiting entries with their windows as `joinWaitlist` writes them
 * (docs/decisions/069-waitlist.md): each window as instants in `waitlist_windows`, the entry's
 * `ends_at` the end of its last window. Entry j of provider p belongs to client
 * (p + j × clients / entriesPerProvider) mod clients and was made j hours after the first, so
 * client p waits first for provider p; slot k of provider p is held by client (p + 37 + 13k) mod
 * clients, never one of its waiters. No other scenario's rows are touched.
 */
export function waitlistSteps(hash: string): SeedStep[] {
  const {
    providers,
    controlProviders,
    clients,
    entriesPerProvider,
    slotsPerProvider,
    slotsPerDay,
  } = DATASET.waitlist;
  /** With the control providers (nobody waits for them). */
  const all = providers + controlProviders;
  const stride = clients / entriesPerProvider;
  const day = (k: string) => `current_date + 1 + (${k}) / ${slotsPerDay}`;
  const start = (k: string) => `time '09:00' + interval '1 hour' * ((${k}) % ${slotsPerDay})`;
  const booked = slotsPerProvider - 1;
  return [
    {
      name: `waitlist: ${all.toLocaleString('en')} providers and ${clients.toLocaleString('en')} clients`,
      sql: `insert into users (id, email, password_hash, first_name, last_name, role, timezone, email_verified_at)
        select ${uuidOf(`'wl-provider-user-' || p`)}, 'wl-provider' || p || '@bench.slotwise.test', ${lit(hash)},
               'Busy' || p, 'Bench', 'provider', 'UTC', now()
        from generate_series(0, ${all - 1}) as p
        union all
        select ${uuidOf(`'wl-client-user-' || c`)}, 'wl-client' || c || '@bench.slotwise.test', ${lit(hash)},
               'Waiter' || c, 'Bench', 'client', 'UTC', now()
        from generate_series(0, ${clients - 1}) as c`,
    },
    {
      name: 'waitlist: the providers rows',
      sql: `insert into providers (id, user_id)
        select ${uuidOf(`'wl-provider-' || p`)}, ${uuidOf(`'wl-provider-user-' || p`)}
        from generate_series(0, ${all - 1}) as p`,
    },
    {
      name: `waitlist: ${(all * slotsPerProvider).toLocaleString('en')} slots, all booked but each provider's last`,
      sql: `insert into timeslots (id, provider_id, day, start_time, end_time, starts_at, ends_at, type,
                                   is_booked, seats_taken)
        select ${uuidOf(`'wl-slot-' || p || '-' || k`)}, ${uuidOf(`'wl-provider-' || p`)},
               ${day('k')}, ${start('k')}, ${start('k')} + interval '1 hour',
               ${instant(day('k'), start('k'))}, ${instant(day('k'), `${start('k')} + interval '1 hour'`)},
               'Session', k < ${booked}, (k < ${booked})::int
        from generate_series(0, ${all - 1}) as p cross join generate_series(0, ${slotsPerProvider - 1}) as k`,
    },
    // Step 3 (the bookings) is run again by a reused database (database.ts): keep its place.
    {
      name: 'waitlist: the bookings',
      sql: `insert into appointments (id, timeslot_id, provider_id, client_id, status, day, start_time,
                                      end_time, starts_at, ends_at, service_type, created_at)
        select ${uuidOf(`'wl-appointment-' || p || '-' || k`)}, t.id, t.provider_id,
               ${uuidOf(`'wl-client-user-' || ((p + 37 + 13 * k) % ${clients})`)}, 'booked',
               t.day, t.start_time, t.end_time, t.starts_at, t.ends_at, t.type, now() - interval '3 days'
        from generate_series(0, ${all - 1}) as p cross join generate_series(0, ${booked - 1}) as k
        join timeslots t on t.id = ${uuidOf(`'wl-slot-' || p || '-' || k`)}`,
    },
    {
      name: `waitlist: ${(providers * entriesPerProvider).toLocaleString('en')} waiting entries`,
      sql: `insert into waitlist_entries (id, client_id, provider_id, windows, status, ends_at, created_at, updated_at)
        select ${uuidOf(`'wl-entry-' || p || '-' || j`)},
               ${uuidOf(`'wl-client-user-' || ((p + j * ${stride}) % ${clients})`)}, ${uuidOf(`'wl-provider-' || p`)},
               jsonb_build_array(
                 jsonb_build_object('date', (current_date + 1)::text, 'from', '00:00', 'to', '24:00'),
                 jsonb_build_object('date', (current_date + 2)::text, 'from', '00:00', 'to', '24:00')),
               'waiting', (current_date + 3)::timestamp at time zone 'UTC',
               now() - interval '1 day' + interval '1 hour' * j + interval '1 second' * p,
               now() - interval '1 day' + interval '1 hour' * j + interval '1 second' * p
        from generate_series(0, ${providers - 1}) as p cross join generate_series(0, ${entriesPerProvider - 1}) as j`,
    },
    {
      name: 'waitlist: their windows (two whole days each)',
      sql: `insert into waitlist_windows (entry_id, provider_id, starts_at, ends_at)
        select e.id, e.provider_id, (current_date + d)::timestamp at time zone 'UTC',
               (current_date + d + 1)::timestamp at time zone 'UTC'
        from waitlist_entries e cross join generate_series(1, 2) as d
        where e.id in (select ${uuidOf(`'wl-entry-' || p || '-' || j`)}
                       from generate_series(0, ${providers - 1}) as p
                       cross join generate_series(0, ${entriesPerProvider - 1}) as j)`,
    },
    {
      name: 'waitlist: statistics',
      sql: 'analyze users, providers, timeslots, appointments, waitlist_entries, waitlist_windows, waitlist_offers',
    },
  ];
}
