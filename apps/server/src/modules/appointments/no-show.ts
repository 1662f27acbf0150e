import { type AppointmentStatus } from '@slotwise/shared/enums';
import type { ProviderAppointment } from '@slotwise/shared/appointments-schemas';
import { NO_SHOW_WINDOW_HOURS, REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { appointments, reviews, users } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { toIso } from '../../lib/iso';
import { AppointmentChanges } from './change-fanout';
import { paymentField, paymentSummaryColumn } from './payment-view';
import { inTransaction } from './transaction';

/**
 * PATCH /appointment/provider/no-show/:id (docs/decisions/045-reviews-and-ratings.md): the
 * provider records that the client did not come. Only their own appointment (another's → 404),
 * only while it is `booked`, once its start has passed and within NO_SHOW_WINDOW_HOURS of it
 * (409 otherwise). `no_show` is stored — unlike 'completed', which is derived from the end — so
 * the appointment can no longer be reviewed and counts in the provider's no-show rate.
 *
 * One conditional UPDATE decides (it row-locks the appointment, so it serializes with a cancel
 * or a review of the same appointment); only when it changes nothing does a read tell why.
 */

interface ProviderViewRow {
  id: string;
  timeslot_id: string | null;
  status: AppointmentStatus;
  service_type: string;
  day: string;
  start_time: string;
  end_time: string;
  starts_at: Date | string;
  ends_at: Date | string;
  client_first_name: string;
  client_last_name: string;
}

export function markNoShow(
  db: DbOrTx,
  providerId: string,
  appointmentId: string,
  changes: AppointmentChanges = new AppointmentChanges(),
): Promise<ProviderAppointment> {
  // The no-show fee (docs/decisions/068-payments.md) commits with the mark, or neither does.
  return inTransaction(db, (tx) => markInTransaction(tx, providerId, appointmentId, changes));
}

async function markInTransaction(
  db: DbOrTx,
  providerId: string,
  appointmentId: string,
  changes: AppointmentChanges,
): Promise<ProviderAppointment> {
  const window = `${NO_SHOW_WINDOW_HOURS} hours`;
  const [row] = await queryRows<ProviderViewRow>(
    db,
    sql`
    with marked as (
      update ${appointments} a set status = 'no_show', updated_at = now()
      where a.id = ${appointmentId} and a.provider_id = ${providerId} and a.status = 'booked'
        and a.starts_at <= now() and a.starts_at > now() - ${window}::interval
        and not exists (select 1 from ${reviews} r where r.appointment_id = a.id)
      returning a.*
    )
    select m.id, m.timeslot_id, m.status, m.service_type, m.day::text as day,
           m.start_time::text as start_time, m.end_time::text as end_time,
           m.starts_at, m.ends_at,
           u.first_name as client_first_name, u.last_name as client_last_name
    from marked m join ${users} u on u.id = m.client_id`,
  );
  if (!row) throw await whyNotMarked(db, providerId, appointmentId, window);
  await changes.noShowInTransaction(db, appointmentId);
  const [paid] = await db
    .select({ payment: paymentSummaryColumn })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return {
    ...paymentField(paid?.payment),
    appointment_id: row.id,
    id: row.id,
    timeslot_id: row.timeslot_id,
    client_first_name: row.client_first_name,
    client_last_name: row.client_last_name,
    day: row.day,
    start_time: row.start_time,
    end_time: row.end_time,
    status: row.status,
    service_type: row.service_type,
    starts_at: toIso(row.starts_at),
    ends_at: toIso(row.ends_at),
  };
}

async function whyNotMarked(db: DbOrTx, providerId: string, appointmentId: string, window: string) {
  const [row] = await queryRows<{
    status: AppointmentStatus;
    started: boolean;
    too_late: boolean;
    reviewed: boolean;
  }>(
    db,
    sql`
    select a.status, a.starts_at <= now() as started,
           a.starts_at <= now() - ${window}::interval as too_late,
           exists (select 1 from ${reviews} r where r.appointment_id = a.id) as reviewed
    from ${appointments} a
    where a.id = ${appointmentId} and a.provider_id = ${providerId}`,
  );
  if (!row) return new NotFoundError(REVIEW_MESSAGES.appointmentNotFound);
  if (row.status !== 'booked')
    return new ConflictError('INVALID_STATE', REVIEW_MESSAGES.noShowNotBooked);
  if (!row.started) return new ConflictError('INVALID_STATE', REVIEW_MESSAGES.noShowBeforeStart);
  if (row.reviewed) return new ConflictError('INVALID_STATE', REVIEW_MESSAGES.noShowReviewed);
  return new ConflictError('INVALID_STATE', REVIEW_MESSAGES.noShowWindowPassed);
}
