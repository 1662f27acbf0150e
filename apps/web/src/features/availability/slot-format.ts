import { hhmm } from '@slotwise/shared/calendar';
import type { Timeslot } from '@slotwise/shared/timeslot-schemas';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Fri, Jun 14, 2030' for '2030-06-14' (a calendar date: formatted in UTC so no zone shifts it). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return dateFormat.format(new Date(Date.UTC(year, month - 1, date)));
}

/** '09:00 – 09:30' */
export function formatTimeRange(slot: Pick<Timeslot, 'start_time' | 'end_time'>): string {
  return `${hhmm(slot.start_time)} – ${hhmm(slot.end_time)}`;
}

/** Sorted by date, then start time. */
export function sortSlots(slots: readonly Timeslot[]): Timeslot[] {
  return [...slots].sort((a, b) =>
    a.day === b.day ? a.start_time.localeCompare(b.start_time) : a.day.localeCompare(b.day),
  );
}
