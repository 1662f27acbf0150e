import {
  BUSINESS_MESSAGES,
  type MergedSlot,
  type PublicBusiness,
} from '@slotwise/shared/business-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, preparedRows, queryRows } from '../../db/client';
import {
  bookingPolicies,
  businessStaff,
  businesses,
  providers,
  services,
  timeslots,
  users,
} from '../../db/schema';
import { NotFoundError } from '../../errors';
import { isoTextOf } from '../../lib/iso';
import { slotIsClaimable, slotResourceIsFree } from '../appointments/claimable-slot';
import { policyValuesOf, slotObeysPolicy } from '../policies/policy-rules';
import { staffOf } from './service';

/**
 * The public side of a business (docs/product.md §13.1): its page and the "any staff" times,
 * signed out too.
 */

interface BusinessHead {
  id: string;
  name: string;
  timezone: string;
  rating: string | null;
  review_count: number;
}

/**
 * The business's head: 404 when its owner is suspended (docs/product.md §19.4: the services are
 * the owner's); suspended staff are left out of the page, its rating and its times.
 */
async function businessHead(db: DbOrTx, businessId: string): Promise<BusinessHead> {
  const [head] = await queryRows<BusinessHead>(
    db,
    sql`select b.id, b.name, u.timezone,
        round(sum(p.rating_sum)::numeric / nullif(sum(p.rating_count), 0), 1)::text as rating,
        coalesce(sum(p.rating_count), 0)::int as review_count
      from ${businesses} b
      join ${providers} o on o.id = b.owner_provider_id
      join ${users} u on u.id = o.user_id
      join ${businessStaff} s on s.business_id = b.id
      join ${providers} p on p.id = s.provider_id and p.suspended_at is null
      where b.id = ${businessId} and o.suspended_at is null
      group by b.id, b.name, u.timezone`,
  );
  if (!head) throw new NotFoundError(BUSINESS_MESSAGES.businessNotFound);
  return head;
}

/** GET /businesses/:id: name, staff, the owner's active services and who offers each. */
export async function getPublicBusiness(db: DbOrTx, businessId: string): Promise<PublicBusiness> {
  const head = await businessHead(db, businessId);
  const offered = await queryRows<{
    id: string;
    name: string;
    description: string;
    duration_minutes: number;
    price_cents: number;
    currency: string;
    provider_ids: string[];
  }>(
    db,
    sql`select sv.id, sv.name, sv.description, sv.duration_minutes, sv.price_cents, sv.currency,
        coalesce((select array_agg(s.provider_id order by s.provider_id) from ${businessStaff} s
          where s.business_id = b.id
            and not exists (select 1 from ${providers} sp
              where sp.id = s.provider_id and sp.suspended_at is not null)
            and exists (select 1 from ${timeslots} t
            where t.provider_id = s.provider_id and t.service_id = sv.id
              and not t.is_booked and t.starts_at > now())), '{}') as provider_ids
      from ${businesses} b join ${services} sv on sv.provider_id = b.owner_provider_id
      where b.id = ${businessId} and sv.active
      order by sv.name, sv.id`,
  );
  return {
    id: head.id,
    name: head.name,
    timezone: head.timezone,
    staff: await staffOf(db, businessId, { withoutSuspended: true }),
    services: offered.map((s) => ({ ...s, provider_ids: [...s.provider_ids] })),
    rating: head.rating === null ? null : Number(head.rating),
    reviewCount: head.review_count,
  };
}

/**
 * The staff's bookable slots naming the service on that day, merged by start time: one statement
 * prepared and named once per pooled connection (parsing and planning it cost more than running
 * it, ~1.8 of ~3 ms), each staff member's booking policy read once (the outer
 * `booking_policies` row, as decision 054's window) instead of per slot.
 */
const mergedSlotsStatement = (): SQL => sql`select ${isoTextOf(timeslots.startsAt)} as starts_at,
    ${isoTextOf(timeslots.endsAt)} as ends_at,
    array_agg(${timeslots.providerId}::text order by ${timeslots.providerId}) as provider_ids
  from ${businessStaff}
  left join ${bookingPolicies} on ${bookingPolicies.providerId} = ${businessStaff.providerId}
  join ${timeslots} on ${timeslots.providerId} = ${businessStaff.providerId}
  where ${businessStaff.businessId} = ${sql.placeholder('businessId')}::uuid
    and ${timeslots.serviceId} = ${sql.placeholder('serviceId')}::uuid
    and ${timeslots.day} = ${sql.placeholder('date')}::date
    and ${slotIsClaimable} and ${slotObeysPolicy(null, policyValuesOf('booking_policies'))}
    and ${slotResourceIsFree}
  group by ${timeslots.startsAt}, ${timeslots.endsAt}
  order by ${timeslots.startsAt}, ${timeslots.endsAt}`;

/**
 * GET /businesses/:id/available-slots?serviceId=&date=: the staff's bookable slots naming the
 * service on that day, merged by start time (docs/product.md §13.2: claimable, the staff
 * member's policy obeyed, the resource free — the same fragments as the booking's choice), and
 * the business's staff, whose changes drop the cached answer (routes.ts). 404 for an unknown
 * business (it has at least its owner).
 */
export async function mergedAvailableSlots(
  db: DbOrTx,
  businessId: string,
  serviceId: string,
  date: string,
): Promise<{ slots: MergedSlot[]; staffIds: string[] }> {
  // A business whose owner is suspended is not found (docs/product.md §19.4).
  const staff = await queryRows<{ providerId: string }>(
    db,
    sql`select s.provider_id as "providerId" from ${businessStaff} s
      join ${businesses} b on b.id = s.business_id
      join ${providers} o on o.id = b.owner_provider_id
      where s.business_id = ${businessId} and o.suspended_at is null`,
  );
  if (staff.length === 0) throw new NotFoundError(BUSINESS_MESSAGES.businessNotFound);
  const rows = await preparedRows<{ starts_at: string; ends_at: string; provider_ids: string[] }>(
    db,
    'slotwise_business_slots',
    mergedSlotsStatement,
    { businessId, serviceId, date },
  );
  return {
    slots: rows.map((row) => ({ ...row, provider_ids: [...row.provider_ids] })),
    staffIds: staff.map((row) => row.providerId),
  };
}
