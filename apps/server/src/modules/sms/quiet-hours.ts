import { addDays, clockIn } from '@slotwise/shared/dates';
import { SMS_QUIET_FROM_HOUR, SMS_QUIET_UNTIL_HOUR } from '@slotwise/shared/phones-schemas';

/**
 * Quiet hours are a send time, not a filter (docs/product.md §20.3, docs/decisions/073-phones.md):
 * a text due between 21:00 and 08:00 in the recipient's zone goes at the next 08:00 there,
 * computed in the zone so that a change of the clocks is right.
 */

/** The zone's offset from UTC (ms) at an instant: local wall clock minus UTC. */
function offsetAt(instant: number, timeZone: string): number {
  const { today, time } = clockIn(timeZone, new Date(instant));
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss] = time.split(':').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm, ss);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time of a day is in a zone (a time the clocks skip: just after). */
export function instantAt(day: string, hour: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, 0, 0);
  // Two rounds settle the offset on either side of a change of the clocks.
  let guess = wall - offsetAt(wall, timeZone);
  guess = wall - offsetAt(guess, timeZone);
  return new Date(guess);
}

/** Whether `now` is inside quiet hours in the zone. */
export function isQuietHour(now: Date, timeZone: string): boolean {
  const hour = Number(clockIn(timeZone, now).time.slice(0, 2));
  return hour >= SMS_QUIET_FROM_HOUR || hour < SMS_QUIET_UNTIL_HOUR;
}

/** When a text due at `now` may go: `now` itself, or the next 08:00 in the zone. */
export function smsSendTime(now: Date, timeZone: string): Date {
  if (!isQuietHour(now, timeZone)) return now;
  const { today, time } = clockIn(timeZone, now);
  const hour = Number(time.slice(0, 2));
  const day = hour >= SMS_QUIET_FROM_HOUR ? addDays(today, 1) : today;
  return instantAt(day, SMS_QUIET_UNTIL_HOUR, timeZone);
}
