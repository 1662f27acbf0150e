import { SEATS_MESSAGES } from '@slotwise/shared/appointments-series-schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments, timeslots } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { type Canceler, cancelAppointmentAs } from './cancel';
import type { AppointmentChanges } from './change-fanout';

/**
 * PATCH /appointment/provider/cancel-class/:id (docs/decisions/067-seats-and-series.md):
 * the provider cancels every booked seat of one of their slots. Each seat is the single cancel
 * (cancel.ts: its seat freed, its client told), so nothing differs from cancelling them one by
 * one. Another provider's slot is "not found". Answers the appointments it canceled.
 */
export async function cancelClass(
  db: DbOrTx,
  canceler: Extract<Canceler, { role: 'provider' }>,
  timeslotId: string,
  changes: AppointmentChanges,
): Promise<string[]> {
  const [slot] = await db
    .select({ id: timeslots.id })
    .from(timeslots)
    .where(and(eq(timeslots.id, timeslotId), eq(timeslots.providerId, canceler.providerId)))
    .limit(1);
  if (!slot) throw new NotFoundError(SEATS_MESSAGES.slotNotFound);
  const seats = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.timeslotId, timeslotId),
        eq(appointments.status, 'booked'),
        sql`${appointments.endsAt} > now()`,
      ),
    )
    .orderBy(asc(appointments.createdAt), asc(appointments.id));
  const canceled: string[] = [];
  for (const { id } of seats) {
    try {
      await cancelAppointmentAs(db, canceler, id, changes);
      canceled.push(id);
    } catch (error) {
      // Canceled meanwhile (by its client): it is not this cancel's.
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  return canceled;
}
