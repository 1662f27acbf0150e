import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import type { AppointmentEventType } from '@slotwise/shared/enums';
import { eq } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from '../../db/client';
import { appointments } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { AppointmentChange, AppointmentTime, ChangeActor } from './change';
import type { AppointmentChanges } from './change-fanout';
import { changeOf } from './notice';
import {
  clientUser,
  clientViewColumns,
  providerUser,
  providerViewColumns,
  toClientView,
  toProviderView,
  withBothUsers,
} from './views';

/** The columns a change is built from: both views, and both users' ids and languages. */
export const changeColumns = {
  ...clientViewColumns,
  ...providerViewColumns,
  providerUserId: providerUser.id,
  clientUserId: clientUser.id,
  providerLocale: providerUser.locale,
  clientLocale: clientUser.locale,
};

export type ChangeRow = SelectResultFields<typeof changeColumns>;

/** The change of an appointment read with `changeColumns` (its text built once, notice.ts). */
export function changeFromRow(
  row: ChangeRow,
  type: AppointmentEventType,
  actor: ChangeActor,
  previous: AppointmentTime | null,
  slots: AppointmentChange['slots'],
): AppointmentChange {
  return changeOf({
    slots,
    clientView: toClientView(row),
    providerView: toProviderView(row),
    notice: {
      type,
      appointmentId: row.id,
      actor,
      provider: {
        providerId: row.providerId,
        userId: row.providerUserId,
        firstName: row.providerFirstName,
        lastName: row.providerLastName,
        locale: row.providerLocale,
      },
      client: {
        userId: row.clientUserId,
        firstName: row.clientFirstName,
        lastName: row.clientLastName,
        locale: row.clientLocale,
      },
      serviceType: row.serviceType,
      day: row.day,
      startTime: row.startTime,
      endTime: row.endTime,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      previous,
    },
  });
}

/**
 * Inside a cancel's or reschedule's transaction: reads both views and the notice of the
 * appointment in one query, builds the change, and runs the fan-out's in-transaction phase, so
 * the other party's notification commits (or rolls back) with the change itself.
 */
export async function loadChange(
  tx: DbOrTx,
  changes: AppointmentChanges,
  appointmentId: string,
  type: AppointmentEventType,
  actor: ChangeActor,
  previous: AppointmentTime | null,
  slots: AppointmentChange['slots'],
): Promise<AppointmentChange> {
  const [row] = await withBothUsers(tx.select(changeColumns).from(appointments).$dynamic())
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  if (!row) throw new NotFoundError(BOOKING_MESSAGES.appointmentNotFound);
  const change = changeFromRow(row, type, actor, previous, slots);
  await changes.inTransaction(tx, change);
  return change;
}
