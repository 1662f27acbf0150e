import ical, { type VEvent } from 'node-ical';
import type { BusyInterval } from './source';
import { CalendarReadError } from './source';

/**
 * The busy time of an iCalendar text between `from` and `to` (docs/decisions/071-calendar-sync.md):
 * every VEVENT that blocks time — not cancelled, not transparent — with its recurrences expanded
 * (RRULE, EXDATE, RECURRENCE-ID overrides) by node-ical in the event's own zone.
 */

/** More instances than this in the horizon is not a calendar a person keeps: refused. */
export const MAX_BUSY_INSTANCES = 20_000;

function blocksTime(event: VEvent): boolean {
  const status = String(event.status ?? '').toUpperCase();
  const transparency = String(event.transparency ?? '').toUpperCase();
  return status !== 'CANCELLED' && transparency !== 'TRANSPARENT';
}

export function busyFromIcs(text: string, range: { from: Date; to: Date }): BusyInterval[] {
  if (!/BEGIN:VCALENDAR/i.test(text)) {
    throw new CalendarReadError('This address did not answer a calendar (no BEGIN:VCALENDAR)');
  }
  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(text);
  } catch {
    throw new CalendarReadError('The calendar could not be read: its contents are malformed');
  }
  const blocks: BusyInterval[] = [];
  for (const component of Object.values(parsed)) {
    if (!component || typeof component !== 'object' || component.type !== 'VEVENT') continue;
    const event = component as VEvent;
    if (!blocksTime(event) || !event.start) continue;
    const instances = ical.expandRecurringEvent(event, {
      from: range.from,
      to: range.to,
      expandOngoing: true,
    });
    for (const instance of instances) {
      if (!blocksTime(instance.event)) continue;
      const startsAt = new Date(instance.start);
      const endsAt = new Date(instance.end ?? instance.start);
      if (endsAt <= range.from || startsAt >= range.to || endsAt <= startsAt) continue;
      blocks.push({ startsAt, endsAt });
      if (blocks.length > MAX_BUSY_INSTANCES) {
        throw new CalendarReadError(
          `The calendar has more than ${MAX_BUSY_INSTANCES} events in the next months and was not read`,
        );
      }
    }
  }
  return blocks;
}
