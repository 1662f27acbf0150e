import {
  CALENDAR_HORIZON_DAYS,
  CALENDAR_POLL_MINUTES,
} from '@slotwise/shared/calendar-sync-schemas';
import type { FastifyPluginAsync } from 'fastify';
import type { DbOrTx } from '../db/client';
import { calendarConnections } from '../db/schema';
import { replaceBusyBlocks } from '../modules/calendar-sync/busy-blocks';
import { busyFromIcs } from '../modules/calendar-sync/parse-ics';
import type { CalendarSource } from '../modules/calendar-sync/source';
import { DEMO_PROVIDER_ZONE } from './seed-marketplace';

/**
 * The demo's own calendar feed (docs/product.md §18, docs/decisions/071-calendar-sync.md): a
 * lunch break every weekday, 12:00–13:00 on the demo provider's clock, written as a weekly RRULE
 * with its VTIMEZONE. The product serves it at GET /demo/calendar.ics when DEMO_DATA is on, and
 * the demo provider is subscribed to it at seed — read in-process, never over the network (the
 * server would be fetching itself: loopback, which the outbound check refuses).
 */

export const DEMO_CALENDAR_PATH = '/demo/calendar.ics';
export const DEMO_CALENDAR_NAME = 'Personal calendar';

/** The demo connection's address: the server's own origin (PUBLIC_URL) and the feed's path. */
export const demoCalendarUrl = (publicUrl: string) => `${publicUrl}${DEMO_CALENDAR_PATH}`;

/** The VTIMEZONE of the demo provider's zone (US Eastern rules since 2007). */
const VTIMEZONES: Record<string, string[]> = {
  'America/New_York': [
    'BEGIN:VTIMEZONE',
    'TZID:America/New_York',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:-0500',
    'TZOFFSETTO:-0400',
    'TZNAME:EDT',
    'DTSTART:20070311T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:-0400',
    'TZOFFSETTO:-0500',
    'TZNAME:EST',
    'DTSTART:20071104T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
  ],
};

/** The feed's text (CRLF lines, as RFC 5545 writes them). */
export function demoCalendarIcs(zone: string = DEMO_PROVIDER_ZONE): string {
  const timezone = VTIMEZONES[zone];
  if (!timezone) throw new Error(`demo calendar: no VTIMEZONE for ${zone}`);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Slotwise//Demo calendar//EN',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${DEMO_CALENDAR_NAME}`,
    ...timezone,
    'BEGIN:VEVENT',
    'UID:demo-lunch@slotwise.invalid',
    'DTSTAMP:20260105T000000Z',
    // Monday 5 January 2026, then every weekday.
    `DTSTART;TZID=${zone}:20260105T120000`,
    `DTEND;TZID=${zone}:20260105T130000`,
    'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    'SUMMARY:Lunch',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** The busy time the demo feed gives over a sync's range (parsed as any feed is). */
export function demoCalendarBusy(range: { from: Date; to: Date }) {
  return busyFromIcs(demoCalendarIcs(), range);
}

/**
 * The ICS source of a demo server: the demo connection (exactly the server's own feed address)
 * is read in-process; every other address goes to `source`, with every check it makes.
 */
export function withDemoCalendar(source: CalendarSource, publicUrl: string): CalendarSource {
  const own = demoCalendarUrl(publicUrl);
  return {
    async readBusy(connection, range) {
      if (connection.kind !== 'ics' || connection.url !== own) {
        return source.readBusy(connection, range);
      }
      return { notModified: false, blocks: await demoCalendarBusy(range) };
    },
  };
}

/** GET /demo/calendar.ics: the feed, for anyone to look at or subscribe to (demo mode only). */
export const demoCalendarRoutes: FastifyPluginAsync = async (app) => {
  app.get(DEMO_CALENDAR_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return reply.type('text/calendar; charset=utf-8').send(demoCalendarIcs());
  });
};

/**
 * The demo provider subscribed to the demo feed, read once at seed (the job chain reads it again
 * from start on): the connection row and its busy blocks.
 */
export async function seedDemoCalendar(
  tx: DbOrTx,
  options: { providerId: string; publicUrl: string; now: Date },
): Promise<{ connectionId: string; busy: number }> {
  const { providerId, publicUrl, now } = options;
  const [row] = await tx
    .insert(calendarConnections)
    .values({
      providerId,
      kind: 'ics',
      name: DEMO_CALENDAR_NAME,
      url: demoCalendarUrl(publicUrl),
      lastSyncedAt: now,
      nextSyncAt: new Date(now.getTime() + CALENDAR_POLL_MINUTES * 60_000),
    })
    .returning({ id: calendarConnections.id });
  const day = 24 * 3600_000;
  const blocks = await demoCalendarBusy({
    from: new Date(now.getTime() - day),
    to: new Date(now.getTime() + CALENDAR_HORIZON_DAYS * day),
  });
  const busy = await replaceBusyBlocks(tx, { id: row!.id, providerId }, blocks);
  return { connectionId: row!.id, busy };
}
