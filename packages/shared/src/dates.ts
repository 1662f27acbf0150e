/**
 * Calendar helpers: dates are `YYYY-MM-DD` and times `HH:MM[:SS]`, wall-clock in the provider's
 * time zone. "Not in the past" needs a clock in a zone (`SlotClock`): the forms read the
 * browser's, the server reads the provider's (computed in SQL).
 */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
/** An ISO date-time whose date part is the day (docs/product.md §7 PATCH sends `day` like this). */
const DATE_TIME_RE =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/;

/** A real calendar date `YYYY-MM-DD` (2025-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = DATE_RE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `HH:MM` or `HH:MM:SS`, 00:00 to 23:59:59 (24:00 and 9:5 are not times). */
export function isTime(value: string): boolean {
  return TIME_RE.test(value);
}

/** Seconds since midnight of a valid time. */
export function secondsOf(time: string): number {
  const match = TIME_RE.exec(time);
  if (!match) return Number.NaN;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
}

/** `HH:MM:SS` of seconds since midnight. */
export function timeOf(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** `HH:MM:SS` of a valid `HH:MM[:SS]`: what the API stores and docs/product.md §7 sends. */
export function normalizeTime(time: string): string {
  return timeOf(secondsOf(time));
}

/** `HH:MM`, for display. */
export function hhmm(time: string): string {
  return time.slice(0, 5);
}

/** The date part of `YYYY-MM-DD` or of an ISO date-time; null when it is neither. */
export function dayOf(value: string): string | null {
  if (isIsoDate(value)) return value;
  const match = DATE_TIME_RE.exec(value);
  return match?.[1] && isIsoDate(match[1]) ? match[1] : null;
}

/** Wall clock in one zone: the "now" that "not in the past" is judged against. */
export interface SlotClock {
  /** `YYYY-MM-DD` */
  today: string;
  /** `HH:MM:SS` */
  time: string;
}

function partsIn(timeZone: string | undefined, now: Date) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((part) => part.type === type)?.value ?? '00';
  return {
    today: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}:${get('second')}`,
  };
}

/** Today's date `YYYY-MM-DD` in a zone (undefined: the runtime's local zone). */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  return partsIn(timeZone, now).today;
}

/** Today's date and the current time in a zone (undefined: the runtime's local zone). */
export function clockIn(timeZone: string | undefined, now: Date = new Date()): SlotClock {
  return partsIn(timeZone, now);
}

/** Adds days to a `YYYY-MM-DD` date (calendar arithmetic, no zone involved). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, of a `YYYY-MM-DD` date. */
export function weekdayOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}
