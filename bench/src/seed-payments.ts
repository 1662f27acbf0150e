import { DATASET } from './dataset';

/** `md5(name)` shaped as a version-4 UUID: `uuidOf(name)` of ids.ts, as in seed.ts. */
const uuidOf = (name: string) =>
  `overlay(overlay(md5(${name}) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * The prepaid booking rush's rows (DATASET.payments, ids as `payIds` in ids.ts): a provider
 * without a specialty (not listed, like the teams' staff and the class providers), its one
 * service paid in full when booked (`payment_mode` 'prepay', docs/product.md §16,
 * docs/decisions/068-payments.md), and `slots` half-hour slots of that service, 20 a day
 * (08:00–18:00 UTC) from tomorrow. The `payment_mode` column is written directly: the bench
 * seeds rows, it does not drive the catalogue's forms. Clients are the bench's own. (Steps as
 * seed.ts's `SeedStep`, typed here without importing it: seed.ts imports this file.)
 */
export function paymentSteps(hash: string): { name: string; sql: string }[] {
  const { slots, priceCents, currency } = DATASET.payments;
  return [
    {
      name: 'payments: a provider whose service is paid when booked (no specialty: not listed)',
      sql: `insert into users (id, email, password_hash, first_name, last_name, role, timezone, email_verified_at)
        values (${uuidOf(`'pay-provider-user'`)}, 'pay@bench.slotwise.test', ${hash}, 'Prepaid', 'Bench',
                'provider', 'UTC', now())`,
    },
    {
      name: 'payments: its providers row',
      sql: `insert into providers (id, user_id) values (${uuidOf(`'pay-provider'`)}, ${uuidOf(`'pay-provider-user'`)})`,
    },
    {
      name: `payments: its service, prepaid, ${priceCents} cents ${currency}`,
      sql: `insert into services (id, provider_id, name, duration_minutes, price_cents, currency, payment_mode)
        values (${uuidOf(`'pay-service'`)}, ${uuidOf(`'pay-provider'`)}, 'Prepaid session', 30,
                ${priceCents}, '${currency}', 'prepay')`,
    },
    {
      name: `payments: ${slots} slots of the prepaid service`,
      sql: `insert into timeslots (id, provider_id, day, start_time, end_time, starts_at, ends_at, type, service_id)
        select ${uuidOf(`'pay-slot-' || k`)}, ${uuidOf(`'pay-provider'`)}, d.day, t.start_time,
               t.start_time + interval '30 minutes',
               (d.day + t.start_time) at time zone 'UTC',
               (d.day + t.start_time + interval '30 minutes') at time zone 'UTC',
               'Prepaid session', ${uuidOf(`'pay-service'`)}
        from generate_series(0, ${slots - 1}) as k
        cross join lateral (select current_date + 1 + k / 20 as day) d
        cross join lateral (select time '08:00' + interval '30 minutes' * (k % 20) as start_time) t`,
    },
  ];
}
