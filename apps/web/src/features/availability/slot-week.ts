import { addDays, formatDate, formatDateRange, formatDayName } from '../../lib/date-time-format';
import type { WindowSlot } from './api/get-timeslot-window';
import { mondayOf } from './calendar/week-layout';

/**
 * The list view of Time Slots, paged by week and grouped by day (docs/product.md §14.3): which
 * days a page holds, how a day is headed, and how a booked slot names its client.
 */

/** The seven days (Monday to Sunday) of the week holding `day`. */
export function weekDays(day: string): string[] {
  const monday = mondayOf(day);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** 'Nov 23 – 29, 2026': a week page's title. */
export function weekTitle(days: readonly string[]): string {
  return formatDateRange(days[0]!, days.at(-1)!);
}

/** 'Today · Thu, Nov 26', 'Tomorrow · Fri, Nov 27', else 'Sat, Nov 28'. */
export function dayHeading(day: string, today: string): string {
  const name = formatDayName(day, today);
  const date = formatDate(day, today);
  return name === date ? date : `${name} · ${date}`;
}

export interface SlotDay<T> {
  day: string;
  slots: T[];
}

/** The slots by day, days in order and each day's slots by start time; empty days left out. */
export function groupByDay<T extends { day: string; start_time: string }>(
  slots: readonly T[],
): SlotDay<T>[] {
  const byDay = new Map<string, T[]>();
  for (const slot of slots) {
    const list = byDay.get(slot.day) ?? [];
    list.push(slot);
    byDay.set(slot.day, list);
  }
  return [...byDay.keys()].sort().map((day) => ({
    day,
    slots: byDay.get(day)!.sort((a, b) => a.start_time.localeCompare(b.start_time)),
  }));
}

/** 'Ana Lopez · Haircut' for a booked slot (the client, then the service); null otherwise. */
export function bookedBy(slot: WindowSlot): string | null {
  if (!slot.is_booked) return null;
  const name = [slot.client_first_name, slot.client_last_name].filter(Boolean).join(' ');
  return name ? `${name} · ${slot.type}` : slot.type;
}
