import type { FastifyInstance } from 'fastify';
import { insertSlot, timezoneOf, wallClock } from './booking-factories';

/** timeslots_min_duration (migration 0001). */
const MIN_DURATION_MINUTES = 15;

/**
 * Where a slot goes when less than 15 minutes are left before the provider's midnight:
 * `later` starts it at that midnight, `earlier` ends it there. A test whose slot must not
 * move past a boundary ahead of it (a policy's notice or horizon) asks for `earlier`.
 */
export type NearMidnight = 'later' | 'earlier';

/** A free slot of a provider at an exact instant (day and times in the provider's zone). */
export async function createSlotAt(
  app: FastifyInstance,
  providerId: string,
  startsAt: Date,
  durationMinutes = 30,
  type = 'Haircut',
  nearMidnight: NearMidnight = 'later',
) {
  const zone = await timezoneOf(app, providerId);
  let start = wallClock(startsAt, zone);
  let endsAt = new Date(startsAt.getTime() + durationMinutes * 60_000);
  let end = wallClock(endsAt, zone);
  if (end.day !== start.day) {
    // A slot ends on its own day (timeslots_end_after_start) and lasts 15 minutes or more
    // (timeslots_min_duration). Tests place slots relative to now, so near the provider's
    // midnight the slot is cut at 24:00, or, when that would leave less than 15 minutes, starts
    // at the next midnight instead (under 15 minutes later) and keeps its duration, or, asked
    // for `earlier`, ends at 24:00 and keeps its duration (under `durationMinutes` earlier).
    const [hours, minutes] = start.time.split(':').map(Number);
    const untilMidnight = 24 * 60 - (hours! * 60 + minutes!);
    if (untilMidnight >= MIN_DURATION_MINUTES) {
      endsAt = new Date(startsAt.getTime() + untilMidnight * 60_000);
      end = { day: start.day, time: '24:00:00' };
    } else if (nearMidnight === 'earlier') {
      endsAt = new Date(startsAt.getTime() + untilMidnight * 60_000);
      startsAt = new Date(endsAt.getTime() - durationMinutes * 60_000);
      start = wallClock(startsAt, zone);
      end = { day: start.day, time: '24:00:00' };
    } else {
      startsAt = new Date(startsAt.getTime() + untilMidnight * 60_000);
      start = wallClock(startsAt, zone);
      endsAt = new Date(startsAt.getTime() + durationMinutes * 60_000);
      end = wallClock(endsAt, zone);
    }
  }
  const { id } = await insertSlot(app, { providerId, start, end, startsAt, endsAt, type });
  return { id, startsAt, endsAt };
}

/** A free slot of a provider `fromNowMs` ahead, its start rounded up to a whole minute. */
export const createSlotAhead = (app: FastifyInstance, providerId: string, fromNowMs: number) =>
  createSlotAt(app, providerId, new Date(Math.ceil((Date.now() + fromNowMs) / 60_000) * 60_000));
