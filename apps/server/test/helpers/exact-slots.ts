import type { FastifyInstance } from 'fastify';
import { insertSlot, timezoneOf, wallClock } from './booking-factories';

/** A free slot of a provider at an exact instant (day and times in the provider's zone). */
export async function createSlotAt(
  app: FastifyInstance,
  providerId: string,
  startsAt: Date,
  durationMinutes = 30,
  type = 'Haircut',
) {
  const zone = await timezoneOf(app, providerId);
  const start = wallClock(startsAt, zone);
  let endsAt = new Date(startsAt.getTime() + durationMinutes * 60_000);
  let end = wallClock(endsAt, zone);
  if (end.day !== start.day) {
    // A slot ends on its own day (timeslots_end_after_start). Tests place slots relative to
    // now, so near the provider's midnight the slot is cut at 24:00 rather than failing.
    const [hours, minutes] = start.time.split(':').map(Number);
    const untilMidnight = 24 * 60 - (hours! * 60 + minutes!);
    endsAt = new Date(startsAt.getTime() + untilMidnight * 60_000);
    end = { day: start.day, time: '24:00:00' };
  }
  const { id } = await insertSlot(app, { providerId, start, end, startsAt, endsAt, type });
  return { id, startsAt, endsAt };
}

/** A free slot of a provider `fromNowMs` ahead, its start rounded up to a whole minute. */
export const createSlotAhead = (app: FastifyInstance, providerId: string, fromNowMs: number) =>
  createSlotAt(app, providerId, new Date(Math.ceil((Date.now() + fromNowMs) / 60_000) * 60_000));
