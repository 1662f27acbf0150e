import { z } from './zod';
import { msg } from './locales';
import { APPOINTMENT_STATUSES } from './enums';
import { paymentSummarySchema } from './payments-schemas';
import { BOOKING_MESSAGES, positiveInt } from './appointments-booking-schemas';

/**
 * Appointments (docs/product.md §3, §7): the appointment lists' page queries and the appointment
 * shapes of the client and provider views. Field names follow docs/product.md §3 (snake_case
 * where SPEC shows it).
 */

/**
 * Appointment lists (GET /appointment/view, /appointment/provider/view): opt-in keyset pages,
 * upcoming first (soonest first), then the rest (most recent first)
 * (docs/decisions/052-paginated-appointment-lists.md).
 */
export const APPOINTMENTS_DEFAULT_LIMIT = 20;
export const APPOINTMENTS_MAX_LIMIT = 50;
/** A cursor the server made is about 110 characters; anything much longer is not one. */
export const APPOINTMENTS_MAX_CURSOR_LENGTH = 200;

export const APPOINTMENT_LIST_MESSAGES = {
  invalidCursor: msg('This list has changed. Please reload it.'),
  loadMore: msg('Load more'),
  loadingMore: msg('Loading more...'),
} as const;

/** `?limit=&cursor=`; both absent: SPEC's whole list. */
export const appointmentsPageQueryShape = {
  limit: positiveInt(BOOKING_MESSAGES.invalidLimit, APPOINTMENTS_MAX_LIMIT).optional(),
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z
    .string()
    .max(APPOINTMENTS_MAX_CURSOR_LENGTH, APPOINTMENT_LIST_MESSAGES.invalidCursor)
    .optional(),
};

/** GET /appointment/view. */
export const clientAppointmentsQuerySchema = z.object(appointmentsPageQueryShape);
export type ClientAppointmentsQuery = z.input<typeof clientAppointmentsQuerySchema>;

// ---- Responses ---------------------------------------------------------------------------------

/** What both views of an appointment show: when, what, and its status. */
const appointmentBaseSchema = z.object({
  appointment_id: z.string(),
  id: z.string(),
  timeslot_id: z.string().nullable(),
  day: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  service_type: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** The service and price as booked (null when the slot named no service; docs/product.md §11). */
  service_name: z.string().nullable().optional(),
  price_cents: z.number().nullable().optional(),
  currency: z.string().nullable().optional(),
  /** The series this occurrence belongs to (docs/decisions/067-seats-and-series.md), else null. */
  series_id: z.string().nullable().optional(),
  /** Its payment when the service takes money (docs/decisions/068-payments.md), else null. */
  payment: paymentSummarySchema.nullable().optional(),
});

/**
 * docs/product.md §3 appointment (client view). `status` is 'completed' for a booked appointment whose end
 * has passed. `timeslot_id` is null only if the provider later deleted the freed slot.
 */
export const clientAppointmentSchema = appointmentBaseSchema.extend({
  provider_id: z.string(),
  provider_first_name: z.string(),
  provider_last_name: z.string(),
  provider_specialty: z.string().nullable(),
  provider_profile_image_url: z.string().nullable(),
  /** The client has reviewed this appointment (docs/decisions/045-reviews-and-ratings.md). */
  reviewed: z.boolean().optional(),
  /** An operator hid the client's review of it (docs/product.md §19.3); shown to them marked hidden. */
  review_hidden: z.boolean().optional(),
  /** The provider is suspended (docs/product.md §19.4): cancelling costs no fee, whatever the cut-off. */
  provider_suspended: z.boolean().optional(),
  /** Last instant the client may cancel or reschedule (booking policy cut-off); null: no cut-off. */
  cancellable_until: z.string().nullable().optional(),
});
export type ClientAppointment = z.infer<typeof clientAppointmentSchema>;

/** docs/product.md §3 appointment (provider list). Of the client, only the first and last name. */
export const providerAppointmentSchema = appointmentBaseSchema.extend({
  client_first_name: z.string(),
  client_last_name: z.string(),
});
export type ProviderAppointment = z.infer<typeof providerAppointmentSchema>;

/**
 * Only in a paginated answer (`?limit=` or `?cursor=` given): the next page's cursor, null at the
 * end. Without them the answer is SPEC's `{appointments}`, every appointment, no other key
 * (docs/decisions/052-paginated-appointment-lists.md).
 */
const nextCursorField = z.string().nullable().optional();

export const clientAppointmentsResponseSchema = z.object({
  appointments: z.array(clientAppointmentSchema),
  nextCursor: nextCursorField,
});
export type ClientAppointmentsResponse = z.infer<typeof clientAppointmentsResponseSchema>;

export const providerAppointmentsResponseSchema = z.object({
  appointments: z.array(providerAppointmentSchema),
  nextCursor: nextCursorField,
});
export type ProviderAppointmentsResponse = z.infer<typeof providerAppointmentsResponseSchema>;

/** Booking, client cancel and reschedule: the toast text and the appointment as it is now. */
export const clientAppointmentMessageResponseSchema = z.object({
  message: z.string(),
  appointment: clientAppointmentSchema,
});
export type ClientAppointmentMessageResponse = z.infer<
  typeof clientAppointmentMessageResponseSchema
>;

/** Provider cancel: the toast text and the appointment as it is now. */
export const providerAppointmentMessageResponseSchema = z.object({
  message: z.string(),
  appointment: providerAppointmentSchema,
});
export type ProviderAppointmentMessageResponse = z.infer<
  typeof providerAppointmentMessageResponseSchema
>;
