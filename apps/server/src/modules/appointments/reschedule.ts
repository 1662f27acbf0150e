import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointmentEvents, appointments } from '../../db/schema';
import { ValidationError } from '../../errors';
import type { AppointmentChange, AppointmentTime } from './change';
import type { AppointmentChanges } from './change-fanout';
import { claimSlot, freeSlot, heldSlotFields, unclaimableSlotError } from './claimable-slot';
import { resnapshotServiceOnReschedule } from '../catalogue/appointment-snapshot';
import { loadChange } from './load-change';
import { inTransaction, notChangeableError } from './transaction';
import { isUpcoming, timeColumns } from './views';
import {
  cancelWindowPassedError,
  lockProviderForPolicy,
  withinCancelWindow,
} from '../policies/policy-rules';

/**
 * PATCH /appointment/reschedule/:id: moves the client's booked appointment to another claimable
 * slot of the same provider, in one transaction that also frees the old slot. Only before the
 * appointment's cancellation cut-off (409 CANCEL_WINDOW_PASSED), and into a slot the provider's
 * booking policy allows as if it were a new booking — except that the appointment being moved
 * does not count against the daily cap or the buffer (docs/decisions/047-booking-policies.md).
 */
export async function rescheduleAppointment(
  db: DbOrTx,
  clientUserId: string,
  appointmentId: string,
  newTimeslotId: string,
  changes: AppointmentChanges,
): Promise<AppointmentChange> {
  const actor = { role: 'client' as const, userId: clientUserId };
  const owner = eq(appointments.clientId, clientUserId);
  const change = await inTransaction(db, async (tx) => {
    const [current] = await tx
      .select({
        timeslotId: appointments.timeslotId,
        providerId: appointments.providerId,
        upcoming: sql<boolean>`${isUpcoming}`,
        withinCancelWindow,
        cancelCutoffMinutes: appointments.cancelCutoffMinutes,
        ...timeColumns,
      })
      .from(appointments)
      .where(and(eq(appointments.id, appointmentId), owner))
      .limit(1)
      .for('update');
    if (!current || !current.upcoming) throw await notChangeableError(tx, appointmentId, owner);
    if (current.timeslotId === newTimeslotId) {
      throw ValidationError.field('newTimeslotId', BOOKING_MESSAGES.sameSlot);
    }
    if (!current.withinCancelWindow) throw cancelWindowPassedError(current.cancelCutoffMinutes);
    // Serialise with the provider's other claims, so the daily cap and the buffer count exactly.
    await lockProviderForPolicy(tx, current.providerId);
    const slot = await claimSlot(tx, newTimeslotId, current.providerId, appointmentId);
    if (!slot) {
      throw await unclaimableSlotError(tx, newTimeslotId, current.providerId, appointmentId);
    }
    await freeSlot(tx, current.timeslotId);
    await tx
      .update(appointments)
      .set({ ...heldSlotFields(slot), updatedAt: sql`now()` })
      .where(eq(appointments.id, appointmentId));
    await resnapshotServiceOnReschedule(tx, appointmentId, slot.id);
    await tx.insert(appointmentEvents).values({
      appointmentId,
      providerId: current.providerId,
      clientId: clientUserId,
      type: 'rescheduled',
      actorRole: 'client',
      actorUserId: clientUserId,
      fromTimeslotId: current.timeslotId,
      toTimeslotId: slot.id,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
    });
    const previous: AppointmentTime = {
      day: current.day,
      startTime: current.startTime,
      endTime: current.endTime,
      startsAt: current.startsAt,
      endsAt: current.endsAt,
    };
    return loadChange(tx, changes, appointmentId, 'rescheduled', actor, previous, {
      taken: [slot.id],
      freed: current.timeslotId ? [current.timeslotId] : [],
    });
  });
  await changes.afterCommit(change);
  return change;
}
