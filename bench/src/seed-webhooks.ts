import { DATASET } from './dataset';
import { instant, lit, type SeedStep, uuidOf } from './seed';

/**
 * The payments-webhooks scenario's rows (DATASET.webhooks, ids as `webhookIds` in ids.ts): a
 * provider of its own without a specialty (not listed), its prepaid service
 * (docs/decisions/068-payments.md), `holds` free half-hour slots of it from tomorrow
 * (`slotsPerDay` a day from 00:00 UTC) and `clients` clients of its own. No other scenario's
 * provider, client or slot is touched; the bookings themselves are made through the API.
 */
export function webhookSteps(hash: string): SeedStep[] {
  const { holds, clients, slotsPerDay, priceCents } = DATASET.webhooks;
  const days = Math.ceil(holds / slotsPerDay) + 2;
  return [
    {
      name: 'payments: a provider and its clients',
      sql: `insert into users (id, email, password_hash, first_name, last_name, role, timezone, email_verified_at)
        values (${uuidOf(`'hook-provider-user'`)}, 'hook-provider@bench.slotwise.test', ${lit(hash)},
                'Paid', 'Bench', 'provider', 'UTC', now())
        union all
        select ${uuidOf(`'hook-client-user-' || c`)}, 'hook-client' || c || '@bench.slotwise.test', ${lit(hash)},
               'Payer' || c, 'Bench', 'client', 'UTC', now()
        from generate_series(1, ${clients}) as c`,
    },
    {
      name: 'payments: the provider row',
      sql: `insert into providers (id, user_id) values (${uuidOf(`'hook-provider'`)}, ${uuidOf(`'hook-provider-user'`)})`,
    },
    {
      name: 'payments: a prepaid service',
      sql: `insert into services (id, provider_id, name, duration_minutes, price_cents, currency, payment_mode)
        values (${uuidOf(`'hook-service'`)}, ${uuidOf(`'hook-provider'`)}, 'Prepaid session', 30, ${priceCents}, 'EUR', 'prepay')`,
    },
    {
      name: 'payments: a booking horizon past the last slot',
      sql: `insert into booking_policies (provider_id, max_advance_days)
        values (${uuidOf(`'hook-provider'`)}, ${Math.min(730, days + 7)})`,
    },
    {
      name: `payments: ${holds.toLocaleString('en')} slots of the prepaid service`,
      sql: `insert into timeslots (id, provider_id, day, start_time, end_time, starts_at, ends_at, type, service_id)
        select ${uuidOf(`'hook-slot-' || n`)}, ${uuidOf(`'hook-provider'`)}, d.day, t.start_time,
               t.start_time + interval '30 minutes', ${instant('d.day', 't.start_time')},
               ${instant('d.day', "t.start_time + interval '30 minutes'")}, 'Prepaid session', ${uuidOf(`'hook-service'`)}
        from generate_series(0, ${holds - 1}) as n
        cross join lateral (select current_date + 1 + n / ${slotsPerDay} as day) d
        cross join lateral (select time '00:00' + interval '30 minutes' * (n % ${slotsPerDay}) as start_time) t`,
    },
  ];
}
