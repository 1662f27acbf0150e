/**
 * One date and one time format for every screen (docs/product.md §14.5). Everything a person reads
 * as a date or a time goes through this file, and this file goes through `Intl`, so a later
 * language setting changes them all at once (`setDisplayLocale`).
 *
 * - a day: 'Thu, Nov 26' ('Thu, Nov 26, 2027' outside the current year)
 * - a time: '17:30' (24-hour, as providers set their hours)
 * - a day near today: 'Today' / 'Tomorrow'; with its time 'Today 17:30', else 'Sat, Nov 28, 10:00'
 *
 * Calendar days (`YYYY-MM-DD`) and wall-clock times (`HH:MM[:SS]`) come from the server already on
 * the provider's clock (docs/product.md §10), so they are formatted in UTC: no browser zone can move
 * them. ISO instants are shown on the clock they are given (the provider's on its pages, the
 * viewer's own elsewhere).
 */

import { INTL_LOCALES, type Locale } from '@slotwise/shared/locales';
import { formatPrice } from '@slotwise/shared/money';
import { displayLanguage } from './display-language';

let displayLocale = 'en-US';
/** The screens' language `displayLocale` was last set from. */
let followedLanguage: Locale = 'en';

/**
 * The locale every formatter below uses: the screens' language's (lib/display-language.ts), read
 * here rather than pushed from there, so the landing page's entry needs none of this file.
 */
export function getDisplayLocale(): string {
  const language = displayLanguage();
  if (language !== followedLanguage) {
    followedLanguage = language;
    setDisplayLocale(INTL_LOCALES[language]);
  }
  return displayLocale;
}

/** Switches every formatter to another locale (the languages setting, docs/product.md §14.5). */
export function setDisplayLocale(locale: string): void {
  displayLocale = locale;
  formatters.clear();
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  // First: a new language clears the formatters of the last one.
  const locale = getDisplayLocale();
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;
const TIME_PATTERN = /^(\d{1,2}):(\d{2})/;

/** '2026-11-26' (or '2026-11-26T…') → that day at UTC midnight; null if malformed. */
function utcDay(day: string): Date | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(match[3]) ? null : date;
}

/** Today's date `YYYY-MM-DD` in the browser's own zone (docs/product.md §9: the local date). */
export function localDateKey(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The calendar day `YYYY-MM-DD` `days` after `day`. */
export function addDays(day: string, days: number): string {
  const date = utcDay(day);
  if (!date) return day;
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * 'Thu, Nov 26'; the year is added when it is not `today`'s ('Thu, Nov 26, 2027'). The other
 * languages write a day the way their readers do, in digits with the year: 'Do., 26.11.2026',
 * 'jue, 26/11/2026' (docs/product.md §21.1).
 */
export function formatDate(day: string, today: string = localDateKey()): string {
  const date = utcDay(day);
  if (!date) return day;
  if (!getDisplayLocale().startsWith('en')) {
    return dateTimeFormat('date-digits', {
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(date);
  }
  const withYear = day.slice(0, 4) !== today.slice(0, 4);
  return withYear
    ? dateTimeFormat('date-year', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(date)
    : dateTimeFormat('date', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }).format(date);
}

/** 'Nov 26' (no weekday): chart axes and tight labels. */
export function formatShortDate(day: string): string {
  const date = utcDay(day);
  if (!date) return day;
  return dateTimeFormat('short-date', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

/** 'Thursday, November 26, 2026': headings that name one day in full. */
export function formatLongDate(day: string): string {
  const date = utcDay(day);
  if (!date) return day;
  return dateTimeFormat('long-date', { dateStyle: 'full', timeZone: 'UTC' }).format(date);
}

/** 'November 2026' */
export function formatMonth(day: string): string {
  const date = utcDay(day);
  if (!date) return day;
  return dateTimeFormat('month', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** 'Nov 23 – 29, 2026' (or across months 'Nov 30 – Dec 6, 2026'). */
export function formatDateRange(from: string, to: string): string {
  const start = utcDay(from);
  const end = utcDay(to);
  if (!start || !end) return `${from} – ${to}`;
  return dateTimeFormat('range', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(start, end);
}

/** The weekday alone: 'Thu' (short) or 'Thursday' (long). */
export function formatWeekday(day: string, width: 'short' | 'long' = 'short'): string {
  const date = utcDay(day);
  if (!date) return day;
  return dateTimeFormat(`weekday-${width}`, { weekday: width, timeZone: 'UTC' }).format(date);
}

/** 'Today' / 'Tomorrow' in English (SPEC's words); `Intl`'s own words, capitalised, elsewhere. */
function nearDayName(offset: 0 | 1): string {
  const locale = getDisplayLocale();
  if (locale.startsWith('en')) return offset === 0 ? 'Today' : 'Tomorrow';
  const word = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(offset, 'day');
  return word.charAt(0).toLocaleUpperCase(locale) + word.slice(1);
}

/** 'Today', 'Tomorrow', else `formatDate`. */
export function formatDayName(day: string, today: string = localDateKey()): string {
  const key = day.slice(0, 10);
  if (key === today) return nearDayName(0);
  if (key === addDays(today, 1)) return nearDayName(1);
  return formatDate(key, today);
}

/** '17:30:00' → '17:30' (24-hour wall clock, as the provider set it). */
export function formatTime(time: string): string {
  const match = TIME_PATTERN.exec(time);
  if (!match) return time;
  const date = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
  return dateTimeFormat('time', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(date);
}

/** '10:00–10:30' (en dash). */
export function formatTimeRange(start: string, end: string): string {
  return `${formatTime(start)}–${formatTime(end)}`;
}

/** 'Today 17:30', 'Tomorrow 09:00', 'Sat, Nov 28, 10:00'. */
export function formatWhen(day: string, time: string, today: string = localDateKey()): string {
  const name = formatDayName(day, today);
  const key = day.slice(0, 10);
  const near = key === today || key === addDays(today, 1);
  return near ? `${name} ${formatTime(time)}` : `${name}, ${formatTime(time)}`;
}

/** Anything with a slot's day and times. */
export interface SlotTimes {
  day: string;
  start_time: string;
  end_time: string;
}

/** 'Thu, Nov 26, 10:00–10:30' */
export function formatSlot(slot: SlotTimes, today: string = localDateKey()): string {
  return `${formatDate(slot.day, today)}, ${formatTimeRange(slot.start_time, slot.end_time)}`;
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: a page reads many instants on one or two clocks. */
function instantFormatOf(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = instantFormats.get(key);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD; this is parsing, not display, so it ignores the locale.
    format = new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    instantFormats.set(key, format);
  }
  return format;
}

/** An ISO instant → its calendar day and wall-clock time on `timeZone` (the browser's if none). */
export function instantParts(iso: string, timeZone?: string): { day: string; time: string } | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = instantFormatOf(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** An ISO instant as `formatWhen` on `timeZone`: 'Today 17:30'. Malformed input is shown as sent. */
export function formatInstantWhen(iso: string, timeZone?: string, now: Date = new Date()): string {
  const at = instantParts(iso, timeZone);
  if (!at) return iso;
  const today = instantParts(now.toISOString(), timeZone)?.day ?? localDateKey(now);
  return formatWhen(at.day, at.time, today);
}

/** An ISO instant's day: 'Thu, Nov 26'. */
export function formatInstantDate(iso: string, timeZone?: string, now: Date = new Date()): string {
  const at = instantParts(iso, timeZone);
  if (!at) return iso;
  return formatDate(at.day, instantParts(now.toISOString(), timeZone)?.day);
}

/** An ISO instant's time of day: '17:30'. */
export function formatInstantTime(iso: string, timeZone?: string): string {
  const at = instantParts(iso, timeZone);
  return at ? formatTime(at.time) : iso;
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** 'just now', '5 minutes ago', 'yesterday', 'in 2 hours' … of an ISO instant. */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  const relative = new Intl.RelativeTimeFormat(getDisplayLocale(), { numeric: 'auto' });
  if (Math.abs(seconds) < 60) {
    return getDisplayLocale().startsWith('en') ? 'just now' : relative.format(0, 'second');
  }
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return relative.format(Math.trunc(seconds / 60), 'minute');
}

/**
 * How long ago an instant was, short ('just now', '12 min ago', '3 h ago', '4 d ago'): the age
 * of a report in the operator's queue (docs/product.md §19.6).
 */
export function formatAge(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/** A number as people read it: 1,234 / 4.5 (at most one decimal). */
export function formatNumber(value: number, maximumFractionDigits = 1): string {
  return new Intl.NumberFormat(getDisplayLocale(), { maximumFractionDigits }).format(value);
}

/** A price in the screen's locale: '$25.00', '25,00 €' (docs/product.md §21.1). */
export function formatMoney(priceCents: number, currency: string): string {
  return formatPrice(priceCents, currency, getDisplayLocale());
}

/** '3.2 km' (one decimal, as the server rounds it). */
export function formatDistance(km: number): string {
  return new Intl.NumberFormat(getDisplayLocale(), {
    style: 'unit',
    unit: 'kilometer',
    maximumFractionDigits: 1,
  }).format(km);
}

/** The browser's IANA time zone ('America/New_York'), or undefined where `Intl` cannot tell. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** Orders by day, then start time (both sort correctly as text). */
export function compareSlotTimes(a: SlotTimes, b: SlotTimes): number {
  return a.day.localeCompare(b.day) || a.start_time.localeCompare(b.start_time);
}
