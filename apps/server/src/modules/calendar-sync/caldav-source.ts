import { and, eq, sql } from 'drizzle-orm';
import { fetchCalendarObjects } from 'tsdav';
import type { DbOrTx } from '../../db/client';
import { appointments } from '../../db/schema';
import { appointmentUid } from '../email/ics';
import { basicAuth, type CaldavFetch, guardedFetch, statusText } from './caldav-http';
import { busyFromIcsOffThread } from './parse-ics-off-thread';
import { type BusyInterval, CalendarReadError, type CalendarSource } from './source';

/**
 * A CalDAV calendar's busy time (docs/decisions/071-calendar-sync.md): a calendar-query with a
 * time range, then a multiget of the objects (tsdav), each object parsed like a feed
 * (parse-ics.ts). tsdav gets a fetch that checks every hop's address (caldav-http.ts) and that
 * accepts only a real CalDAV answer — a 207 multistatus in XML: a server that answers a plain
 * 200, a 401 or anything else fails in words instead of counting as "no events".
 *
 * The provider's own bookings, written there by caldav-writer.ts (or added from the booking
 * mail's invite, same UID), are not busy time: their slots are taken already, and counting them
 * would keep a freed or moved booking's old time blocked until the next sync.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const [UID_BEFORE, UID_AFTER] = appointmentUid('\u0000').split('\u0000') as [string, string];

/** The appointment id a Slotwise event's UID carries (email/ics.ts `appointmentUid`), or null. */
export function appointmentIdOfUid(uid: string): string | null {
  if (!uid.startsWith(UID_BEFORE) || !uid.endsWith(UID_AFTER)) return null;
  const id = uid.slice(UID_BEFORE.length, uid.length - UID_AFTER.length);
  return UUID.test(id) ? id.toLowerCase() : null;
}

/** The UIDs of an iCalendar text (folded lines joined first). */
export function uidsOf(text: string): string[] {
  const unfolded = text.replace(/\r?\n[ \t]/g, '');
  return [...unfolded.matchAll(/^UID(?:;[^:\r\n]*)?:(.*?)\r?$/gim)].map((m) => m[1]!.trim());
}

/** A multistatus answer, or an error in words (tsdav would read anything else as no events). */
async function asMultistatus(response: Response): Promise<Response> {
  const text = await response.text();
  if (response.status !== 207) {
    if (response.status === 401 || response.status === 403 || response.status === 404) {
      throw new CalendarReadError(statusText(response.status, 'the calendar was read'));
    }
    throw new CalendarReadError(
      `This address is not a CalDAV calendar: it answered HTTP ${response.status} to a calendar query`,
    );
  }
  const type = response.headers.get('content-type') ?? '';
  if (!/xml/i.test(type) || !/<([\w-]+:)?multistatus[\s>]/i.test(text)) {
    throw new CalendarReadError(
      'This address is not a CalDAV calendar: its answer to a calendar query was not a multistatus',
    );
  }
  return new Response(text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** Those of `ids` that are appointments of the provider. */
async function ownAppointments(
  db: DbOrTx,
  providerId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.providerId, providerId),
        // One parameter whatever the count (the ids passed the UUID pattern).
        sql`${appointments.id} = any(${`{${ids.join(',')}}`}::uuid[])`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export function createCaldavSource(options: {
  allowPrivateUrls: boolean;
  db: DbOrTx;
  timeoutMs?: number;
}): CalendarSource {
  const http = guardedFetch(options);
  const checked: CaldavFetch = async (input, init) => asMultistatus(await http(input, init));
  return {
    async readBusy(connection, range) {
      let objects: Awaited<ReturnType<typeof fetchCalendarObjects>>;
      try {
        objects = await fetchCalendarObjects({
          calendar: { url: connection.url },
          timeRange: { start: range.from.toISOString(), end: range.to.toISOString() },
          headers: { authorization: basicAuth(connection.username, connection.password) },
          fetch: checked,
        });
      } catch (error) {
        if (error instanceof CalendarReadError) throw error;
        throw new CalendarReadError('The CalDAV server answered something that is not a calendar');
      }
      const texts = objects
        .map((object) => (typeof object.data === 'string' ? object.data : ''))
        .filter((text) => text.length > 0);
      const idsOf = (text: string) =>
        uidsOf(text)
          .map(appointmentIdOfUid)
          .filter((id): id is string => id !== null);
      const own = await ownAppointments(options.db, connection.providerId, texts.flatMap(idsOf));
      const blocks: BusyInterval[] = [];
      for (const text of texts) {
        const ids = idsOf(text);
        if (ids.length > 0 && ids.every((id) => own.has(id))) continue;
        blocks.push(...(await busyFromIcsOffThread(text, range)));
      }
      return { notModified: false, blocks };
    },
  };
}
