import type { ClientAppointment, ProviderAppointment } from '@slotwise/shared/booking-types';
import type { AppointmentStatus } from '@slotwise/shared/enums';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments, providers } from '../../db/schema';
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
