/**
 * Slot and appointment dates and times as the server sends them (docs/product.md §10): `day` is a
 * calendar date `YYYY-MM-DD` and `start_time`/`end_time` are `HH:MM:SS`, all on the provider's
 * wall clock. They are shown exactly as sent: never through `Date` in the browser's zone
 * (`new Date('2026-11-24')` is UTC midnight, i.e. the 23rd in New York).
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

/** '2026-11-24' (or its ISO date-time form '2026-11-24T…') → {2026, 11, 24}; null if malformed. */
export function parseCalendarDate(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one (UTC, so no zone can move it).
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return { year, month, day };
}

/** Day of the week of a calendar date, 0 = Sunday; computed in UTC so no zone shifts it. */
function weekdayOf({ year, month, day }: CalendarDate): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** '2026-11-24' → 'Tue, 24 Nov 2026'. A malformed value is returned as it is. */
export function formatSlotDate(value: string): string {
  const date = parseCalendarDate(value);
  if (!date) return value;
  return `${WEEKDAYS[weekdayOf(date)]}, ${date.day} ${MONTHS[date.month - 1]} ${date.year}`;
}

/** '10:00:00' → '10:00' (24-hour wall clock, as the provider set it). */
export function formatSlotTime(value: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(value);
  if (!match) return value;
  return `${match[1]!.padStart(2, '0')}:${match[2]}`;
}

/** '10:00:00', '10:30:00' → '10:00–10:30' (en dash). */
export function formatSlotTimeRange(start: string, end: string): string {
  return `${formatSlotTime(start)}–${formatSlotTime(end)}`;
}

/** Anything with a slot's day and times. */
export interface SlotTimes {
  day: string;
  start_time: string;
  end_time: string;
}

/** 'Tue, 24 Nov 2026, 10:00–10:30' */
export function formatSlot(slot: SlotTimes): string {
  return `${formatSlotDate(slot.day)}, ${formatSlotTimeRange(slot.start_time, slot.end_time)}`;
}

/** Today's date `YYYY-MM-DD` in the browser's own zone (docs/product.md §9: compared by local date). */
export function localDateKey(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether a slot's `day` is today's local date in the browser. */
export function isLocalToday(day: string, now: Date = new Date()): boolean {
  return day.slice(0, 10) === localDateKey(now);
}

/** Orders by day, then start time (both sort correctly as text). */
export function compareSlotTimes(a: SlotTimes, b: SlotTimes): number {
  return a.day.localeCompare(b.day) || a.start_time.localeCompare(b.start_time);
}
