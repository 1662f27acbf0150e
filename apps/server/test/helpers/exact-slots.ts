import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { providers, timeslots, users } from '../../src/db/schema';
import { wallClock } from './booking-factories';

/** A free slot of a provider at an exact instant (day and times in the provider's zone). */
export async function createSlotAt(
  app: FastifyInstance,
  providerId: string,
  startsAt: Date,
  durationMinutes = 30,
  type = 'Haircut',
) {
  const [owner] = await app.database.db
    .select({ timezone: users.timezone })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(eq(providers.id, providerId));
  const zone = owner!.timezone;
  const endsAt = new Date(startsAt.getTime() + durationMinutes * 60_000);
  const start = wallClock(startsAt, zone);
  const end = wallClock(endsAt, zone);
  const [row] = await app.database.db
    .insert(timeslots)
    .values({
      providerId,
      day: start.day,
      startTime: start.time,
      endTime: end.time,
      startsAt,
      endsAt,
      type,
    })
    .returning({ id: timeslots.id });
  return { id: row!.id, startsAt, endsAt };
}
