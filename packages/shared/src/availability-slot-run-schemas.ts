import { addDays, isIsoDate, isTime, secondsOf, type SlotClock, timeOf, weekdayOf } from './dates';
import { MESSAGES } from './texts';
import {
  addIssues,
  emptyOr,
  endTimeField,
  slotDateField,
  slotServiceIdField,
  slotTypeField,
  startTimeField,
} from './availability-slot-field-schemas';
import {
  bulkTooManySlotsMessage,
  MAX_BREAK_MINUTES,
  MAX_BULK_DATES,
  MAX_SLOTS_PER_REQUEST,
  MIN_SLOT_MINUTES,
  TIMESLOT_MESSAGES,
} from './availability-slot-texts';
import { requiredText, z } from './zod';

/** Several slots at once: planning a run of slots, and the bulk form and body schemas. */

export interface SlotRun {
  dates: string[];
  startTime: string;
  endTime: string;
  slotMinutes: number;
  breakMinutes: number;
}

export interface PlannedSlot {
  day: string;
  startTime: string;
  endTime: string;
}

/**
 * Consecutive slots of `slotMinutes`, `breakMinutes` apart, from startTime until endTime on every
 * date. Stops after `limit` + 1 slots, so a caller can tell "too many" without building them all.
 */
export function planSlotRun(run: SlotRun, limit: number = MAX_SLOTS_PER_REQUEST): PlannedSlot[] {
  const slots: PlannedSlot[] = [];
  const from = secondsOf(run.startTime);
  const to = secondsOf(run.endTime);
  const length = run.slotMinutes * 60;
  const step = length + Math.max(0, run.breakMinutes) * 60;
  if (!(length > 0) || !Number.isFinite(from) || !Number.isFinite(to)) return slots;
  for (const day of [...run.dates].sort()) {
    for (let start = from; start + length <= to; start += step) {
      slots.push({ day, startTime: timeOf(start), endTime: timeOf(start + length) });
      if (slots.length > limit) return slots;
    }
  }
  return slots;
}

/** How many slots a run makes (counting stops past the limit). */
export function countSlotRun(run: SlotRun, limit: number = MAX_SLOTS_PER_REQUEST): number {
  return planSlotRun(run, limit).length;
}

const slotMinutesField = z
  .number({ error: TIMESLOT_MESSAGES.slotLengthRequired })
  .int(TIMESLOT_MESSAGES.slotLengthRequired)
  .min(MIN_SLOT_MINUTES, MESSAGES.minSlotDuration)
  .max(24 * 60, TIMESLOT_MESSAGES.slotLengthTooLong);

const breakMinutesField = z
  .number({ error: TIMESLOT_MESSAGES.breakInvalid })
  .int(TIMESLOT_MESSAGES.breakInvalid)
  .min(0, TIMESLOT_MESSAGES.breakInvalid)
  .max(MAX_BREAK_MINUTES, TIMESLOT_MESSAGES.breakInvalid);

type RunField = 'dates' | 'startTime' | 'endTime' | 'slotMinutes';

/** The run's own rules: times in order, at least one slot, at most MAX_SLOTS_PER_REQUEST. */
function runIssues(run: Partial<SlotRun>): { field: RunField; message: string }[] {
  const { startTime, endTime, slotMinutes, breakMinutes, dates } = run;
  if (typeof startTime !== 'string' || !isTime(startTime)) return [];
  if (typeof endTime !== 'string' || !isTime(endTime)) return [];
  if (secondsOf(endTime) <= secondsOf(startTime)) {
    return [{ field: 'endTime', message: MESSAGES.endAfterStart }];
  }
  if (typeof slotMinutes !== 'number' || !Number.isInteger(slotMinutes)) return [];
  if (slotMinutes < MIN_SLOT_MINUTES) return [];
  if (secondsOf(endTime) - secondsOf(startTime) < slotMinutes * 60) {
    return [{ field: 'endTime', message: TIMESLOT_MESSAGES.rangeShorterThanSlot }];
  }
  if (!Array.isArray(dates) || dates.length === 0) return [];
  const count = countSlotRun({
    dates,
    startTime,
    endTime,
    slotMinutes,
    breakMinutes: typeof breakMinutes === 'number' ? breakMinutes : 0,
  });
  if (count > MAX_SLOTS_PER_REQUEST) {
    return [{ field: 'dates', message: bulkTooManySlotsMessage(count) }];
  }
  return [];
}

/** POST /timeslots/bulk-create: a run of consecutive slots on chosen dates, all or nothing. */
export const bulkCreateTimeslotsBodySchema = z
  .object({
    dates: z
      .array(slotDateField, { error: TIMESLOT_MESSAGES.datesRequired })
      .min(1, TIMESLOT_MESSAGES.datesRequired)
      .max(MAX_BULK_DATES, TIMESLOT_MESSAGES.tooManyDates)
      .refine((dates) => new Set(dates).size === dates.length, TIMESLOT_MESSAGES.datesDuplicate),
    startTime: startTimeField,
    endTime: endTimeField,
    slotMinutes: slotMinutesField,
    breakMinutes: breakMinutesField.optional().default(0),
    type: slotTypeField.optional(),
    serviceId: slotServiceIdField.optional(),
  })
  .superRefine((values, ctx) => addIssues(ctx, runIssues(values)));
export type BulkCreateTimeslotsBody = z.input<typeof bulkCreateTimeslotsBodySchema>;

/** Every date from `from` to `to` (inclusive) whose weekday is chosen; at most MAX_BULK_DATES + 1. */
export function datesBetween(from: string, to: string, weekdays: readonly number[]): string[] {
  const dates: string[] = [];
  if (!isIsoDate(from) || !isIsoDate(to)) return dates;
  for (let day = from; day <= to && dates.length <= MAX_BULK_DATES; day = addDays(day, 1)) {
    if (weekdays.includes(weekdayOf(day))) dates.push(day);
  }
  return dates;
}

/**
 * The "Several slots" form: a date range with chosen weekdays, a daily time range, a slot
 * length and a break. Its `dates` come from `datesBetween`; the server re-checks the body.
 */
export function bulkTimeslotFormSchema(clock?: SlotClock) {
  return z
    .object({
      fromDate: requiredText(TIMESLOT_MESSAGES.fromDateRequired).refine(
        emptyOr(isIsoDate),
        TIMESLOT_MESSAGES.invalidDate,
      ),
      toDate: requiredText(TIMESLOT_MESSAGES.toDateRequired).refine(
        emptyOr(isIsoDate),
        TIMESLOT_MESSAGES.invalidDate,
      ),
      weekdays: z
        .array(z.number().int().min(0).max(6), { error: TIMESLOT_MESSAGES.weekdaysRequired })
        .min(1, TIMESLOT_MESSAGES.weekdaysRequired),
      startTime: startTimeField,
      endTime: endTimeField,
      slotMinutes: slotMinutesField,
      breakMinutes: breakMinutesField,
    })
    .superRefine((values, ctx) => {
      const from = isIsoDate(values.fromDate) ? values.fromDate : null;
      const to = isIsoDate(values.toDate) ? values.toDate : null;
      if (from && clock && from < clock.today) {
        ctx.addIssue({ code: 'custom', path: ['fromDate'], message: MESSAGES.dateInPast });
      }
      if (from && to && to < from) {
        ctx.addIssue({
          code: 'custom',
          path: ['toDate'],
          message: TIMESLOT_MESSAGES.toDateBeforeFrom,
        });
        return;
      }
      const weekdays = Array.isArray(values.weekdays) ? values.weekdays : [];
      const dates = from && to ? datesBetween(from, to, weekdays) : [];
      if (from && to && weekdays.length > 0 && dates.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['weekdays'],
          message: TIMESLOT_MESSAGES.noDatesInRange,
        });
      }
      if (dates.length > MAX_BULK_DATES) {
        ctx.addIssue({ code: 'custom', path: ['toDate'], message: TIMESLOT_MESSAGES.tooManyDates });
        return;
      }
      if (clock && dates[0] === clock.today && isTime(values.startTime)) {
        if (secondsOf(values.startTime) < secondsOf(clock.time)) {
          ctx.addIssue({
            code: 'custom',
            path: ['startTime'],
            message: TIMESLOT_MESSAGES.startInPast,
          });
        }
      }
      const issues = runIssues({ ...values, dates });
      addIssues(
        ctx,
        issues.map((issue) => (issue.field === 'dates' ? { ...issue, field: 'toDate' } : issue)),
      );
    });
}
export type BulkTimeslotFormValues = z.input<ReturnType<typeof bulkTimeslotFormSchema>>;
