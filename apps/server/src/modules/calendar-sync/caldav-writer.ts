import ical, { ICalEventStatus } from 'ical-generator';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, calendarConnections, calendarEventCopies } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import { appointmentEventRows, icsEventOf } from '../calendar/appointment-events';
import { appointmentUid, type IcsEvent } from '../email/ics';
import { basicAuth, type CaldavFetch, guardedFetch, statusText } from './caldav-http';
import { CalendarReadError } from './source';

/**
 * A provider's bookings written into their CalDAV calendars (docs/product.md §18,
 * docs/decisions/071-calendar-sync.md). The job (caldav-push-jobs.ts) makes the calendar match
 * the appointment as it is when it runs: a booking that stands is PUT under the UID and SEQUENCE
 * of its mail's .ics (email/ics.ts, calendar/appointment-events.ts), a canceled or expired one
 * is DELETEd. Where it was written and its ETag are kept in `calendar_event_copies`, and every
 * change is conditional (If-None-Match: * to create, If-Match to update or delete): an event
 * changed on the server meanwhile (412) has its ETag read again and the appointment re-read
 * before the next try, so the last write is always the appointment's latest state.
 */

export interface CaldavWriteRuntime {
  db: Db;
  box: SecretBox;
  allowPrivateUrls: boolean;
  timeoutMs?: number;
}

/** Statuses whose booking stands in the provider's calendar (not canceled, expired or unpaid). */
const WRITTEN_STATUSES: ReadonlySet<string> = new Set(['booked', 'completed', 'no_show']);

const PROD_ID = { company: 'Slotwise', product: 'Slotwise', language: 'EN' } as const;

/**
 * A calendar object resource (RFC 4791 §4.1: one event, no METHOD, no ORGANIZER — a scheduling
 * server would otherwise send invitations of its own), with the mail's UID and SEQUENCE.
 */
export function calendarObject(event: IcsEvent): string {
  const cal = ical({ prodId: PROD_ID });
  cal.createEvent({
    id: appointmentUid(event.appointmentId),
    sequence: event.sequence,
    start: event.startsAt,
    end: event.endsAt,
    stamp: new Date(),
    summary: event.summary,
    description: event.description,
    status: ICalEventStatus.CONFIRMED,
  });
  return cal.toString();
}

/** Where an appointment's event goes in a calendar (its name need not be its UID). */
export function objectUrl(calendarUrl: string, appointmentId: string): string {
  const base = calendarUrl.endsWith('/') ? calendarUrl : `${calendarUrl}/`;
  return new URL(`slotwise-${appointmentId}.ics`, base).href;
}

export type PushOutcome = 'written' | 'deleted' | 'nothing' | 'gone';

interface Copy {
  href: string;
  etag: string | null;
}

async function copyOf(db: Db, connectionId: string, appointmentId: string): Promise<Copy | null> {
  const [copy] = await db
    .select({ href: calendarEventCopies.href, etag: calendarEventCopies.etag })
    .from(calendarEventCopies)
    .where(
      and(
        eq(calendarEventCopies.connectionId, connectionId),
        eq(calendarEventCopies.appointmentId, appointmentId),
      ),
    );
  return copy ?? null;
}

async function saveCopy(
  db: Db,
  connectionId: string,
  appointmentId: string,
  copy: Copy,
): Promise<void> {
  await db
    .insert(calendarEventCopies)
    .values({ connectionId, appointmentId, href: copy.href, etag: copy.etag })
    .onConflictDoUpdate({
      target: [calendarEventCopies.connectionId, calendarEventCopies.appointmentId],
      set: { href: copy.href, etag: copy.etag, updatedAt: sql`now()` },
    });
}

async function dropCopy(db: Db, connectionId: string, appointmentId: string): Promise<void> {
  await db
    .delete(calendarEventCopies)
    .where(
      and(
        eq(calendarEventCopies.connectionId, connectionId),
        eq(calendarEventCopies.appointmentId, appointmentId),
      ),
    );
}

/**
 * The event's ETag as the server has it now (after a 412), saved; or the copy dropped when the
 * event is gone from the calendar (the next try creates it anew).
 */
async function refreshCopy(
  http: CaldavFetch,
  db: Db,
  ids: { connectionId: string; appointmentId: string },
  href: string,
  authorization: string,
): Promise<void> {
  const answer = await http(href, { method: 'GET', headers: { authorization } });
  if (answer.status === 404 || answer.status === 410) {
    await dropCopy(db, ids.connectionId, ids.appointmentId);
    return;
  }
  if (!answer.ok) {
    throw new CalendarReadError(statusText(answer.status, 'the booking was read back'));
  }
  await saveCopy(db, ids.connectionId, ids.appointmentId, {
    href,
    etag: answer.headers.get('etag'),
  });
}

/**
 * Makes the connection's calendar show the appointment as it is now: PUT (create or update) or
 * DELETE. Throws CalendarReadError in words (the job retries; caldav-push-jobs.ts).
 */
export async function pushAppointment(
  rt: CaldavWriteRuntime,
  appointmentId: string,
  connectionId: string,
): Promise<PushOutcome> {
  const http = guardedFetch(rt);
  const ids = { connectionId, appointmentId };
  for (let round = 0; round < 3; round++) {
    const [connection] = await rt.db
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, connectionId));
    if (!connection || connection.kind !== 'caldav') return 'gone';
    const authorization = basicAuth(
      connection.username,
      connection.secret ? rt.box.open(connection.secret) : null,
    );
    const [row] = await appointmentEventRows(rt.db).where(eq(appointments.id, appointmentId));
    const copy = await copyOf(rt.db, connectionId, appointmentId);

    if (!row || !WRITTEN_STATUSES.has(row.status)) {
      if (!copy) return 'nothing';
      const headers: Record<string, string> = { authorization };
      if (copy.etag) headers['if-match'] = copy.etag;
      const answer = await http(copy.href, { method: 'DELETE', headers });
      if (answer.ok || answer.status === 404 || answer.status === 410) {
        await dropCopy(rt.db, connectionId, appointmentId);
        return 'deleted';
      }
      if (answer.status === 412) {
        await refreshCopy(http, rt.db, ids, copy.href, authorization);
        continue;
      }
      throw new CalendarReadError(statusText(answer.status, 'a canceled booking was removed'));
    }

    const href = copy?.href ?? objectUrl(connection.url, appointmentId);
    const headers: Record<string, string> = {
      authorization,
      'content-type': 'text/calendar; charset=utf-8',
    };
    if (copy?.etag) headers['if-match'] = copy.etag;
    else if (!copy) headers['if-none-match'] = '*';
    const answer = await http(href, {
      method: 'PUT',
      headers,
      body: calendarObject(icsEventOf(row, row.providerUserId)),
    });
    if (answer.ok) {
      const etag = answer.headers.get('etag');
      if (etag) await saveCopy(rt.db, connectionId, appointmentId, { href, etag });
      // A server that changed what it stored answers no ETag: read the one it keeps.
      else await refreshCopy(http, rt.db, ids, href, authorization);
      return 'written';
    }
    // Changed meanwhile (412), or removed from the calendar by hand (404 on an update).
    if (answer.status === 412 || (answer.status === 404 && copy)) {
      await refreshCopy(http, rt.db, ids, href, authorization);
      continue;
    }
    throw new CalendarReadError(statusText(answer.status, 'the booking was written'));
  }
  throw new CalendarReadError(
    'The booking kept changing on the CalDAV server; it will be tried again',
  );
}
