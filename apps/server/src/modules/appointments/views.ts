import type { ClientAppointment, ProviderAppointment } from '@slotwise/shared/appointments-schemas';
import type { AppointmentStatus } from '@slotwise/shared/enums';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { appointments, reviews, users } from '../../db/schema';
import { imageUrl } from '../../images/image-store';
import { serviceSnapshotColumns, serviceSnapshotView } from '../catalogue/appointment-snapshot';
import { providers } from '../../db/schema';
import { cancellableUntil } from '../policies/policy-rules';
import { paymentField, paymentSummaryColumn } from './payment-view';

/** How an appointment reads: the columns and shapes of the client's and the provider's view. */

/** The status users see: a booked appointment whose end has passed is 'completed'. */
export const shownStatus = sql<AppointmentStatus>`(case
  when ${appointments.status} = 'booked' and ${appointments.endsAt} <= now() then 'completed'
  else ${appointments.status} end)`;

/** Booked and not over: the only appointments that can still be canceled or moved. */
export const isUpcoming = sql`(${appointments.status} = 'booked' and ${appointments.endsAt} > now())`;

/** Listed with the upcoming ones: booked or held for its payment, and not over. */
const listedUpcoming = sql`(${appointments.status} in ('booked', 'pending_payment') and ${appointments.endsAt} > now())`;

/** Upcoming appointments first, soonest first; then the rest, most recent first. */
export const listOrder: SQL[] = [
  sql`(case when ${listedUpcoming} then 0 else 1 end)`,
  sql`(case when ${listedUpcoming} then ${appointments.startsAt} end) asc`,
  desc(appointments.startsAt),
  asc(appointments.id),
];

export const providerUser = alias(users, 'provider_user');
export const clientUser = alias(users, 'client_user');

/** Joins an appointments query (`$dynamic()`) to its provider and both users (the aliases above). */
export function withBothUsers<T extends PgSelect>(query: T) {
  return query
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .innerJoin(providerUser, eq(providerUser.id, providers.userId))
    .innerJoin(clientUser, eq(clientUser.id, appointments.clientId));
}

export const timeColumns = {
  day: appointments.day,
  startTime: appointments.startTime,
  endTime: appointments.endTime,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
};

/**
 * The series an occurrence belongs to (docs/decisions/067-seats-and-series.md), else null; its
 * payment (docs/decisions/068-payments.md), else null.
 */
const seriesColumn = { seriesId: appointments.seriesId, payment: paymentSummaryColumn };

export const clientViewColumns = {
  id: appointments.id,
  timeslotId: appointments.timeslotId,
  providerId: appointments.providerId,
  status: shownStatus,
  serviceType: appointments.serviceType,
  ...serviceSnapshotColumns,
  ...timeColumns,
  providerFirstName: providerUser.firstName,
  providerLastName: providerUser.lastName,
  providerSpecialty: providers.specialty,
  providerImageId: providerUser.profileImageId,
  /** The client has reviewed it (one review per appointment: an index lookup). */
  reviewed: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.appointmentId} = ${appointments.id})`,
  /** An operator hid the client's review of it (docs/product.md §19.3): shown to them marked so. */
  reviewHidden: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.appointmentId} = ${appointments.id} and ${reviews.hiddenAt} is not null)`,
  /** The provider is suspended (docs/product.md §19.4): the client may cancel whatever the cut-off. */
  providerSuspended: sql<boolean>`(${providers.suspendedAt} is not null)`,
  cancelCutoffMinutes: appointments.cancelCutoffMinutes,
  ...seriesColumn,
};

export const providerViewColumns = {
  id: appointments.id,
  timeslotId: appointments.timeslotId,
  status: shownStatus,
  serviceType: appointments.serviceType,
  ...serviceSnapshotColumns,
  ...timeColumns,
  // What a provider sees of a client: the name, nothing else (no email, no id).
  clientFirstName: clientUser.firstName,
  clientLastName: clientUser.lastName,
  ...seriesColumn,
};

type ClientViewRow = SelectResultFields<typeof clientViewColumns>;
type ProviderViewRow = SelectResultFields<typeof providerViewColumns>;

/** The fields both views share, in the API's names. */
function commonView(row: ClientViewRow | ProviderViewRow) {
  return {
    appointment_id: row.id,
    id: row.id,
    timeslot_id: row.timeslotId,
    day: row.day,
    start_time: row.startTime,
    end_time: row.endTime,
    status: row.status,
    service_type: row.serviceType,
    ...serviceSnapshotView(row),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    series_id: row.seriesId,
    ...paymentField(row.payment),
  };
}

export function toClientView(row: ClientViewRow): ClientAppointment {
  return {
    ...commonView(row),
    provider_id: row.providerId,
    provider_first_name: row.providerFirstName,
    provider_last_name: row.providerLastName,
    provider_specialty: row.providerSpecialty,
    provider_profile_image_url: imageUrl(row.providerImageId),
    reviewed: row.reviewed,
    review_hidden: row.reviewHidden,
    provider_suspended: row.providerSuspended,
    cancellable_until: row.providerSuspended
      ? null
      : cancellableUntil(row.startsAt, row.cancelCutoffMinutes),
  };
}

export function toProviderView(row: ProviderViewRow): ProviderAppointment {
  return {
    ...commonView(row),
    client_first_name: row.clientFirstName,
    client_last_name: row.clientLastName,
  };
}
