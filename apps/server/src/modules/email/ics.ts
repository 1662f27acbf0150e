import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * iCalendar files for appointments (RFC 5545 / 5546). One UID per appointment, SEQUENCE
 * rising with each change, METHOD:CANCEL with STATUS:CANCELLED on cancel; times in UTC.
 */

export interface IcsEvent {
  appointmentId: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  canceled: boolean;
}

const PROD_ID = { company: 'Slotwise', product: 'Slotwise', language: 'EN' } as const;

/** The stable UID of an appointment's calendar event. */
export const appointmentUid = (appointmentId: string) => `appointment-${appointmentId}@slotwise`;

function addEvent(cal: ReturnType<typeof ical>, event: IcsEvent, organizer?: string) {
  cal.createEvent({
    id: appointmentUid(event.appointmentId),
    sequence: event.sequence,
    start: event.startsAt,
    end: event.endsAt,
    stamp: new Date(),
    summary: event.summary,
    description: event.description,
    status: event.canceled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    ...(organizer ? { organizer: { name: 'Slotwise', email: organizer } } : {}),
  });
}

/** The attachment of a booking mail: one event, METHOD:REQUEST, or CANCEL when canceled. */
export function appointmentInvite(event: IcsEvent, organizerEmail: string): string {
  const cal = ical({
    prodId: PROD_ID,
    method: event.canceled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  addEvent(cal, event, organizerEmail);
  return cal.toString();
}

/**
 * The attachment of a series' booking mail (docs/decisions/067-seats-and-series.md): one
 * METHOD:REQUEST calendar with an event per occurrence, each under the UID its own appointment's
 * invite uses, so a later change of one occurrence updates that event.
 */
export function seriesInvite(events: readonly IcsEvent[], organizerEmail: string): string {
  const cal = ical({ prodId: PROD_ID, method: ICalCalendarMethod.REQUEST });
  for (const event of events) addEvent(cal, event, organizerEmail);
  return cal.toString();
}

/** A subscribed calendar feed (METHOD:PUBLISH): the user's upcoming appointments. */
export function calendarFeed(name: string, events: IcsEvent[]): string {
  const cal = ical({ prodId: PROD_ID, name, method: ICalCalendarMethod.PUBLISH, ttl: 60 * 15 });
  for (const event of events) addEvent(cal, event);
  return cal.toString();
}
