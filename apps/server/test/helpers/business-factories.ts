import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { businessResources, businessStaff, businesses, timeslots } from '../../src/db/schema';
import { createSlotAt } from './exact-slots';
import { createProvider, type TestUser } from './factories';
import { createService, type TestService } from './catalogue-factories';

/**
 * Test businesses (docs/product.md §13), written straight into the database: an owner (a new
 * provider), `staff` more providers, `resources` rooms, and one service of the owner's.
 */
export interface TestBusiness {
  id: string;
  owner: TestUser;
  /** The owner first, then the other staff, in provider-id order. */
  staff: TestUser[];
  resourceIds: string[];
  service: TestService;
}

export async function createBusiness(
  app: FastifyInstance,
  options: { staff?: number; resources?: number; serviceMinutes?: number; timezone?: string } = {},
): Promise<TestBusiness> {
  const timezone = options.timezone ?? 'America/New_York';
  const owner = await createProvider(app, { timezone, firstName: 'Olive' });
  const [business] = await app.database.db
    .insert(businesses)
    .values({ ownerProviderId: owner.providerId!, name: `Salon ${owner.lastName}` })
    .returning({ id: businesses.id });
  const others: TestUser[] = [];
  for (let i = 0; i < (options.staff ?? 0); i++) {
    others.push(await createProvider(app, { timezone, firstName: `Staff${i + 1}` }));
  }
  await app.database.db
    .insert(businessStaff)
    .values(
      [owner, ...others].map((p) => ({ providerId: p.providerId!, businessId: business!.id })),
    );
  const resourceIds: string[] = [];
  for (let i = 0; i < (options.resources ?? 0); i++) {
    const [row] = await app.database.db
      .insert(businessResources)
      .values({ businessId: business!.id, name: `Room ${i + 1}` })
      .returning({ id: businessResources.id });
    resourceIds.push(row!.id);
  }
  const service = await createService(app, owner, {
    name: 'Cut',
    duration_minutes: options.serviceMinutes ?? 30,
  });
  others.sort((a, b) => a.providerId!.localeCompare(b.providerId!));
  return { id: business!.id, owner, staff: [owner, ...others], resourceIds, service };
}

/** The day of an instant in the test businesses' zone (TZ=America/New_York, as every test). */
export const businessDayOf = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(instant);

/**
 * `instant`, or 3 hours later when the `spanMinutes` after it would cross the zone's midnight
 * (test slots are cut at 24:00 there, and slots meant to overlap would then not).
 */
export const clearOfMidnight = (instant: Date, spanMinutes: number) =>
  businessDayOf(instant) === businessDayOf(new Date(instant.getTime() + spanMinutes * 60_000))
    ? instant
    : new Date(instant.getTime() + 3 * 3_600_000);

/** A free slot of `provider` at `startsAt` naming the business service. */
export async function staffSlotAt(
  app: FastifyInstance,
  provider: TestUser,
  service: Pick<TestService, 'id' | 'name' | 'duration_minutes'>,
  startsAt: Date,
) {
  const slot = await createSlotAt(
    app,
    provider.providerId!,
    startsAt,
    service.duration_minutes,
    service.name,
  );
  await app.database.db
    .update(timeslots)
    .set({ serviceId: service.id })
    .where(eq(timeslots.id, slot.id));
  return slot;
}
