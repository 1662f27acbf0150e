import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { businessResources, businessStaff, businesses, services } from '../db/schema';

/**
 * The demo business (docs/product.md §13): the demo provider owns "Reed & Co. Barbers", whose
 * staff are the owner and the two other demo barbers (three staff members, each with their own
 * seeded week of slots and bookings), with two resources. The staff's free future slots are
 * the owner's haircuts, so the business page's "Any staff" times merge them; the owner's "Beard trim" needs the treatment room and everyone offers it at
 * 14:00, so booking one takes that time away from the others. Runs after the marketplace seed (which
 * gives every provider services and binds every slot to one).
 */
export const DEMO_BUSINESS_NAME = 'Reed & Co. Barbers';
const ROOM_SERVICE = 'Beard trim';
const STAFF_SERVICE = 'Haircut';

export async function seedDemoBusiness(
  tx: Tx,
  { ownerId, staffIds }: { ownerId: string; staffIds: string[] },
): Promise<{ businessId: string }> {
  const [business] = await tx
    .insert(businesses)
    .values({ ownerProviderId: ownerId, name: DEMO_BUSINESS_NAME })
    .returning({ id: businesses.id });
  const businessId = business!.id;
  await tx
    .insert(businessStaff)
    .values([ownerId, ...staffIds].map((providerId) => ({ providerId, businessId })));
  const [, room] = await tx
    .insert(businessResources)
    .values([
      { businessId, name: 'Chair by the window' },
      { businessId, name: 'Treatment room' },
    ])
    .returning({ id: businessResources.id });
  // The owner's beard trim needs the treatment room (one at a time, whoever the barber).
  const [shave] = await tx
    .update(services)
    .set({ resourceId: room!.id })
    .where(sql`${services.providerId} = ${ownerId} and ${services.name} = ${ROOM_SERVICE}`)
    .returning({ id: services.id });
  const team = sql.join(
    [ownerId, ...staffIds].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // The staff's free future hand-made slots are the owner's haircuts: "Any staff" merges them.
  await tx.execute(sql`
    update timeslots t set service_id = s.id, type = s.name
    from services s
    where t.provider_id in (${sql.join(
      staffIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      and not t.is_booked and t.starts_at > now() and t.source = 'manual'
      and s.provider_id = ${ownerId} and s.name = ${STAFF_SERVICE} and s.active`);
  // Everyone's free future hand-made 14:00 slots are beard trims (the room, one at a time).
  if (shave) {
    await tx.execute(sql`
      update timeslots set service_id = ${shave.id}, type = ${ROOM_SERVICE}
      where provider_id in (${team}) and not is_booked and starts_at > now()
        and start_time = '14:00' and source = 'manual'`);
  }
  return { businessId };
}
