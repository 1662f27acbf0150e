import {
  type BookingPolicy,
  bookingPolicySchema,
  MAX_CANCEL_CUTOFF_MINUTES,
  MAX_MIN_NOTICE_MINUTES,
  POLICY_MESSAGES,
} from '@slotwise/shared/policies-schemas';
import { z } from '@slotwise/shared/zod';

/** One cancellation fee tier as typed (docs/decisions/068-payments.md). */
export interface FeeTierDraft {
  hoursBefore: string;
  percent: string;
}

/** The policy form as typed: numbers as text, notice and cut-off in hours. */
export interface PolicyDraft {
  minNoticeMinutes: string;
  maxAdvanceDays: string;
  bufferMinutes: string;
  maxPerDay: string;
  cancelCutoffMinutes: string;
  cancellationFees: FeeTierDraft[];
  noShowFeePercent: string;
}

/**
 * Notice and cut-off are typed in hours (docs/product.md §14.5) and sent in minutes, as the API
 * keeps them; a fraction of an hour is rounded to the minute (1.5 → 90).
 */
function minutesToHoursText(minutes: number): string {
  return String(Math.round((minutes / 60) * 100) / 100);
}

function hoursTextToMinutes(hours: string): number {
  return Math.round(Number(hours.trim()) * 60);
}

/** A whole number as typed; empty is no number (the shared rule's message says what is due). */
function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

const HOURS_PATTERN = /^\s*\d+(\.\d+)?\s*$/;

/** Hours as typed: a number from 0 to `maxMinutes` / 60. */
const hoursText = (maxMinutes: number, message: string) =>
  z.string().refine((text) => {
    if (!HOURS_PATTERN.test(text)) return false;
    const minutes = hoursTextToMinutes(text);
    return minutes >= 0 && minutes <= maxMinutes;
  }, message);

export const toDraft = (policy: BookingPolicy): PolicyDraft => ({
  minNoticeMinutes: minutesToHoursText(policy.minNoticeMinutes),
  maxAdvanceDays: String(policy.maxAdvanceDays),
  bufferMinutes: String(policy.bufferMinutes),
  maxPerDay: policy.maxPerDay === null ? '' : String(policy.maxPerDay),
  cancelCutoffMinutes: minutesToHoursText(policy.cancelCutoffMinutes),
  cancellationFees: (policy.cancellationFees ?? []).map((tier) => ({
    hoursBefore: String(tier.hoursBefore),
    percent: String(tier.percent),
  })),
  noShowFeePercent: String(policy.noShowFeePercent ?? 0),
});

/**
 * The form as typed (numbers as text, notice and cut-off in hours, an empty daily limit for none)
 * into the shared schema, fee tiers and no-show fee included (docs/product.md §16).
 */
export const policyFormSchema = z
  .object({
    minNoticeMinutes: hoursText(MAX_MIN_NOTICE_MINUTES, POLICY_MESSAGES.minNoticeHoursInvalid),
    maxAdvanceDays: z.string(),
    bufferMinutes: z.string(),
    maxPerDay: z.string(),
    cancelCutoffMinutes: hoursText(
      MAX_CANCEL_CUTOFF_MINUTES,
      POLICY_MESSAGES.cancelCutoffHoursInvalid,
    ),
    cancellationFees: z.array(z.object({ hoursBefore: z.string(), percent: z.string() })),
    noShowFeePercent: z.string(),
  })
  .transform((draft): z.input<typeof bookingPolicySchema> => ({
    minNoticeMinutes: hoursTextToMinutes(draft.minNoticeMinutes),
    maxAdvanceDays: Number(draft.maxAdvanceDays),
    bufferMinutes: Number(draft.bufferMinutes),
    maxPerDay: draft.maxPerDay.trim() === '' ? null : Number(draft.maxPerDay),
    cancelCutoffMinutes: hoursTextToMinutes(draft.cancelCutoffMinutes),
    cancellationFees: draft.cancellationFees.map((tier) => ({
      hoursBefore: numberOf(tier.hoursBefore),
      percent: numberOf(tier.percent),
    })),
    noShowFeePercent: numberOf(draft.noShowFeePercent),
  }))
  .pipe(bookingPolicySchema);
