import { isIsoDate, isTime, secondsOf, type SlotClock, timeOf } from './dates';
import { msg } from './locales';
import { MESSAGES } from './texts';
import { MIN_SLOT_MINUTES, TIMESLOT_MESSAGES } from './availability-slot-texts';
import { requiredText, z } from './zod';

/**
 * The rules of one time slot, written once (docs/product.md, time slots): the cross-field rules
 * and the field schemas used by the server's route schemas and by the web forms.
 */

export type SlotField = 'day' | 'startTime' | 'endTime';

export interface SlotIssue {
  field: SlotField;
  message: string;
}

export interface SlotTimes {
  day?: unknown;
  startTime?: unknown;
  endTime?: unknown;
}

/**
 * The rules that need more than one field: end after start, at least 15 minutes, and (with a
 * clock) not in the past. Missing or malformed fields are reported by the field schemas, so
 * each rule here runs only when its inputs are well-formed.
 */
export function slotCrossFieldIssues(values: SlotTimes, clock?: SlotClock): SlotIssue[] {
  const issues: SlotIssue[] = [];
  const day = typeof values.day === 'string' && isIsoDate(values.day) ? values.day : null;
  const start =
    typeof values.startTime === 'string' && isTime(values.startTime) ? values.startTime : null;
  const end = typeof values.endTime === 'string' && isTime(values.endTime) ? values.endTime : null;
  if (start && end) {
    const minutes = (secondsOf(end) - secondsOf(start)) / 60;
    if (minutes <= 0) issues.push({ field: 'endTime', message: MESSAGES.endAfterStart });
    else if (minutes < MIN_SLOT_MINUTES) {
      issues.push({ field: 'endTime', message: MESSAGES.minSlotDuration });
    }
  }
  if (clock && day) {
    if (day < clock.today) issues.push({ field: 'day', message: MESSAGES.dateInPast });
    else if (day === clock.today && start && secondsOf(start) < secondsOf(clock.time)) {
      issues.push({ field: 'startTime', message: TIMESLOT_MESSAGES.startInPast });
    }
  }
  return issues;
}

/** A format check that stays quiet on an empty value: "required" speaks for that one. */
export function emptyOr(check: (value: string) => boolean) {
  return (value: string) => value === '' || check(value);
}

export const slotDateField = requiredText(MESSAGES.dateRequired).refine(
  emptyOr(isIsoDate),
  TIMESLOT_MESSAGES.invalidDate,
);

function timeField(required: string, invalid: string) {
  return requiredText(required).refine(emptyOr(isTime), invalid);
}
export const startTimeField = timeField(
  MESSAGES.startTimeRequired,
  TIMESLOT_MESSAGES.invalidStartTime,
);
export const endTimeField = timeField(MESSAGES.endTimeRequired, TIMESLOT_MESSAGES.invalidEndTime);

export const slotServiceIdField = z.uuid(msg('Invalid service id'));

/** A service's default slot end: start + its duration, or null past midnight (forms prefill it). */
export function endTimeForDuration(startTime: string, durationMinutes: number): string | null {
  if (!isTime(startTime)) return null;
  const end = secondsOf(startTime) + durationMinutes * 60;
  return end < 24 * 3600 ? timeOf(end) : null;
}

export const slotTypeField = z
  .string()
  .trim()
  .min(1, msg('Type cannot be empty'))
  .max(80, TIMESLOT_MESSAGES.typeTooLong);

export function addIssues(ctx: z.RefinementCtx, issues: { field: string; message: string }[]) {
  for (const issue of issues) {
    ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  }
}
