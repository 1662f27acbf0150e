import { INTL_LOCALES } from '@slotwise/shared/locales';
import type { Locale } from '@slotwise/shared/locales';

/**
 * Dates in mail, written in the recipient's zone with the zone named, in their language
 * (docs/product.md §21.1): English as it always was, the others through their own `Intl` locale.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'long',
    });
    formats.set(timeZone, format);
  }
  return format;
}

const localFormats = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter of `locale` in `timeZone` (building one costs far more than using it). */
function localFormatter(locale: Exclude<Locale, 'en'>, timeZone: string, kind: 'day' | 'zone') {
  const key = `${locale} ${timeZone} ${kind}`;
  let format = localFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      INTL_LOCALES[locale],
      kind === 'day'
        ? { timeZone, weekday: 'long', year: 'numeric', month: '2-digit', day: '2-digit' }
        : { timeZone, timeZoneName: 'long' },
    );
    localFormats.set(key, format);
  }
  return format;
}

/**
 * 'Sunday, March 14, 2027, 12:00 (Eastern Daylight Time, America/New_York)'; in German
 * 'Donnerstag, 26.11.2026, 10:00 (Mitteleuropäische Normalzeit, Europe/Berlin)'.
 */
export function formatInZone(instant: Date, timeZone: string, locale: Locale = 'en'): string {
  if (locale !== 'en') {
    const day = localFormatter(locale, timeZone, 'day').format(instant);
    const zone = localFormatter(locale, timeZone, 'zone')
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value;
    return `${day}, ${timeInZone(instant, timeZone)} (${zone}, ${timeZone})`;
  }
  const parts = formatter(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${get('weekday')}, ${get('month')} ${get('day')}, ${get('year')}, ${get('hour')}:${get('minute')} (${get('timeZoneName')}, ${timeZone})`;
}

/** '12:30' in the zone (the end of a range on the same day). */
export function timeInZone(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
