import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments, services, timeslots } from '../../db/schema';

/**
 * Appointments keep the service and price they were booked at (docs/decisions/041-catalogue.md):
 * the booking statement copies the slot's service name, price and currency into the
 * appointment; later edits of the service do not rewrite it. Kept here, apart from the booking
 * code, so the appointments module only carries the few lines that call it.
 */

/** The appointment's copy, for the client and provider views. */
export const serviceSnapshotColumns = {
  serviceName: appointments.serviceName,
  priceCents: appointments.priceCents,
  currency: appointments.currency,
};

/** The slot's service as read before a booking (left join on services). */
export const slotServiceColumns = {
  serviceId: timeslots.serviceId,
  serviceName: services.name,
  priceCents: services.priceCents,
  currency: services.currency,
  /** What the booking takes (docs/decisions/068-payments.md); null: the slot names no service. */
  paymentMode: services.paymentMode,
  depositCents: services.depositCents,
};

export interface ServiceSnapshot {
  serviceName: string | null;
  priceCents: number | null;
  currency: string | null;
}

export function snapshotOf(row: ServiceSnapshot): ServiceSnapshot {
  return { serviceName: row.serviceName, priceCents: row.priceCents, currency: row.currency };
}

/** The snake_case fields the appointment answers gain (docs/product.md §11, additive). */
export function serviceSnapshotView(row: ServiceSnapshot) {
  return { service_name: row.serviceName, price_cents: row.priceCents, currency: row.currency };
}

/**
 * A reschedule to a slot of the SAME service keeps the price agreed at booking; a slot of
 * another service (or of none) takes that service's current name and price.
 */
export async function resnapshotServiceOnReschedule(
  tx: DbOrTx,
  appointmentId: string,
  newTimeslotId: string,
): Promise<void> {
  await tx.execute(sql`
    update ${appointments} a
    set service_id = s.id, service_name = s.name, price_cents = s.price_cents,
        currency = s.currency
    from ${timeslots} t left join ${services} s on s.id = t.service_id
    where a.id = ${appointmentId} and t.id = ${newTimeslotId}
      and a.service_id is distinct from t.service_id`);
}
