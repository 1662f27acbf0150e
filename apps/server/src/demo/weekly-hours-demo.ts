import type { GenerationReport } from '@slotwise/shared/availability-schemas';
import type { Tx } from '../db/client';
import { availabilityRules, availabilitySettings } from '../db/schema';
import { regenerateSlots } from '../modules/availability/generate';

/**
 * The demo provider's weekly hours (docs/decisions/040-weekly-hours-and-time-off.md): the same
 * opening hours as the seeded slots — weekdays 09:00–20:00, Saturdays 10:00–14:00, Sundays
 * 11:00–15:00, 30-minute slots — four weeks ahead. The seeded two weeks stay as they are
 * (hand-made, with their bookings): generation skips those times as clashes and fills the weeks
 * after them, so no demo slot overlaps another. Other demo providers keep their slots only.
 */

export const DEMO_HORIZON_WEEKS = 4;

const DEMO_RULES = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '20:00' })),
  { weekday: 6, start: '10:00', end: '14:00' },
  { weekday: 7, start: '11:00', end: '15:00' },
];

/** Saves the rules and generates their slots, inside the seeding transaction. */
export async function seedDemoWeeklyHours(
  tx: Tx,
  { providerId, now }: { providerId: string; now: Date },
): Promise<GenerationReport> {
  await tx.insert(availabilitySettings).values({ providerId, horizonWeeks: DEMO_HORIZON_WEEKS });
  await tx.insert(availabilityRules).values(
    DEMO_RULES.map((rule) => ({
      providerId,
      weekday: rule.weekday,
      startTime: rule.start,
      endTime: rule.end,
      slotMinutes: 30,
      breakMinutes: 0,
    })),
  );
  return regenerateSlots(tx, providerId, now);
}
