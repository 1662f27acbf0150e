import {
  APPOINTMENT_LIST_MESSAGES,
  APPOINTMENTS_DEFAULT_LIMIT,
  type ClientAppointment,
  type ProviderAppointment,
} from '@slotwise/shared/appointments-schemas';
import type { AppointmentStatus } from '@slotwise/shared/enums';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments, providers } from '../../db/schema';
import { ValidationError } from '../../errors';
import { isoMicrosTextOf } from '../../lib/iso';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor';
import {
  clientUser,
  clientViewColumns,
  listOrder,
  providerUser,
  providerViewColumns,
  shownStatus,
  toClientView,
  toProviderView,
} from './views';

/** GET /appointment/view: the client's own appointments (docs/product.md, client view), one query. */
export async function listClientAppointments(
  db: DbOrTx,
  clientUserId: string,
): Promise<ClientAppointment[]> {
  const rows = await db
    .select(clientViewColumns)
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .innerJoin(providerUser, eq(providerUser.id, providers.userId))
    .where(eq(appointments.clientId, clientUserId))
    .orderBy(...listOrder);
  return rows.map(toClientView);
}

/** GET /appointment/provider/view: the provider's appointments (docs/product.md, provider list). */
export async function listProviderAppointments(
  db: DbOrTx,
  providerId: string,
  /** Only appointments with this status as users see it (`?status=`). */
  status?: AppointmentStatus,
): Promise<ProviderAppointment[]> {
  const rows = await db
    .select(providerViewColumns)
    .from(appointments)
    .innerJoin(clientUser, eq(clientUser.id, appointments.clientId))
    .where(
      and(
        eq(appointments.providerId, providerId),
        status ? sql`${shownStatus} = ${status}` : undefined,
      ),
    )
    .orderBy(...listOrder);
  return rows.map(toProviderView);
}

// ---- Pages (docs/decisions/052-paginated-appointment-lists.md) --------------------------------

/**
 * The same order as `listOrder`, walked by keyset in two segments:
 * 0 · upcoming (booked and not yet ended): starts_at ascending, then id ascending;
 * 1 · everything else (ended, canceled, no-show): starts_at descending, then id ascending.
 * A cursor is the last row shown: (segment, starts_at with microseconds, id).
 */
export interface PageRequest {
  limit?: number;
  cursor?: string;
}

export interface AppointmentPage<T> {
  appointments: T[];
  nextCursor: string | null;
}

interface Position {
  segment: 0 | 1;
  /** starts_at, UTC, microseconds: what PostgreSQL stores, so equal rows compare equal. */
  startsAt: string;
  id: string;
}

const CURSOR_VERSION = 'a1';

/**
 * An appointment copies its slot's day and times, and a slot ends on its own day
 * (timeslots_end_after_start), so it lasts less than a day plus a daylight-saving hour. Hence an
 * upcoming one (ending after now) started after now minus this: a lower bound that lets the
 * (owner, starts_at) index skip the past instead of reading it.
 */
const LONGEST_APPOINTMENT = sql.raw(`interval '25 hours'`);

const position = isoMicrosTextOf(appointments.startsAt);

export function encodeAppointmentCursor(at: Position): string {
  return encodeKeysetCursor({ at: at.startsAt, id: at.id }, [CURSOR_VERSION, String(at.segment)]);
}

function invalidCursor(): ValidationError {
  return ValidationError.field('cursor', APPOINTMENT_LIST_MESSAGES.invalidCursor);
}

/** A cursor this server did not make (or made for another version) is a 400, never a SQL error. */
export function decodeAppointmentCursor(cursor: string): Position {
  const decoded = decodeKeysetCursor(cursor, 2);
  const [version, segment] = decoded?.tags ?? [];
  if (!decoded || version !== CURSOR_VERSION || (segment !== '0' && segment !== '1')) {
    throw invalidCursor();
  }
  return { segment: segment === '0' ? 0 : 1, startsAt: decoded.at, id: decoded.id };
}

/** Segment 0, after `after` (if it is in segment 0), up to `take` rows, soonest first. */
function upcomingSegment(now: string, after: Position | null): { where: SQL; order: SQL[] } {
  const conditions = [
    sql`${appointments.status} in ('booked', 'pending_payment')`,
    sql`${appointments.endsAt} > ${now}::timestamptz`,
    sql`${appointments.startsAt} > ${now}::timestamptz - ${LONGEST_APPOINTMENT}`,
  ];
  if (after) {
    conditions.push(
      sql`${appointments.startsAt} >= ${after.startsAt}::timestamptz`,
      sql`(${appointments.startsAt} > ${after.startsAt}::timestamptz or ${appointments.id} > ${after.id}::uuid)`,
    );
  }
  return { where: and(...conditions)!, order: [asc(appointments.startsAt), asc(appointments.id)] };
}

/** Segment 1, after `after` (if it is in segment 1), most recent first. */
function pastSegment(now: string, after: Position | null): { where: SQL; order: SQL[] } {
  const conditions = [
    sql`not (${appointments.status} in ('booked', 'pending_payment') and ${appointments.endsAt} > ${now}::timestamptz)`,
  ];
  if (after) {
    conditions.push(
      sql`${appointments.startsAt} <= ${after.startsAt}::timestamptz`,
      sql`(${appointments.startsAt} < ${after.startsAt}::timestamptz or ${appointments.id} > ${after.id}::uuid)`,
    );
  }
  return { where: and(...conditions)!, order: [desc(appointments.startsAt), asc(appointments.id)] };
}

/**
 * Walks the two segments for one page: the upcoming one first (unless the cursor is past it or
 * the filter rules it out), then the rest. One query when the first segment fills the page.
 * `now` is fixed once per request so both segments split the list at the same instant.
 */
async function walkSegments<Row extends { id: string; position: string }>(
  page: PageRequest,
  segments: { upcoming: boolean; past: boolean },
  query: (segment: { where: SQL; order: SQL[] }, take: number) => Promise<Row[]>,
): Promise<{ rows: Row[]; nextCursor: string | null }> {
  const limit = page.limit ?? APPOINTMENTS_DEFAULT_LIMIT;
  const after = page.cursor === undefined ? null : decodeAppointmentCursor(page.cursor);
  const now = new Date().toISOString();
  const shown: { row: Row; segment: 0 | 1 }[] = [];
  let more = false;
  if (segments.upcoming && (!after || after.segment === 0)) {
    const rows = await query(upcomingSegment(now, after), limit + 1);
    for (const row of rows.slice(0, limit)) shown.push({ row, segment: 0 });
    more = rows.length > limit;
  }
  if (!more && segments.past) {
    const take = limit - shown.length;
    const rows = await query(pastSegment(now, after?.segment === 1 ? after : null), take + 1);
    for (const row of rows.slice(0, take)) shown.push({ row, segment: 1 });
    more = rows.length > take;
  }
  const last = shown[shown.length - 1];
  return {
    rows: shown.map((s) => s.row),
    nextCursor:
      more && last
        ? encodeAppointmentCursor({
            segment: last.segment,
            startsAt: last.row.position,
            id: last.row.id,
          })
        : null,
  };
}

/**
 * Which segments a `?status=` can match: 'booked' as users see it is exactly segment 0, with the
 * holds waiting for their payment (docs/decisions/068-payments.md).
 */
function segmentsFor(status?: AppointmentStatus) {
  const upcoming = !status || status === 'booked' || status === 'pending_payment';
  return { upcoming, past: status !== 'booked' };
}

/** GET /appointment/view?limit=&cursor=: one page of the client's appointments. */
export async function pageClientAppointments(
  db: DbOrTx,
  clientUserId: string,
  page: PageRequest,
): Promise<AppointmentPage<ClientAppointment>> {
  const { rows, nextCursor } = await walkSegments(page, segmentsFor(), (segment, take) =>
    db
      .select({ ...clientViewColumns, position })
      .from(appointments)
      .innerJoin(providers, eq(providers.id, appointments.providerId))
      .innerJoin(providerUser, eq(providerUser.id, providers.userId))
      .where(and(eq(appointments.clientId, clientUserId), segment.where))
      .orderBy(...segment.order)
      .limit(take),
  );
  return { appointments: rows.map(toClientView), nextCursor };
}

/** GET /appointment/provider/view?status=&limit=&cursor=: one page of the provider's appointments. */
export async function pageProviderAppointments(
  db: DbOrTx,
  providerId: string,
  page: PageRequest,
  status?: AppointmentStatus,
): Promise<AppointmentPage<ProviderAppointment>> {
  const { rows, nextCursor } = await walkSegments(page, segmentsFor(status), (segment, take) =>
    db
      .select({ ...providerViewColumns, position })
      .from(appointments)
      .innerJoin(clientUser, eq(clientUser.id, appointments.clientId))
      .where(
        and(
          eq(appointments.providerId, providerId),
          segment.where,
          status ? sql`${shownStatus} = ${status}` : undefined,
        ),
      )
      .orderBy(...segment.order)
      .limit(take),
  );
  return { appointments: rows.map(toProviderView), nextCursor };
}
