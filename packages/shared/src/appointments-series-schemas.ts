import { englishText, type Translate } from './english-text';
import { msg } from './locales';
import { z } from './zod';
import { BOOKING_MESSAGES } from './appointments-booking-schemas';
import { clientAppointmentSchema } from './appointments-schemas';

/**
 * Classes and series (docs/decisions/067-seats-and-series.md): a slot's seats and a client's
 * repeated booking, written once for the forms and the server.
 */

export const MIN_CAPACITY = 1;
export const MAX_CAPACITY = 100;
export const SERIES_INTERVAL_WEEKS = [1, 2, 3, 4] as const;
export const MIN_SERIES_COUNT = 2;
export const MAX_SERIES_COUNT = 26;

export const SEATS_MESSAGES = {
  capacityInvalid: msg('Seats must be a whole number from 1 to 100'),
  capacityBelowBooked: msg('This slot already has more bookings than that. Cancel some first.'),
  intervalInvalid: msg('Repeat every 1 to 4 weeks'),
  countInvalid: msg('Repeat 2 to 26 times'),
  seriesNotFound: msg('Series not found'),
  notInSeries: msg('This appointment is not part of the series'),
  classCanceled: msg('Class canceled'),
  slotNotFound: msg('Time slot not found'),
  seriesBooked: msg('Series booked'),
  seriesCanceled: msg('Series canceled'),
  invalidSeriesId: msg('Invalid series id'),
} as const;

/** Seats of a slot or of the slots weekly hours make: 1 (one client, SPEC's slot) to 100. */
export const capacityField = z.coerce
  .number({ error: SEATS_MESSAGES.capacityInvalid })
  .int(SEATS_MESSAGES.capacityInvalid)
  .min(MIN_CAPACITY, SEATS_MESSAGES.capacityInvalid)
  .max(MAX_CAPACITY, SEATS_MESSAGES.capacityInvalid);

/** "3 of 12 left" (a class), null for a one-client slot (SPEC shows no count there). */
export function seatsLeftText(
  slot: { capacity?: number; seats_left?: number },
  t: Translate = englishText,
): string | null {
  const capacity = slot.capacity ?? 1;
  if (capacity <= 1) return null;
  return t('{{left}} of {{capacity}} left', { left: slot.seats_left ?? capacity, capacity });
}

/** POST /appointment/series. */
export const bookSeriesBodySchema = z.object({
  timeslotId: z
    .string({ error: msg('Please select a time slot') })
    .trim()
    .pipe(z.uuid(BOOKING_MESSAGES.invalidTimeslotId)),
  intervalWeeks: z.coerce
    .number({ error: SEATS_MESSAGES.intervalInvalid })
    .int(SEATS_MESSAGES.intervalInvalid)
    .min(1, SEATS_MESSAGES.intervalInvalid)
    .max(4, SEATS_MESSAGES.intervalInvalid),
  count: z.coerce
    .number({ error: SEATS_MESSAGES.countInvalid })
    .int(SEATS_MESSAGES.countInvalid)
    .min(MIN_SERIES_COUNT, SEATS_MESSAGES.countInvalid)
    .max(MAX_SERIES_COUNT, SEATS_MESSAGES.countInvalid),
});
export type BookSeriesBody = z.input<typeof bookSeriesBodySchema>;

/** Why a week of a series has no booking. */
export const SERIES_CONFLICT_REASONS = [
  'taken', // the matching slot is full, or the client could not get it
  'time_off', // the provider is away that day
  'outside_horizon', // past the provider's booking horizon (or their generated weeks)
  'policy', // refused by the booking policy (notice, daily cap, buffer)
  'no_slot', // the provider offers no slot at that time and service that day
] as const;
export type SeriesConflictReason = (typeof SERIES_CONFLICT_REASONS)[number];

export const SERIES_CONFLICT_TEXTS: Record<SeriesConflictReason, string> = {
  taken: msg('already taken'),
  time_off: msg('the provider is away'),
  outside_horizon: msg('too far ahead to book'),
  policy: msg("not allowed by the provider's booking rules"),
  no_slot: msg('no matching time that day'),
};

export const seriesConflictSchema = z.object({
  date: z.string(),
  reason: z.enum(SERIES_CONFLICT_REASONS),
});
export type SeriesConflict = z.infer<typeof seriesConflictSchema>;

/** The `:id` of PATCH /appointment/series/:id/cancel. */
export const seriesIdParamsSchema = z.object({ id: z.uuid(SEATS_MESSAGES.invalidSeriesId) });

/** PATCH /appointment/series/:id/cancel: the whole series, or one occurrence and those after it. */
export const cancelSeriesBodySchema = z.object({
  fromAppointmentId: z.uuid(BOOKING_MESSAGES.invalidAppointmentId).optional(),
});
export type CancelSeriesBody = z.input<typeof cancelSeriesBodySchema>;

/** 201 of POST /appointment/series: the occurrences booked and the weeks that could not be. */
export const bookSeriesResponseSchema = z.object({
  message: z.string(),
  series: z.object({ id: z.string(), interval_weeks: z.number(), count: z.number() }),
  appointments: z.array(clientAppointmentSchema),
  conflicts: z.array(seriesConflictSchema),
});
export type BookSeriesResponse = z.infer<typeof bookSeriesResponseSchema>;

/** 200 of PATCH /appointment/series/:id/cancel: the occurrences it canceled. */
export const cancelSeriesResponseSchema = z.object({
  message: z.string(),
  canceled: z.array(z.string()),
});
export type CancelSeriesResponse = z.infer<typeof cancelSeriesResponseSchema>;

/** One attendee of a class, as its provider sees them (first and last name only). */
export const attendeeSchema = z.object({
  appointment_id: z.string(),
  client_first_name: z.string(),
  client_last_name: z.string(),
});
export type Attendee = z.infer<typeof attendeeSchema>;

/** 200 of PATCH /appointment/provider/cancel-class/:id: the seats it canceled. */
export const cancelClassResponseSchema = z.object({
  message: z.string(),
  canceled: z.array(z.string()),
});
export type CancelClassResponse = z.infer<typeof cancelClassResponseSchema>;

/** The slot of PATCH /appointment/provider/cancel-class/:id. */
export const classSlotParamsSchema = z.object({
  id: z.uuid(BOOKING_MESSAGES.invalidTimeslotId),
});
