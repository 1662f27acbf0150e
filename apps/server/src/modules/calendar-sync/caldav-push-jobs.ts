import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { BatchedCalls } from '../../lib/batched-calls';
import { calendarConnections } from '../../db/schema';
import type { AppointmentChangeConsumer } from '../appointments/change-fanout';
import { type CaldavWriteRuntime, pushAppointment } from './caldav-writer';
import { CalendarReadError } from './source';

/**
 * Bookings written to CalDAV calendars durably (docs/decisions/071-calendar-sync.md): each
 * appointment change queues, in the change's own transaction, one `calendar.caldav-push` job per
 * CalDAV connection of the provider (key `caldav-push:<appointment>:<connection>`; a pending one
 * for the same pair is replaced). The job makes the calendar match the appointment as it is when
 * it runs (caldav-writer.ts), so a crash or a retry never leaves an older state behind. A seat
 * held for its payment is not written until paid (docs/decisions/068-payments.md).
 */

export const CALDAV_PUSH_JOB = 'calendar.caldav-push';
export const CALDAV_PUSH_CONSUMER = 'calendar-caldav';
export const caldavPushKey = (appointmentId: string, connectionId: string) =>
  `caldav-push:${appointmentId}:${connectionId}`;

type PushPair = { appointmentId: string; providerId: string };

const pushPayload = z.object({ appointmentId: z.uuid(), connectionId: z.uuid() });

/**
 * One statement: each (appointment, provider) pair × that provider's CalDAV connections, pending
 * jobs for the same pair replaced.
 */
async function queueCaldavPushes(tx: DbOrTx, pairs: readonly PushPair[]): Promise<void> {
  if (pairs.length === 0) return;
  const appointmentIds = `{${pairs.map((pair) => pair.appointmentId).join(',')}}`;
  const providerIds = `{${pairs.map((pair) => pair.providerId).join(',')}}`;
  await tx.execute(sql`with targets as (
      select distinct a.appointment_id, c.id as connection_id,
             'caldav-push:' || a.appointment_id || ':' || c.id as key
      from unnest(${appointmentIds}::uuid[], ${providerIds}::uuid[]) as a(appointment_id, provider_id)
      join calendar_connections c on c.provider_id = a.provider_id and c.kind = 'caldav'),
    dropped as (
      update jobs set status = 'canceled', finished_at = now()
      where status = 'pending' and key in (select key from targets))
    insert into jobs (kind, key, payload, run_at, max_attempts)
    select ${CALDAV_PUSH_JOB}, key,
           jsonb_build_object('appointmentId', appointment_id, 'connectionId', connection_id),
           now(), 8
    from targets`);
}

/**
 * Per database handle: the changes made at about the same time queue their pushes in one
 * statement (lib/batched-calls.ts). Every booking won runs this after its claim, outside a
 * transaction (docs/decisions/079-booking-rush.md); a rush costs a few statements instead of one
 * per booking. A shared statement's failure is each of its changes' failure (each booking
 * answers its error, as when it ran alone).
 */
const pushQueuers = new WeakMap<DbOrTx, BatchedCalls<PushPair, null>>();

function pushQueuerOf(db: DbOrTx) {
  let queuer = pushQueuers.get(db);
  if (!queuer) {
    queuer = new BatchedCalls<PushPair, null>(async (pairs) => {
      await queueCaldavPushes(db, pairs);
      return pairs.map(() => null);
    });
    pushQueuers.set(db, queuer);
  }
  return queuer;
}

/**
 * A CalDAV calendar just connected: the provider's bookings still to come are written to it
 * (the earliest 500).
 */
export async function queueCaldavBackfill(db: DbOrTx, connectionId: string): Promise<void> {
  await db.execute(sql`insert into jobs (kind, key, payload, run_at, max_attempts)
    select ${CALDAV_PUSH_JOB}, 'caldav-push:' || a.id || ':' || c.id,
           jsonb_build_object('appointmentId', a.id, 'connectionId', c.id), now(), 8
    from calendar_connections c
    join appointments a on a.provider_id = c.provider_id
    where c.id = ${connectionId} and c.kind = 'caldav'
      and a.status = 'booked' and a.ends_at > now()
    order by a.starts_at
    limit 500`);
}

/** The appointments module's changes reach the provider's CalDAV calendars through here. */
export const caldavPushConsumer: AppointmentChangeConsumer = {
  name: CALDAV_PUSH_CONSUMER,
  async inTransaction(tx, change) {
    // Held for its payment (or released unpaid): nothing stands in the calendar yet.
    if (change.held) return;
    await pushQueuerOf(tx).call({
      appointmentId: change.notice.appointmentId,
      providerId: change.notice.provider.providerId,
    });
  },
};

/** A write that failed is told on the connection (its last error), and the job retries. */
async function noteWriteFailure(db: DbOrTx, connectionId: string, error: unknown): Promise<void> {
  const words =
    error instanceof CalendarReadError
      ? error.message
      : 'the CalDAV server could not be written to';
  await db
    .update(calendarConnections)
    .set({ lastError: `Bookings could not be written to this calendar: ${words}` })
    .where(eq(calendarConnections.id, connectionId));
}

export function registerCaldavPushJobs(app: FastifyInstance, rt: CaldavWriteRuntime): void {
  app.jobs.register(CALDAV_PUSH_JOB, async (raw) => {
    const { appointmentId, connectionId } = pushPayload.parse(raw);
    try {
      await pushAppointment(rt, appointmentId, connectionId);
    } catch (error) {
      await noteWriteFailure(rt.db, connectionId, error);
      throw error;
    }
  });
}
