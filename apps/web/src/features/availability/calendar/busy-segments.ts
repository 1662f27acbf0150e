import type { BusyBlock } from '@slotwise/shared/calendar-sync-schemas';
import { addDays, secondsOf } from '@slotwise/shared/dates';
import { instantParts } from '../../../lib/date-time-format';

/**
 * Busy time read from the provider's calendars (docs/product.md §18.2) as the week calendar
 * greys it: each block cut into one piece per visible day, on the provider's wall clock (the
 * clock of their slots, docs/decisions/023-slots-wall-clock-and-instants.md).
 */
export interface BusySegment {
  key: string;
  day: string;
  /** Seconds since the day's midnight, start inclusive, end exclusive (24 h: to midnight). */
  start: number;
  end: number;
  calendarName: string;
}

const DAY = 24 * 3600;

/**
 * The instants to ask GET /calendar/busy for, around the visible days whatever the zone: from
 * the day before the first to two days after the last (UTC midnights; pieces are cut by day).
 */
export function busyQueryRange(days: readonly string[]): { from: string; to: string } {
  return {
    from: `${addDays(days[0]!, -1)}T00:00:00.000Z`,
    to: `${addDays(days.at(-1)!, 2)}T00:00:00.000Z`,
  };
}

export function busySegments(
  blocks: readonly BusyBlock[],
  days: readonly string[],
  timeZone?: string,
): BusySegment[] {
  const segments: BusySegment[] = [];
  for (const block of blocks) {
    const from = instantParts(block.starts_at, timeZone);
    const to = instantParts(block.ends_at, timeZone);
    if (!from || !to) continue;
    for (const day of days) {
      if (day < from.day || day > to.day) continue;
      const start = day === from.day ? secondsOf(from.time) : 0;
      const end = day === to.day ? secondsOf(to.time) : DAY;
      if (end <= start) continue;
      segments.push({
        key: `busy:${block.starts_at}:${block.calendar_name}:${day}`,
        day,
        start,
        end,
        calendarName: block.calendar_name,
      });
    }
  }
  return segments.sort((a, b) => a.start - b.start);
}
