import { AVAILABLE_WINDOW_DAYS } from '@slotwise/shared/discovery-schemas';
import { MAX_WINDOW_DAYS } from '@slotwise/shared/availability-schemas';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookingPolicies, providers, services, timeslots, users } from '../../db/schema';
import { isoTextOf } from '../../lib/iso';
import { oncePerHandle } from '../../lib/once-per-handle';
import { slotIsClaimable, slotResourceIsFree } from '../appointments/claimable-slot';
import { policyValuesOf, slotObeysPolicy } from '../policies/policy-rules';

/**
 * GET /search/providers/:id/available-slots as one prepared statement that answers JSON text
 * (docs/decisions/054-available-slots-window.md). The listed provider, the window's defaults
 * (from: the provider's today; to: from + 13 days), the window's free slots and the first free
 * day after it are one round trip; PostgreSQL builds the answer so Node passes the string on.
 */

/** A value, or (the prepared statement) a placeholder for one. */
type Param = string | null | Placeholder;

/**
 * The free slots a client could book now: THE definitions of claimable and of the booking policy
 * (the same fragments as the claim), whose resource is free (docs/product.md §13.3), on the unaliased `timeslots` of the enclosing query, with the
 * provider's policy read once (the outer query's `booking_policies` row) instead of per slot.
 */
const bookable: SQL = sql`${slotIsClaimable} and ${slotObeysPolicy(null, policyValuesOf('booking_policies'))}
  and ${slotResourceIsFree}`;

/**
 * One slot as JSON text, in availableSlotSchema's field order, written out by concatenation: ids,
 * days, times and instants need no escaping; `type` and `currency` go through to_json. Measured
 * faster than json_build_object or row_to_json (and compact); a slot without a service has no
 * service fields, as before (docs/decisions/054-available-slots-window.md). Every slot carries its
 * seats and those left (docs/decisions/067-seats-and-series.md).
 */
const slotText = sql`'{"id":"' || ${timeslots.id} || '","day":"' || ${timeslots.day}::text
  || '","start_time":"' || ${timeslots.startTime}::text || '","end_time":"' || ${timeslots.endTime}::text
  || '","type":' || to_json(${timeslots.type})::text
  || case when ${timeslots.serviceId} is null then '' else ',"service_id":"' || ${timeslots.serviceId}
    || '","price_cents":' || coalesce(sv.price_cents::text, 'null')
    || ',"currency":' || coalesce(to_json(sv.currency)::text, 'null') end
  || ',"capacity":' || ${timeslots.capacity}::text
  || ',"seats_left":' || (${timeslots.capacity} - ${timeslots.seatsTaken})::text
  || ',"starts_at":"' || ${isoTextOf(timeslots.startsAt)} || '","ends_at":"' || ${isoTextOf(timeslots.endsAt)} || '"}'`;

export function availableWindowQuery(
  db: DbOrTx,
  params: { providerId: Param; from: Param; to: Param } = {
    providerId: sql.placeholder('providerId'),
    from: sql.placeholder('from'),
    to: sql.placeholder('to'),
  },
) {
  const today = sql`(now() at time zone ${users.timezone})::date`;
  // `to` alone starts the window at the provider's today (or at `to` when that is earlier).
  const fromDay = sql`coalesce(${params.from}::date, least(${today}, ${params.to}::date))`;
  const toDay = sql`coalesce(${params.to}::date, ${fromDay} + ${sql.raw(String(AVAILABLE_WINDOW_DAYS - 1))})`;
  // Served by timeslots_free_provider_day_idx (provider_id, day, starts_at) where not is_booked:
  // the window is one range of it, already in the answer's order (a provider's slots never
  // start at the same instant: the no-overlap constraint), so no sort. The service's price is
  // a LATERAL probe of its primary key (a plain join was planned as a hash of every service).
  const slots = sql`select ${slotText} as j
    from ${timeslots} left join lateral (select ${services.priceCents} as price_cents,
      ${services.currency} as currency from ${services}
      where ${services.id} = ${timeslots.serviceId} limit 1) sv on true
    where ${timeslots.providerId} = ${providers.id} and not ${timeslots.isBooked}
      and ${timeslots.day} between w.from_day and w.to_day and ${bookable}
    order by ${timeslots.day}, ${timeslots.startsAt}`;
  const nextFrom = sql`select ${timeslots.day}::text from ${timeslots}
    where ${timeslots.providerId} = ${providers.id} and not ${timeslots.isBooked}
      and ${timeslots.day} > w.to_day and ${bookable}
    order by ${timeslots.day}, ${timeslots.startsAt} limit 1`;
  const tooWide = sql`(w.to_day - w.from_day + 1 > ${sql.raw(String(MAX_WINDOW_DAYS))})`;
  return db
    .select({
      tooWide: sql<boolean>`${tooWide}`,
      body: sql<string | null>`case when ${tooWide} then null else
        '{"availableSlots":[' || coalesce((select string_agg(s.j, ',') from (${slots}) s), '')
        || '],"from":"' || w.from_day::text || '","to":"' || w.to_day::text
        || '","nextFrom":' || coalesce('"' || (${nextFrom}) || '"', 'null') || '}' end`,
    })
    .from(providers)
    .innerJoin(users, sql`${users.id} = ${providers.userId}`)
    .leftJoin(bookingPolicies, sql`${bookingPolicies.providerId} = ${providers.id}`)
    .innerJoinLateral(
      db
        .select({
          from_day: sql<string>`${fromDay}`.as('from_day'),
          to_day: sql<string>`${toDay}`.as('to_day'),
        })
        .from(sql`(select 1) one`)
        .as('w'),
      sql`true`,
    )
    .where(sql`${providers.id} = ${params.providerId}::uuid and ${providers.listed}`);
}

/**
 * Prepared once per database handle, named: PostgreSQL parses and plans it once per pooled
 * connection (the plan does not depend on the provider or the window).
 */
const windowStatement = oncePerHandle((db: DbOrTx) =>
  availableWindowQuery(db).prepare('slotwise_available_window'),
);

/** What the statement found: no listed provider, a window wider than allowed, or the answer. */
export type AvailableWindowResult =
  { kind: 'not-found' } | { kind: 'too-wide' } | { kind: 'ok'; body: string };

/**
 * The answer `{availableSlots, from, to, nextFrom}` as JSON text in availableSlotsResponseSchema's
 * shape. `providerId` must be a UUID (the caller answers 404 otherwise).
 */
export async function availableWindowJson(
  db: DbOrTx,
  providerId: string,
  window: { from?: string | undefined; to?: string | undefined },
): Promise<AvailableWindowResult> {
  const [row] = await windowStatement(db).execute({
    providerId,
    from: window.from ?? null,
    to: window.to ?? null,
  });
  if (!row) return { kind: 'not-found' };
  if (row.tooWide || row.body === null) return { kind: 'too-wide' };
  return { kind: 'ok', body: row.body };
}
