import { and, eq, not, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointmentEvents, appointments } from '../../db/schema';
import type { AppointmentChange, ChangeActor, ProviderActor } from './change';
import type { AppointmentChanges } from './change-fanout';
import { freeSlot } from './claimable-slot';
import { loadChange } from './load-change';
import { inTransaction, notChangeableError } from './transaction';
import { isUpcoming } from './views';
import { cancelWindowPassedError, withinCancelWindow } from '../policies/policy-rules';

/**
 * The appointment's provider is suspended (docs/product.md §19.4): their clients may cancel
 * whatever the cut-off, at no fee. One probe of the providers primary key.
 */
export const appointmentProviderIsSuspended = sql<boolean>`exists (select 1 from providers suspended_provider
  where suspended_provider.id = ${appointments.providerId} and suspended_provider.suspended_at is not null)`;

/** Why a cancel found nothing: past the client's cut-off (409), else not booked-and-upcoming. */
async function notCancelableError(
  tx: DbOrTx,
  actor: ChangeActor,
  appointmentId: string,
  owner: SQL | undefined,
) {
  if (actor.role === 'client') {
    const [late] = await tx
      .select({ cutoff: appointments.cancelCutoffMinutes })
      .from(appointments)
      .where(and(eq(appointments.id, appointmentId), owner, isUpcoming, not(withinCancelWindow)))
      .limit(1);
    if (late) return cancelWindowPassedError(late.cutoff);
  }
  return notChangeableError(tx, appointmentId, owner);
}

/**
 * A client cancels only until the appointment's cut-off (docs/decisions/047-booking-policies.md),
 * or until it is over when the provider is suspended (docs/product.md §19.4); the provider until it is over (the client is told by the change's notification).
 */
async function cancelAppointment(
  db: DbOrTx,
  changes: AppointmentChanges,
  actor: ChangeActor,
  owner: SQL | undefined,
  appointmentId: string,
  cutoff = actor.role === 'client',
): Promise<AppointmentChange> {
  const change = await inTransaction(db, async (tx) => {
    // Only while booked and not over; the row lock serializes it with a concurrent reschedule.
    const [canceled] = await tx
      .update(appointments)
      .set({
        status: 'canceled',
        canceledAt: sql`now()`,
        canceledBy: actor.role,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(appointments.id, appointmentId),
          owner,
          isUpcoming,
          cutoff ? or(withinCancelWindow, appointmentProviderIsSuspended) : undefined,
        ),
      )
      .returning({
        timeslotId: appointments.timeslotId,
        providerId: appointments.providerId,
        clientId: appointments.clientId,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
      });
    if (!canceled) throw await notCancelableError(tx, actor, appointmentId, owner);
    await freeSlot(tx, canceled.timeslotId);
    await tx.insert(appointmentEvents).values({
      appointmentId,
      providerId: canceled.providerId,
      clientId: canceled.clientId,
      type: 'canceled',
      actorRole: actor.role,
      actorUserId: actor.userId,
      fromTimeslotId: canceled.timeslotId,
      startsAt: canceled.startsAt,
      endsAt: canceled.endsAt,
    });
    const freed = canceled.timeslotId ? [canceled.timeslotId] : [];
    return loadChange(tx, changes, appointmentId, 'canceled', actor, null, { taken: [], freed });
  });
  await changes.afterCommit(change);
  return change;
}

/** Who cancels: the client of the appointment, or its provider. */
export type Canceler = { role: 'client'; userId: string } | ({ role: 'provider' } & ProviderActor);

/**
 * PATCH /appointment/cancel/:id (the client cancels their own booked appointment) and
 * PATCH /appointment/provider/cancel/:id (the provider cancels one of theirs).
 */
export function cancelAppointmentAs(
  db: DbOrTx,
  canceler: Canceler,
  appointmentId: string,
  changes: AppointmentChanges,
  /** false: no cut-off (an erased account's, below); else a client's cut-off applies. */
  cutoff?: boolean,
): Promise<AppointmentChange> {
  const owner =
    canceler.role === 'client'
      ? eq(appointments.clientId, canceler.userId)
      : eq(appointments.providerId, canceler.providerId);
  const actor = { role: canceler.role, userId: canceler.userId };
  return cancelAppointment(db, changes, actor, owner, appointmentId, cutoff);
}

/**
 * An erased account's appointment still to come (docs/product.md §19.5): cancelled by its owner
 * as any cancel (the other party told), whatever the client's cut-off; `changes` decides the
 * fee (none) and when the after-commit effects run.
 */
export function cancelOnErasure(
  db: DbOrTx,
  canceler: Canceler,
  appointmentId: string,
  changes: AppointmentChanges,
): Promise<AppointmentChange> {
  return cancelAppointmentAs(db, canceler, appointmentId, changes, false);
}
