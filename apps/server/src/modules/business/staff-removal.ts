import { BUSINESS_MESSAGES } from '@slotwise/shared/business-schemas';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments, businessStaff, users } from '../../db/schema';
import { ConflictError } from '../../errors';
import { toIso } from '../../lib/iso';
import { cancelAppointmentAs } from '../appointments/cancel';
import type { AppointmentChanges } from '../appointments/change-fanout';
import { staffMemberOf } from './service';

/**
 * Removing a staff member never cancels silently (docs/product.md §13.1): with upcoming bookings
 * the owner must choose `keep` (they stay with the provider, who goes on alone) or `cancel`
 * (each is canceled as the provider's cancel: the client is told by notification and mail).
 */

const upcomingOf = (staffId: string) =>
  and(
    eq(appointments.providerId, staffId),
    eq(appointments.status, 'booked'),
    gt(appointments.endsAt, sql`now()`),
  );

/** GET /business/staff/:providerId/upcoming. */
export async function upcomingOfStaff(db: DbOrTx, ownerProviderId: string, staffId: string) {
  await staffMemberOf(db, ownerProviderId, staffId);
  const rows = await db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      first: users.firstName,
      last: users.lastName,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.clientId))
    .where(upcomingOf(staffId))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  return rows.map((row) => ({
    id: row.id,
    starts_at: toIso(row.startsAt),
    client_name: `${row.first} ${row.last}`.trim(),
  }));
}

/** DELETE /business/staff/:providerId?futureBookings=keep|cancel. */
export async function removeStaff(
  db: DbOrTx,
  owner: { providerId: string; userId: string },
  staffId: string,
  futureBookings: 'keep' | 'cancel' | undefined,
  changes: AppointmentChanges,
): Promise<{ canceled: number }> {
  const businessId = await staffMemberOf(db, owner.providerId, staffId);
  const upcoming = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(upcomingOf(staffId));
  if (upcoming.length > 0 && futureBookings === undefined) {
    throw new ConflictError('STAFF_HAS_BOOKINGS', BUSINESS_MESSAGES.staffHasBookings);
  }
  let canceled = 0;
  if (futureBookings === 'cancel') {
    for (const { id } of upcoming) {
      // The owner acts for the staff member, as the owner does on their calendar.
      await cancelAppointmentAs(
        db,
        { role: 'provider', userId: owner.userId, providerId: staffId },
        id,
        changes,
      ).then(
        () => canceled++,
        // Canceled or over meanwhile: nothing left to do for it.
        (error: unknown) => {
          if (!(error instanceof ConflictError) || error.code !== 'INVALID_STATE') throw error;
        },
      );
    }
  }
  await db
    .delete(businessStaff)
    .where(and(eq(businessStaff.businessId, businessId), eq(businessStaff.providerId, staffId)));
  return { canceled };
}
