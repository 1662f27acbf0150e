import { z } from './zod';
import { bookingPolicySchema } from './policy-schemas';
import { isIsoDate } from './calendar';
import { APPOINTMENT_STATUSES } from './enums';
import { MESSAGES } from './messages';
import { timeslotResponseSchema } from './timeslot-schemas';

/**
 * Discovery and booking (docs/product.md §2, §3, §7, §10): request schemas used by the server's routes
 * and the web forms, and the response shapes both sides rely on. Field names follow docs/product.md §3
 * (snake_case where SPEC shows it). Decisions: docs/decisions/029-no-double-booking.md.
 */

/** Our own texts where SPEC has none ('Provider not found' is docs/product.md §2's provider-detail text). */
export const BOOKING_MESSAGES = {
  providerNotFound: 'Provider not found',
  timeslotNotFound: 'Time slot not found',
  appointmentNotFound: 'Appointment not found',
  invalidTimeslotId: 'Invalid time slot id',
  invalidAppointmentId: 'Invalid appointment id',
  slotTaken: 'This time slot has just been booked by someone else. Please choose another one.',
  slotInPast: 'This time slot has already started and can no longer be booked',
  alreadyCanceled: 'This appointment has already been canceled',
  alreadyCompleted: 'This appointment has already taken place',
  otherProvider: 'You can only move an appointment to another time slot of the same provider',
  sameSlot: 'The appointment is already at this time. Please choose a different time slot.',
  invalidDate: 'Date must be a valid date (YYYY-MM-DD)',
  toBeforeFrom: "'to' must be on or after 'from'",
  queryTooLong: 'Search text must be at most 100 characters',
  invalidPage: 'Page must be a whole number from 1',
  invalidLimit: `Limit must be a whole number from 1 to 50`,
} as const;

export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;
/** Deep pages cost an OFFSET scan each; nobody pages this far through a local marketplace. */
export const SEARCH_MAX_PAGE = 1000;
export const SEARCH_MAX_QUERY_LENGTH = 100;
/** docs/product.md §9: the client's search box searches from this many characters on. */
export const SEARCH_MIN_QUERY_LENGTH = 2;

// ---- Requests ----------------------------------------------------------------------------------

/** A required time-slot id: missing → 'Please select a time slot' (docs/product.md §5), malformed → 400. */
function timeslotIdField() {
  return z
    .string({ error: MESSAGES.selectTimeSlot })
    .trim()
    .min(1, MESSAGES.selectTimeSlot)
    .pipe(z.uuid(BOOKING_MESSAGES.invalidTimeslotId));
}

/** POST /appointment/booking (docs/product.md §7). */
export const bookingBodySchema = z.object(
  { timeslotId: timeslotIdField() },
  { error: MESSAGES.selectTimeSlot },
);
export type BookingBody = z.input<typeof bookingBodySchema>;

/** PATCH /appointment/reschedule/:id (docs/product.md §7); also the reschedule modal's form. */
export const rescheduleBodySchema = z.object(
  { newTimeslotId: timeslotIdField() },
  { error: MESSAGES.selectTimeSlot },
);
export type RescheduleBody = z.input<typeof rescheduleBodySchema>;

/** `:id` of the appointment endpoints. */
export const appointmentIdParamsSchema = z.object({
  id: z.uuid(BOOKING_MESSAGES.invalidAppointmentId),
});

function positiveInt(message: string, max: number) {
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);
}

/** GET /search/providers?q=&specialty=&page=&limit= */
export const providerSearchQuerySchema = z.object({
  /** Matched against first name, last name and specialty; every word must appear. */
  q: z.string().trim().max(SEARCH_MAX_QUERY_LENGTH, BOOKING_MESSAGES.queryTooLong).optional(),
  /** Case-insensitive "contains" filter on the specialty (e.g. `plumb` → Plumber). */
  specialty: z.string().trim().max(80).optional(),
  page: positiveInt(BOOKING_MESSAGES.invalidPage, SEARCH_MAX_PAGE).optional().default(1),
  limit: positiveInt(BOOKING_MESSAGES.invalidLimit, SEARCH_MAX_LIMIT)
    .optional()
    .default(SEARCH_DEFAULT_LIMIT),
  /** `rating`: best first by the Bayesian average (docs/decisions/045-reviews-and-ratings.md). */
  sort: z.enum(['relevance', 'rating']).optional(),
});
export type ProviderSearchQuery = z.input<typeof providerSearchQuerySchema>;

const optionalDay = z.string().trim().refine(isIsoDate, BOOKING_MESSAGES.invalidDate).optional();

/** GET /search/providers/:id/available-slots?from=&to= (days in the provider's zone, inclusive). */
export const availableSlotsQuerySchema = z
  .object({ from: optionalDay, to: optionalDay })
  .refine((v) => !v.from || !v.to || v.to >= v.from, {
    path: ['to'],
    message: BOOKING_MESSAGES.toBeforeFrom,
  });
export type AvailableSlotsQuery = z.input<typeof availableSlotsQuerySchema>;

// ---- Responses ---------------------------------------------------------------------------------

/** docs/product.md §3 provider (listing/search). */
export const providerListingSchema = z.object({
  provider_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  specialty: z.string(),
  bio: z.string(),
  profile_image_url: z.string().nullable(),
  /** Mean rating, one decimal; null without reviews. */
  rating: z.number().nullable(),
  review_count: z.number(),
});
export type ProviderListing = z.infer<typeof providerListingSchema>;

export const providerSearchResponseSchema = z.object({
  providers: z.array(providerListingSchema),
  page: z.number(),
  limit: z.number(),
  /** Every match, across all pages. */
  total: z.number(),
});
export type ProviderSearchResponse = z.infer<typeof providerSearchResponseSchema>;

/** docs/product.md §3 provider detail, plus its provider_id. */
export const providerDetailSchema = z.object({
  provider_id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  specialty: z.string(),
  bio: z.string(),
  profileImageUrl: z.string().nullable(),
  /** Mean rating, one decimal; null without reviews. */
  rating: z.number().nullable(),
  reviewCount: z.number(),
  /** The provider's booking policy, stated on the provider page (docs/product.md §11.4). */
  bookingPolicy: bookingPolicySchema.optional(),
});
export type ProviderDetail = z.infer<typeof providerDetailSchema>;

export const providerDetailResponseSchema = z.object({ provider: providerDetailSchema });
export type ProviderDetailResponse = z.infer<typeof providerDetailResponseSchema>;

/** docs/product.md §3 time slot as a client sees it (always free): day and times in the provider's zone. */
export const availableSlotSchema = timeslotResponseSchema.omit({ is_booked: true }).extend({
  /** The same start and end as ISO instants, for showing them in the viewer's own zone. */
  starts_at: z.string(),
  ends_at: z.string(),
});
export type AvailableSlot = z.infer<typeof availableSlotSchema>;

export const availableSlotsResponseSchema = z.object({
  availableSlots: z.array(availableSlotSchema),
});
export type AvailableSlotsResponse = z.infer<typeof availableSlotsResponseSchema>;

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

export const clientAppointmentsResponseSchema = z.object({
  appointments: z.array(clientAppointmentSchema),
});
export type ClientAppointmentsResponse = z.infer<typeof clientAppointmentsResponseSchema>;

export const providerAppointmentsResponseSchema = z.object({
  appointments: z.array(providerAppointmentSchema),
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
