import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { services, timeslots } from '../../src/db/schema';
import type { TestUser } from './factories';

export interface TestService {
  id: string;
  name: string;
  duration_minutes: number;
  price_cents: number;
  currency: string;
  description: string;
  active: boolean;
}

/** A service of the provider, created through the API (so its rules apply). */
export async function createService(
  app: FastifyInstance,
  provider: TestUser,
  fields: Partial<Omit<TestService, 'id'>> = {},
): Promise<TestService> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/services',
    headers: provider.headers,
    payload: {
      name: 'Haircut',
      duration_minutes: 30,
      price_cents: 2500,
      currency: 'USD',
      ...fields,
    },
  });
  if (res.statusCode !== 201) throw new Error(`service failed: ${res.statusCode} ${res.body}`);
  return res.json().service as TestService;
}

/** Binds an existing slot to a service straight in the database (the type follows its name). */
export async function bindSlotToService(
  app: FastifyInstance,
  timeslotId: string,
  service: Pick<TestService, 'id' | 'name'>,
): Promise<void> {
  await app.database.db
    .update(timeslots)
    .set({ serviceId: service.id, type: service.name })
    .where(eq(timeslots.id, timeslotId));
}

export async function countServices(app: FastifyInstance, providerId: string): Promise<number> {
  const rows = await app.database.db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.providerId, providerId));
  return rows.length;
}
