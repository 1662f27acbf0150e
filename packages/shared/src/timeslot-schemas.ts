import { z } from './zod';
import { MESSAGES } from './messages';


/**
 * Time slots (SPEC §3, §5, §7; DESIGN §5): the rules are written once here and used by the
 * server's route schemas and service and by the web forms (react-hook-form + zodResolver).
 *
 * Dates are `YYYY-MM-DD` and times `HH:MM[:SS]`, wall-clock in the provider's time zone.
 * "Not in the past" needs a clock in a zone (`SlotClock`): the forms read the browser's,
 * the server reads the provider's (computed in SQL).
 */

/** Our own texts where SPEC has none (documented in docs/decisions/004-timeslots.md). */
export const TIMESLOT_MESSAGES = {
  invalidDate: 'Date must be a valid date (YYYY-MM-DD)',
  invalidStartTime: 'Start time must be a valid time (HH:MM)',
  invalidEndTime: 'End time must be a valid time (HH:MM)',
  startInPast: 'Start time cannot be in the past',
  typeTooLong: 'Type must be at most 80 characters',
  nothingToUpdate: 'Nothing to update: send a day, start time, end time or type',
  invalidId: 'Invalid time slot id',
  slotNotFound: 'Time slot not found',
  slotBookedUpdate: 'This slot is booked and cannot be changed. Cancel the appointment first.',
  slotBookedDelete: 'This slot is booked and cannot be deleted. Cancel the appointment first.',
  overlapUnknown: 'This time slot overlaps one of your existing slots',
  // Several slots at once
  datesRequired: 'Choose at least one date',
  datesDuplicate: 'Each date can be chosen only once',
  tooManyDates: `At most ${366} dates can be chosen at once`,
  fromDateRequired: 'Start date is required',
  toDateRequired: 'End date is required',
  toDateBeforeFrom: 'End date must be on or after the start date',
  weekdaysRequired: 'Choose at least one weekday',
  noDatesInRange: 'None of the chosen weekdays falls between these dates',
  slotLengthRequired: 'Slot length is required',
  slotLengthTooLong: 'Slot length must be at most 24 hours',
  breakInvalid: 'Break must be between 0 and 720 minutes',
  rangeShorterThanSlot: 'The time range is shorter than one slot',
  bulkFailed: 'Failed to create time slots',
} as const;

export const MIN_SLOT_MINUTES = 15;
/** Upper bound of one bulk request: enough for a month of half-hour slots, small enough for one transaction. */
export const MAX_SLOTS_PER_REQUEST = 500;
export const MAX_BULK_DATES = 366;
export const MAX_BREAK_MINUTES = 720;

export function bulkCreatedMessage(count: number): string {
  return count === 1 ? MESSAGES.slotCreated : `${count} time slots created successfully!`;
}

export function bulkStartInPastMessage(day: string, time: string): string {
  return `Slots on ${day} must start after ${hhmm(time)}, the current time`;
}

export function bulkTooManySlotsMessage(count: number): string {
  return `At most ${MAX_SLOTS_PER_REQUEST} slots can be created at once (this run makes ${count})`;
}

// ---- Dates, times and clocks ------------------------------------------------------------------

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
/** An ISO date-time whose date part is the day (SPEC §7 PATCH sends `day` like this). */
const DATE_TIME_RE =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/;

/** A real calendar date `YYYY-MM-DD` (2025-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = DATE_RE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `HH:MM` or `HH:MM:SS`, 00:00 to 23:59:59 (24:00 and 9:5 are not times). */
export function isTime(value: string): boolean {
  return TIME_RE.test(value);
}

/** Seconds since midnight of a valid time. */
export function secondsOf(time: string): number {
  const match = TIME_RE.exec(time);
  if (!match) return Number.NaN;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
}

/** `HH:MM:SS` of seconds since midnight. */
export function timeOf(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** `HH:MM:SS` of a valid `HH:MM[:SS]`: what the API stores and SPEC §7 sends. */
export function normalizeTime(time: string): string {
  return timeOf(secondsOf(time));
}

/** `HH:MM`, for display. */
export function hhmm(time: string): string {
  return time.slice(0, 5);
}

/** The date part of `YYYY-MM-DD` or of an ISO date-time; null when it is neither. */
export function dayOf(value: string): string | null {
  if (isIsoDate(value)) return value;
  const match = DATE_TIME_RE.exec(value);
  return match?.[1] && isIsoDate(match[1]) ? match[1] : null;
}

/** Wall clock in one zone: the "now" that "not in the past" is judged against. */
export interface SlotClock {
  /** `YYYY-MM-DD` */
  today: string;
  /** `HH:MM:SS` */
  time: string;
}

function partsIn(timeZone: string | undefined, now: Date) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((part) => part.type === type)?.value ?? '00';
  return {
    today: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}:${get('second')}`,
  };
}

/** Today's date `YYYY-MM-DD` in a zone (undefined: the runtime's local zone). */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  return partsIn(timeZone, now).today;
}

/** Today's date and the current time in a zone (undefined: the runtime's local zone). */
export function clockIn(timeZone: string | undefined, now: Date = new Date()): SlotClock {
  return partsIn(timeZone, now);
}

/** Adds days to a `YYYY-MM-DD` date (calendar arithmetic, no zone involved). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, of a `YYYY-MM-DD` date. */
export function weekdayOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

// ---- The SPEC §5 rules, once ---------------------------------------------------------------

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
function emptyOr(check: (value: string) => boolean) {
  return (value: string) => value === '' || check(value);
}

export const slotDateField = z
  .string({ error: MESSAGES.dateRequired })
  .trim()
  .min(1, MESSAGES.dateRequired)
  .refine(emptyOr(isIsoDate), TIMESLOT_MESSAGES.invalidDate);

function timeField(required: string, invalid: string) {
  return z.string({ error: required }).trim().min(1, required).refine(emptyOr(isTime), invalid);
}
export const startTimeField = timeField(
  MESSAGES.startTimeRequired,
  TIMESLOT_MESSAGES.invalidStartTime,
);
export const endTimeField = timeField(MESSAGES.endTimeRequired, TIMESLOT_MESSAGES.invalidEndTime);

export const slotServiceIdField = z.uuid('Invalid service id');

/** A service's default slot end: start + its duration, or null past midnight (forms prefill it). */
export function endTimeForDuration(startTime: string, durationMinutes: number): string | null {
  if (!isTime(startTime)) return null;
  const end = secondsOf(startTime) + durationMinutes * 60;
  return end < 24 * 3600 ? timeOf(end) : null;
}

export const slotTypeField = z
  .string()
  .trim()
  .min(1, 'Type cannot be empty')
  .max(80, TIMESLOT_MESSAGES.typeTooLong);

function addIssues(ctx: z.RefinementCtx, issues: { field: string; message: string }[]) {
  for (const issue of issues) {
    ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  }
}

/**
 * One slot: the Create form, the Update form (prefilled) and the create body. With a clock
 * the past is refused too (forms: the browser's clock; the server adds the provider's).
 */
export function timeslotFormSchema(clock?: SlotClock) {
  return z
    .object({
      day: slotDateField,
      startTime: startTimeField,
      endTime: endTimeField,
    })
    .superRefine((values, ctx) => addIssues(ctx, slotCrossFieldIssues(values, clock)));
}
export type TimeslotFormValues = z.input<ReturnType<typeof timeslotFormSchema>>;

/** POST /timeslots/create: `{day, startTime, endTime, type?}` (SPEC §7). */
export const createTimeslotBodySchema = z
  .object({
    day: slotDateField,
    startTime: startTimeField,
    endTime: endTimeField,
    type: slotTypeField.optional(),
    /** The provider's service this slot is for: its name becomes the type (DESIGN §7). */
    serviceId: slotServiceIdField.optional(),
  })
  .superRefine((values, ctx) => addIssues(ctx, slotCrossFieldIssues(values)));
export type CreateTimeslotBody = z.input<typeof createTimeslotBodySchema>;

/**
 * PATCH /timeslots/update/:id: every field optional, only the sent ones change; `day` may be an
 * ISO date-time (SPEC §7) whose date part is the day. The server re-checks the merged slot
 * with `timeslotFormSchema`.
 */
export const updateTimeslotBodySchema = z
  .object({
    day: z
      .string({ error: MESSAGES.dateRequired })
      .trim()
      .min(1, MESSAGES.dateRequired)
      .refine((value) => value === '' || dayOf(value) !== null, TIMESLOT_MESSAGES.invalidDate)
      .transform((value) => dayOf(value) ?? value)
      .optional(),
    startTime: startTimeField.optional(),
    endTime: endTimeField.optional(),
    type: slotTypeField.optional(),
  })
  .superRefine((values, ctx) => {
    if (Object.values(values).every((value) => value === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: TIMESLOT_MESSAGES.nothingToUpdate });
    }
    addIssues(ctx, slotCrossFieldIssues(values));
  });
export type UpdateTimeslotBody = z.input<typeof updateTimeslotBodySchema>;

// ---- Several slots at once -------------------------------------------------------------------

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
      fromDate: z
        .string({ error: TIMESLOT_MESSAGES.fromDateRequired })
        .trim()
        .min(1, TIMESLOT_MESSAGES.fromDateRequired)
        .refine(emptyOr(isIsoDate), TIMESLOT_MESSAGES.invalidDate),
      toDate: z
        .string({ error: TIMESLOT_MESSAGES.toDateRequired })
        .trim()
        .min(1, TIMESLOT_MESSAGES.toDateRequired)
        .refine(emptyOr(isIsoDate), TIMESLOT_MESSAGES.invalidDate),
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

// ---- Responses -------------------------------------------------------------------------------

/** SPEC §3 time slot, as the API answers it. */
export const timeslotResponseSchema = z.object({
  id: z.string(),
  day: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  type: z.string(),
  is_booked: z.boolean(),
  /** DESIGN §7: the slot's service and its current price (null when the slot names none). */
  service_id: z.string().nullable().optional(),
  price_cents: z.number().nullable().optional(),
  currency: z.string().nullable().optional(),
});
export type Timeslot = z.infer<typeof timeslotResponseSchema>;

export const timeslotListResponseSchema = z.object({ slots: z.array(timeslotResponseSchema) });
export type TimeslotListResponse = z.infer<typeof timeslotListResponseSchema>;

export const timeslotMessageResponseSchema = z.object({
  message: z.string(),
  slot: timeslotResponseSchema,
});
export type TimeslotMessageResponse = z.infer<typeof timeslotMessageResponseSchema>;

export const bulkCreateTimeslotsResponseSchema = z.object({
  message: z.string(),
  slots: z.array(timeslotResponseSchema),
});
export type BulkCreateTimeslotsResponse = z.infer<typeof bulkCreateTimeslotsResponseSchema>;

/** GET /timeslots/view: from today on by default, `?include=past` for the whole history. */
export const timeslotListQuerySchema = z.object({
  include: z.enum(['past'], { error: "include must be 'past'" }).optional(),
});
