import {
  type CancellationFeeTier,
  cancellationFeesField,
  noShowFeePercentField,
} from './payments-schemas';
import { englishText, type Translate } from './english-text';
import { msg } from './locales';
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
  minNoticeInvalid: msg('Minimum notice must be a whole number of minutes from 0 to 43200'),
  maxAdvanceInvalid: msg('Booking horizon must be a whole number of days from 1 to 730'),
  bufferInvalid: msg('Buffer must be a whole number of minutes from 0 to 240'),
  maxPerDayInvalid: msg('Daily limit must be empty (no limit) or a whole number from 1 to 100'),
  cancelCutoffInvalid: msg(
    'Cancellation cut-off must be a whole number of minutes from 0 to 20160',
  ),
  minNoticeHoursInvalid: msg('Minimum notice must be a number of hours from 0 to 720'),
  cancelCutoffHoursInvalid: msg('Cancellation cut-off must be a number of hours from 0 to 336'),
  saved: msg('Booking policy saved'),
  dailyLimitReached: msg('This provider takes no more bookings on that day'),
  bufferConflict: msg('This provider needs a break between appointments; choose another time'),
} as const;

type DurationUnit = 'day' | 'hour' | 'minute';

/** A duration in minutes in its largest whole unit: 2880 → 2 days, 90 → 90 minutes. */
function durationParts(minutes: number): { unit: DurationUnit; count: number } {
  if (minutes % (24 * 60) === 0 && minutes > 0) return { unit: 'day', count: minutes / (24 * 60) };
  if (minutes % 60 === 0 && minutes > 0) return { unit: 'hour', count: minutes / 60 };
  return { unit: 'minute', count: minutes };
}

const DURATION_TEXTS: Record<DurationUnit, string> = {
  day: msg('{{count}} days'),
  hour: msg('{{count}} hours'),
  minute: msg('{{count}} minutes'),
};

/** "2 hours", "90 minutes", "1 day": a duration in minutes as people say it. */
export function durationText(minutes: number, t: Translate = englishText): string {
  const { unit, count } = durationParts(minutes);
  return t(DURATION_TEXTS[unit], { count });
}

/** "at least 2 hours' notice", "1 day's": the notice a provider needs, by unit. */
const NOTICE_TEXTS: Record<DurationUnit, string> = {
  day: msg("This provider needs at least {{count}} days' notice"),
  hour: msg("This provider needs at least {{count}} hours' notice"),
  minute: msg("This provider needs at least {{count}} minutes' notice"),
};

export function tooSoonMessage(minNoticeMinutes: number, t: Translate = englishText): string {
  const { unit, count } = durationParts(minNoticeMinutes);
  return t(NOTICE_TEXTS[unit], { count });
}

export function tooFarAheadMessage(maxAdvanceDays: number, t: Translate = englishText): string {
  return t('This provider takes bookings at most {{duration}} ahead', {
    duration: durationText(maxAdvanceDays * 24 * 60, t),
  });
}

export function cancelWindowPassedMessage(
  cancelCutoffMinutes: number,
  t: Translate = englishText,
): string {
  return t(
    'Free cancellation ends {{duration}} before the appointment; please contact the provider',
    { duration: durationText(cancelCutoffMinutes, t) },
  );
}

/** The policy in plain language, one sentence per rule that is set (settings help, provider page). */
export function policySentences(policy: BookingPolicy, t: Translate = englishText): string[] {
  const duration = (minutes: number) => ({ duration: durationText(minutes, t) });
  const sentences: string[] = [];
  if (policy.minNoticeMinutes > 0) {
    sentences.push(
      t("Clients can't book less than {{duration}} ahead", duration(policy.minNoticeMinutes)),
    );
  }
  sentences.push(
    t('Bookings open up to {{duration}} ahead', duration(policy.maxAdvanceDays * 24 * 60)),
  );
  if (policy.bufferMinutes > 0) {
    sentences.push(
      t('{{duration}} kept free between appointments', duration(policy.bufferMinutes)),
    );
  }
  if (policy.maxPerDay !== null) {
    sentences.push(t('At most {{count}} appointments a day', { count: policy.maxPerDay }));
  }
  if (policy.cancelCutoffMinutes > 0) {
    sentences.push(
      t(
        'Free cancellation until {{duration}} before the appointment',
        duration(policy.cancelCutoffMinutes),
      ),
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
