import ical, { type EventInstance, type VEvent } from 'node-ical';
import type { BusyInterval } from './source';
import { type DatedValue, ianaZoneOf, startOfDayIn } from './ics-zones';
import { CalendarReadError } from './source';

/**
 * The busy time of an iCalendar text between `from` and `to` (docs/decisions/071-calendar-sync.md
 * "Parsing", docs/product.md §18.2): every VEVENT that blocks time — not cancelled, not
 * transparent — with its recurrences expanded (RRULE, EXDATE, RECURRENCE-ID overrides) by
 * node-ical in the event's own zone. An all-day event is its whole days in its zone — the TZID
 * on its DTSTART if it has one, else the calendar's (X-WR-TIMEZONE, else its first VTIMEZONE),
 * else UTC — never the server's.
 *
 * A feed is text from a stranger, so the work is capped: the structure is checked line by line
 * first (nesting, broken lines, number of events), one-off events far outside the horizon are
 * dropped before node-ical sees them, the rest is parsed in small batches with the event loop
 * given back between them, and a feed that needs more than `maxWorkMs` of work or expands to
 * more than `maxInstances` instances is refused in words.
 */

export interface ParseLimits {
  /** Instances of busy time in the horizon. */
  maxInstances: number;
  /** VEVENT blocks in the text. */
  maxEvents: number;
  /** Nesting of BEGIN blocks (VCALENDAR > VEVENT > VALARM is 3). */
  maxDepth: number;
  /** Work (parsing and expanding, without the pauses) before the feed is refused. */
  maxWorkMs: number;
  /** The longest stretch of work before the event loop is given back. */
  sliceMs: number;
  /** VEVENTs handed to node-ical at once. */
  batchEvents: number;
}

/** More instances than this in the horizon is not a calendar a person keeps: refused. */
export const MAX_BUSY_INSTANCES = 20_000;

export const DEFAULT_PARSE_LIMITS: ParseLimits = {
  maxInstances: MAX_BUSY_INSTANCES,
  maxEvents: 100_000,
  maxDepth: 4,
  maxWorkMs: 10_000,
  sliceMs: 20,
  batchEvents: 25,
};

const DAY_MS = 86_400_000;

const malformed = (why: string) =>
  new CalendarReadError(`The calendar could not be read: its contents are malformed (${why})`);

function blocksTime(event: VEvent): boolean {
  const status = String(event.status ?? '').toUpperCase();
  const transparency = String(event.transparency ?? '').toUpperCase();
  return status !== 'CANCELLED' && transparency !== 'TRANSPARENT';
}

// ---------------------------------------------------------------------------------------------
// Structure: checked, split into the calendar's own lines, its zones and its events

interface EventBlock {
  uid: string | null;
  lines: string[];
  /** The TZID of its DTSTART (node-ical keeps none for a DATE value). */
  startZone: string | null;
}

interface Structure {
  header: string[];
  zones: string[];
  events: EventBlock[];
  /** X-WR-TIMEZONE, else the first VTIMEZONE's TZID (mapped to IANA). */
  calendarZone: string | null;
}

/** A DATE or DATE-TIME value's day as a UTC-midnight day number, or null. */
function dayOfValue(line: string): number | null {
  const match = /:(\d{4})(\d{2})(\d{2})/.exec(line);
  if (!match) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/**
 * Whether a one-off event (no RRULE, RDATE, RECURRENCE-ID; DTEND not DURATION) lies wholly more
 * than two days outside the range — a zone moves a wall time by at most 26 hours.
 */
function clearlyOutside(lines: string[], range: { from: Date; to: Date }): boolean {
  let start: number | null = null;
  let end: number | null = null;
  for (const line of lines) {
    const name = line.slice(0, 12).toUpperCase();
    if (
      name.startsWith('RRULE') ||
      name.startsWith('RDATE') ||
      name.startsWith('RECURRENCE-ID') ||
      name.startsWith('DURATION')
    ) {
      return false;
    }
    if (name.startsWith('DTSTART')) start = dayOfValue(line);
    else if (name.startsWith('DTEND')) end = dayOfValue(line);
  }
  if (start === null) return false;
  const last = end ?? start + DAY_MS;
  return last < range.from.getTime() - 2 * DAY_MS || start > range.to.getTime() + 2 * DAY_MS;
}

function structureOf(
  text: string,
  range: { from: Date; to: Date },
  limits: ParseLimits,
): Structure {
  if (text.includes('\u0000')) throw malformed('binary data');
  const lines = text.split(/\r?\n|\r/);
  const header: string[] = [];
  const zones: string[] = [];
  const events: EventBlock[] = [];
  const stack: string[] = [];
  let current: string[] | null = null;
  let currentKind: 'zone' | 'event' | 'other' | null = null;
  let uid: string | null = null;
  let startZone: string | null = null;
  let broken = 0;
  let eventCount = 0;
  let calendarZoneName: string | null = null;
  let firstZoneName: string | null = null;
  let seenCalendar = false;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    if (line[0] === ' ' || line[0] === '\t') {
      // A folded line continues the previous one.
      if (current) current.push(line);
      else if (stack.length === 1) header.push(line);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) {
      broken++;
      continue;
    }
    const name = line.slice(0, colon).split(';', 1)[0]!.toUpperCase();
    if (name === 'BEGIN') {
      const component = line
        .slice(colon + 1)
        .trim()
        .toUpperCase();
      if (stack.length === 0 && component !== 'VCALENDAR') throw malformed('no VCALENDAR');
      stack.push(component);
      if (stack.length > limits.maxDepth) throw malformed('blocks nested too deeply');
      if (stack.length === 1) {
        if (seenCalendar) {
          stack.pop(); // A second calendar in one answer is ignored.
          break;
        }
        seenCalendar = true;
        continue;
      }
      if (stack.length === 2) {
        current = [line];
        uid = null;
        startZone = null;
        currentKind =
          component === 'VEVENT' ? 'event' : component === 'VTIMEZONE' ? 'zone' : 'other';
        if (currentKind === 'event' && ++eventCount > limits.maxEvents) {
          throw new CalendarReadError(
            `The calendar has more than ${limits.maxEvents} events and was not read`,
          );
        }
        continue;
      }
      current?.push(line);
      continue;
    }
    if (name === 'END') {
      const component = line
        .slice(colon + 1)
        .trim()
        .toUpperCase();
      if (stack[stack.length - 1] !== component) throw malformed(`END:${component} out of place`);
      stack.pop();
      if (stack.length === 1 && current) {
        current.push(line);
        if (currentKind === 'zone') zones.push(...current);
        else if (currentKind === 'event' && !clearlyOutside(current, range)) {
          events.push({ uid, lines: current, startZone });
        }
        current = null;
        currentKind = null;
      } else if (stack.length === 0) {
        continue;
      } else {
        current?.push(line);
      }
      continue;
    }
    if (stack.length === 1) {
      header.push(line);
      if (name === 'X-WR-TIMEZONE') calendarZoneName = line.slice(colon + 1);
      continue;
    }
    if (!current) continue;
    current.push(line);
    if (stack.length === 2 && name === 'UID') uid = line.slice(colon + 1).trim();
    if (stack.length === 2 && name === 'DTSTART') {
      startZone = /;TZID=("[^"]*"|[^;:]*)/i.exec(line.slice(0, colon))?.[1] ?? null;
    }
    if (stack.length === 2 && currentKind === 'zone' && name === 'TZID') {
      firstZoneName ??= line.slice(colon + 1);
    }
  }
  if (!seenCalendar) throw malformed('no VCALENDAR');
  if (stack.length > 1) throw malformed(`BEGIN:${stack[stack.length - 1]} never ended`);
  // A feed cut short would silently drop the events after the cut.
  if (stack.length === 1) throw malformed('it ends before END:VCALENDAR');
  if (broken > 0 && broken * 10 > lines.length)
    throw malformed(`${broken} lines are not calendar lines`);
  return {
    header,
    zones,
    events,
    calendarZone: ianaZoneOf(calendarZoneName) ?? ianaZoneOf(firstZoneName),
  };
}

// ---------------------------------------------------------------------------------------------
// Expansion

/** An all-day instance as its whole days in `zone`. */
function allDayInterval(instance: EventInstance, zone: string): BusyInterval {
  // node-ical gives an all-day date as the server's local midnight of that calendar day.
  const start = instance.start;
  const firstDay = Date.UTC(start.getFullYear(), start.getMonth(), start.getDate());
  const days = instance.end
    ? Math.max(1, Math.round((instance.end.getTime() - start.getTime()) / DAY_MS))
    : 1;
  return {
    startsAt: startOfDayIn(zone, firstDay),
    endsAt: startOfDayIn(zone, firstDay + days * DAY_MS),
  };
}

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function busyFromIcs(
  text: string,
  range: { from: Date; to: Date },
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
): Promise<BusyInterval[]> {
  if (!/BEGIN:VCALENDAR/i.test(text)) {
    throw new CalendarReadError('This address did not answer a calendar (no BEGIN:VCALENDAR)');
  }
  let work = 0;
  let sliceStart = performance.now();
  /** Gives the event loop back when the current stretch of work is long enough. */
  const checkpoint = async () => {
    const now = performance.now();
    if (now - sliceStart < limits.sliceMs) return;
    work += now - sliceStart;
    if (work > limits.maxWorkMs) {
      throw new CalendarReadError(
        'The calendar is too large or too complex to read (it would take too long)',
      );
    }
    await pause();
    sliceStart = performance.now();
  };

  const structure = structureOf(text, range, limits);
  await checkpoint();
  const preamble = ['BEGIN:VCALENDAR', ...structure.header, ...structure.zones];
  // An event and its overrides (same UID) go to node-ical together.
  const byUid = new Map<string, string[]>();
  const startZones = new Map<string, string | null>();
  const batches: string[][] = [];
  let batch: string[] = [];
  let batchCount = 0;
  for (const event of structure.events) {
    if (event.uid === null) {
      batches.push(event.lines);
      continue;
    }
    const lines = byUid.get(event.uid);
    if (lines) lines.push(...event.lines);
    else byUid.set(event.uid, [...event.lines]);
    if (event.startZone && !startZones.get(event.uid)) startZones.set(event.uid, event.startZone);
  }
  for (const lines of byUid.values()) {
    batch.push(...lines);
    if (++batchCount >= limits.batchEvents) {
      batches.push(batch);
      batch = [];
      batchCount = 0;
    }
  }
  if (batch.length > 0) batches.push(batch);

  // A day's slack either side: all-day dates are compared as calendar days by node-ical.
  const wide = {
    from: new Date(range.from.getTime() - DAY_MS),
    to: new Date(range.to.getTime() + DAY_MS),
  };
  const blocks: BusyInterval[] = [];
  const add = (interval: BusyInterval) => {
    const { startsAt, endsAt } = interval;
    if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) return;
    if (endsAt <= range.from || startsAt >= range.to || endsAt <= startsAt) return;
    blocks.push({ startsAt, endsAt });
    if (blocks.length > limits.maxInstances) {
      throw new CalendarReadError(
        `The calendar has more than ${limits.maxInstances} events in the next months and was not read`,
      );
    }
  };
  const zoneOf = (event: VEvent): string =>
    ianaZoneOf((event.start as DatedValue | undefined)?.tz) ??
    ianaZoneOf(startZones.get(event.uid)) ??
    structure.calendarZone ??
    'UTC';
  const instanceInterval = (instance: EventInstance, event: VEvent): BusyInterval =>
    instance.isFullDay
      ? allDayInterval(instance, zoneOf(event))
      : { startsAt: new Date(instance.start), endsAt: new Date(instance.end ?? instance.start) };

  for (const lines of batches) {
    let parsed: ReturnType<typeof ical.sync.parseICS>;
    try {
      parsed = ical.sync.parseICS([...preamble, ...lines, 'END:VCALENDAR'].join('\r\n'));
    } catch {
      throw malformed('an event could not be parsed');
    }
    await checkpoint();
    for (const component of Object.values(parsed)) {
      if (!component || typeof component !== 'object' || component.type !== 'VEVENT') continue;
      const event = component as VEvent;
      if (!blocksTime(event) || !event.start) continue;
      let instances: EventInstance[];
      try {
        instances = ical.expandRecurringEvent(event, { ...wide, expandOngoing: true });
      } catch {
        throw new CalendarReadError(
          'The calendar could not be read: a repeating event repeats too often',
        );
      }
      const seen = new Set<VEvent>();
      for (const instance of instances) {
        if (instance.isOverride) seen.add(instance.event);
        if (!blocksTime(instance.event)) continue;
        add(instanceInterval(instance, event));
      }
      // An occurrence moved into the range from outside it (its RECURRENCE-ID is out of range).
      for (const override of new Set(Object.values(event.recurrences ?? {}) as VEvent[])) {
        if (seen.has(override) || !override.start || !blocksTime(override)) continue;
        const id = override.recurrenceid ? new Date(override.recurrenceid as Date) : null;
        if (id && id >= wide.from && id <= wide.to) continue;
        const single = { ...override, rrule: undefined, recurrences: undefined } as VEvent;
        const moved = ical.expandRecurringEvent(single, { ...wide, expandOngoing: true });
        for (const instance of moved) add(instanceInterval(instance, override));
      }
      await checkpoint();
    }
  }
  return blocks;
}
