import {
  type CancellationFeeTier,
  cancellationFeesField,
  noShowFeePercentField,
} from './payments-schemas';
import { z } from './zod';

/**
 * Booking policies per provider (docs/product.md §11.4, docs/decisions/047-booking-policies.md):
 * the limits, the form's and the server's schema, the refusals' messages and the plain-language
 * sentences the settings form and the provider page show.
 */

export const MAX_MIN_NOTICE_MINUTES = 30 * 24 * 60;
export const MIN_ADVANCE_DAYS = 1;
export const MAX_ADVANCE_DAYS = 730;
export const MAX_BUFFER_MINUTES = 240;
export const MAX_PER_DAY = 100;
export const MAX_CANCEL_CUTOFF_MINUTES = 14 * 24 * 60;

export interface BookingPolicy {
  minNoticeMinutes: number;
  maxAdvanceDays: number;
  bufferMinutes: number;
  /** Null: no daily cap. */
  maxPerDay: number | null;
  cancelCutoffMinutes: number;
  /** Fees kept when a client cancels (docs/decisions/068-payments.md); [] = none. */
  cancellationFees: CancellationFeeTier[];
  /** Percent of the price a no-show costs; 0 = none. */
  noShowFeePercent: number;
}

export const DEFAULT_BOOKING_POLICY: BookingPolicy = {
  minNoticeMinutes: 0,
  maxAdvanceDays: 90,
  bufferMinutes: 0,
  maxPerDay: null,
  cancelCutoffMinutes: 0,
  cancellationFees: [],
  noShowFeePercent: 0,
};

export const POLICY_MESSAGES = {
  minNoticeInvalid: `Minimum notice must be a whole number of minutes from 0 to ${MAX_MIN_NOTICE_MINUTES}`,
  maxAdvanceInvalid: `Booking horizon must be a whole number of days from ${MIN_ADVANCE_DAYS} to ${MAX_ADVANCE_DAYS}`,
  bufferInvalid: `Buffer must be a whole number of minutes from 0 to ${MAX_BUFFER_MINUTES}`,
  maxPerDayInvalid: `Daily limit must be empty (no limit) or a whole number from 1 to ${MAX_PER_DAY}`,
  cancelCutoffInvalid: `Cancellation cut-off must be a whole number of minutes from 0 to ${MAX_CANCEL_CUTOFF_MINUTES}`,
  minNoticeHoursInvalid: `Minimum notice must be a number of hours from 0 to ${MAX_MIN_NOTICE_MINUTES / 60}`,
  cancelCutoffHoursInvalid: `Cancellation cut-off must be a number of hours from 0 to ${MAX_CANCEL_CUTOFF_MINUTES / 60}`,
  saved: 'Booking policy saved',
  dailyLimitReached: 'This provider takes no more bookings on that day',
  bufferConflict: 'This provider needs a break between appointments; choose another time',
} as const;

/** "2 hours", "90 minutes", "1 day": a duration in minutes as people say it. */
export function durationText(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes % (24 * 60) === 0 && minutes > 0) return plural(minutes / (24 * 60), 'day');
  if (minutes % 60 === 0 && minutes > 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

/** The possessive of a duration: "2 hours'", "1 day's". */
function durationPossessive(minutes: number): string {
  const text = durationText(minutes);
  return text.endsWith('s') ? `${text}'` : `${text}'s`;
}

export function tooSoonMessage(minNoticeMinutes: number): string {
  return `This provider needs at least ${durationPossessive(minNoticeMinutes)} notice`;
}

export function tooFarAheadMessage(maxAdvanceDays: number): string {
  return `This provider takes bookings at most ${durationText(maxAdvanceDays * 24 * 60)} ahead`;
}

export function cancelWindowPassedMessage(cancelCutoffMinutes: number): string {
  return `Free cancellation ends ${durationText(cancelCutoffMinutes)} before the appointment; please contact the provider`;
}

/** The policy in plain language, one sentence per rule that is set (settings help, provider page). */
export function policySentences(policy: BookingPolicy): string[] {
  const sentences: string[] = [];
  if (policy.minNoticeMinutes > 0) {
    sentences.push(`Clients can't book less than ${durationText(policy.minNoticeMinutes)} ahead`);
  }
  sentences.push(`Bookings open up to ${durationText(policy.maxAdvanceDays * 24 * 60)} ahead`);
  if (policy.bufferMinutes > 0) {
    sentences.push(`${durationText(policy.bufferMinutes)} kept free between appointments`);
  }
  if (policy.maxPerDay !== null) {
    sentences.push(
      `At most ${policy.maxPerDay} appointment${policy.maxPerDay === 1 ? '' : 's'} a day`,
    );
  }
  if (policy.cancelCutoffMinutes > 0) {
    sentences.push(
      `Free cancellation until ${durationText(policy.cancelCutoffMinutes)} before the appointment`,
    );
  }
  return sentences;
}

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const bookingPolicySchema = z.object({
  minNoticeMinutes: wholeNumber(0, MAX_MIN_NOTICE_MINUTES, POLICY_MESSAGES.minNoticeInvalid),
  maxAdvanceDays: wholeNumber(
    MIN_ADVANCE_DAYS,
    MAX_ADVANCE_DAYS,
    POLICY_MESSAGES.maxAdvanceInvalid,
  ),
  bufferMinutes: wholeNumber(0, MAX_BUFFER_MINUTES, POLICY_MESSAGES.bufferInvalid),
  maxPerDay: wholeNumber(1, MAX_PER_DAY, POLICY_MESSAGES.maxPerDayInvalid).nullable(),
  cancelCutoffMinutes: wholeNumber(
    0,
    MAX_CANCEL_CUTOFF_MINUTES,
    POLICY_MESSAGES.cancelCutoffInvalid,
  ),
  // Absent in a body written before fees existed: none.
  cancellationFees: cancellationFeesField.optional().default([]),
  noShowFeePercent: noShowFeePercentField.optional().default(0),
}) satisfies z.ZodType<BookingPolicy>;

export const bookingPolicyResponseSchema = z.object({ policy: bookingPolicySchema });
export const bookingPolicySavedResponseSchema = z.object({
  message: z.string(),
  policy: bookingPolicySchema,
});
