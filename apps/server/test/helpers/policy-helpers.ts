import type { BookingPolicy } from '@slotwise/shared/policies-schemas';
import type { FastifyInstance } from 'fastify';
import { wallClock } from './booking-factories';
import type { TestUser } from './factories';

const MINUTE = 60_000;

/** Saves a provider's booking policy through the API (defaults for what is not given). */
export async function setPolicy(
  app: FastifyInstance,
  provider: TestUser,
  policy: Partial<BookingPolicy>,
): Promise<void> {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/provider/policy',
    headers: provider.headers,
    payload: {
      minNoticeMinutes: 0,
      maxAdvanceDays: 90,
      bufferMinutes: 0,
      maxPerDay: null,
      cancelCutoffMinutes: 0,
      ...policy,
    },
  });
  if (res.statusCode !== 200) throw new Error(`policy not saved: ${res.statusCode} ${res.body}`);
}

/** The instant at which the wall clock of `zone` reads `day` `time` (an existing local time). */
export function zonedInstant(zone: string, day: string, time: string): Date {
  const target = Date.parse(`${day}T${time}Z`);
  let guess = target;
  for (let i = 0; i < 3; i++) {
    const seen = wallClock(new Date(guess), zone);
    guess += target - Date.parse(`${seen.day}T${seen.time}Z`);
  }
  return new Date(guess);
}

/** The next whole minute plus `minutes` (like createSlot's `startsInMinutes`). */
export function minutesFromNow(minutes: number): Date {
  return new Date(Math.ceil(Date.now() / MINUTE) * MINUTE + minutes * MINUTE);
}
