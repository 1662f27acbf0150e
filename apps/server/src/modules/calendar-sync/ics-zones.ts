import ical from 'node-ical';

/**
 * Zones of iCalendar feeds (docs/decisions/071-calendar-sync.md "Parsing"): names as calendars
 * write them mapped to IANA zones, and the instant a calendar day begins in a zone — so that an
 * all-day event is a day of its calendar, not of the server.
 */

/** A date node-ical parsed, with the zone it was written in. */
export interface DatedValue {
  tz?: string;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterOf(zone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(zone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      formatter = null;
    }
    formatters.set(zone, formatter);
  }
  return formatter;
}

const resolvedZones = new Map<string, string | null>();

/**
 * An IANA zone for a TZID or X-WR-TIMEZONE value, or null. Other names (Outlook's Windows
 * names, "Pacific Standard Time") are mapped the way node-ical maps an event's TZID: by asking
 * it about a one-line event in that zone.
 */
export function ianaZoneOf(value: string | undefined | null): string | null {
  if (!value) return null;
  const name = value.trim().replace(/^"(.*)"$/, '$1');
  if (name === '' || /[\r\n]/.test(name)) return null;
  if (formatterOf(name)) return name;
  let resolved = resolvedZones.get(name);
  if (resolved === undefined) {
    resolved = null;
    try {
      const probe = ical.sync.parseICS(
        `BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:zone\r\nDTSTART;TZID=${name}:20260101T000000\r\nEND:VEVENT\r\nEND:VCALENDAR`,
      );
      const tz = (probe.zone as { start?: DatedValue } | undefined)?.start?.tz;
      if (tz && formatterOf(tz)) resolved = tz;
    } catch {
      // Not a zone node-ical knows either.
    }
    if (resolvedZones.size < 1_000) resolvedZones.set(name, resolved);
  }
  return resolved;
}

/** The zone's offset from UTC (ms) at an instant. */
function offsetMs(zone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone)!.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The instant a calendar day (a UTC-midnight day number) begins in a zone. */
export function startOfDayIn(zone: string, dayUtc: number): Date {
  let instant = dayUtc - offsetMs(zone, dayUtc);
  instant = dayUtc - offsetMs(zone, instant);
  return new Date(instant);
}
