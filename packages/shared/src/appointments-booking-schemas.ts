import { z } from './zod';
import { msg } from './locales';
import { MESSAGES } from './texts';

/**
 * Booking (docs/product.md §7): the request schemas of booking, rescheduling and the appointment
 * endpoints, and the texts they answer with. Field names follow docs/product.md §3 (snake_case
 * where SPEC shows it). Decisions: docs/decisions/029-no-double-booking.md. Discovery's shapes are
 * in discovery-schemas.ts, the appointment lists' in appointments-schemas.ts.
 */

/** Our own texts where SPEC has none ('Provider not found' is docs/product.md §2's provider-detail text). */
export const BOOKING_MESSAGES = {
  providerNotFound: msg('Provider not found'),
  timeslotNotFound: msg('Time slot not found'),
  appointmentNotFound: msg('Appointment not found'),
  invalidTimeslotId: msg('Invalid time slot id'),
  invalidAppointmentId: msg('Invalid appointment id'),
  slotTaken: msg('This time slot has just been booked by someone else. Please choose another one.'),
  slotInPast: msg('This time slot has already started and can no longer be booked'),
  alreadyBooked: msg('You have already booked a seat at this time.'),
  alreadyCanceled: msg('This appointment has already been canceled'),
  alreadyCompleted: msg('This appointment has already taken place'),
  otherProvider: msg('You can only move an appointment to another time slot of the same provider'),
  sameSlot: msg('The appointment is already at this time. Please choose a different time slot.'),
  invalidDate: msg('Date must be a valid date (YYYY-MM-DD)'),
  toBeforeFrom: msg("'to' must be on or after 'from'"),
  queryTooLong: msg('Search text must be at most 100 characters'),
  invalidPage: msg('Page must be a whole number from 1'),
  invalidLimit: msg('Limit must be a whole number from 1 to 50'),
} as const;

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

/** A whole number from 1 to `max` (query strings: coerced), every failure worded `message`. */
export function positiveInt(message: string, max: number) {
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);
}

/**
 * POST /appointment/booking's body before it is told apart (docs/product.md §13.2): a body with
 * `businessId` books "any staff" (business-schemas.ts anyStaffBookingBodySchema), any other one
 * is `bookingBodySchema`'s.
 */
export const bookingRequestBodySchema = z.looseObject({}, { error: MESSAGES.selectTimeSlot });
export const isAnyStaffBooking = (body: Record<string, unknown>) => 'businessId' in body;
