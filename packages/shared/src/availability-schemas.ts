import { attendeeSchema, capacityField } from './appointments-series-schemas';
import { englishText, type Translate } from './english-text';
import { z } from './zod';
import { msg } from './locales';
import { idParamsOf, listOf, numberFields, stringFields } from './common-schemas';
import { isIsoDate, isTime, secondsOf } from './dates';
import { timeslotResponseSchema } from './availability-slot-schemas';

/**
 * The provider's week (docs/decisions/040-weekly-hours-and-time-off.md): weekly hours that
 * generate ordinary slots up to a horizon, time off, and the calendar window of
 * `GET /api/timeslots/view?from&to`. Used by the server's route schemas and the week-calendar
 * forms alike.
 */

export const MIN_RULE_SLOT_MINUTES = 15;
export const MAX_RULE_SLOT_MINUTES = 480;
export const MAX_RULE_BREAK_MINUTES = 240;
export const MIN_HORIZON_WEEKS = 1;
export const MAX_HORIZON_WEEKS = 26;
export const DEFAULT_HORIZON_WEEKS = 4;
/** Ranges in one save (every weekday split into many ranges is still far below this). */
export const MAX_WEEKLY_RULES = 70;
/** The widest calendar window one request may ask for. */
export const MAX_WINDOW_DAYS = 92;
export const MAX_TIME_OFF_REASON = 200;
/** The longest time off in one entry. */
export const MAX_TIME_OFF_DAYS = 366;

/** ISO weekday names, Monday 1 … Sunday 7. */
export const WEEKDAY_NAMES = [
  msg('Monday'),
  msg('Tuesday'),
  msg('Wednesday'),
  msg('Thursday'),
  msg('Friday'),
  msg('Saturday'),
  msg('Sunday'),
] as const;

export const AVAILABILITY_MESSAGES = {
  weekdayInvalid: msg('Weekday must be a number from 1 (Monday) to 7 (Sunday)'),
  startRequired: msg('Start time is required'),
  endRequired: msg('End time is required'),
  startInvalid: msg('Start time must be a valid time (HH:MM)'),
  endInvalid: msg('End time must be a valid time (HH:MM)'),
  endAfterStart: msg('End time must be after start time'),
  rangeShorterThanSlot: msg('The time range is shorter than one slot'),
  slotMinutesInvalid: msg('Slot length must be between 15 and 480 minutes'),
  breakMinutesInvalid: msg('Break must be between 0 and 240 minutes'),
  horizonInvalid: msg('Horizon must be between 1 and 26 weeks'),
  serviceInvalid: msg('Invalid service id'),
  rulesRequired: msg('Rules must be a list (it may be empty)'),
  tooManyRules: msg('At most 70 ranges can be saved'),
  weeklySaved: msg('Weekly hours saved'),
  timeOffFromRequired: msg('Start of the time off is required'),
  timeOffToRequired: msg('End of the time off is required'),
  timeOffInvalidInstant: msg(
    'Use a date (YYYY-MM-DD), a local date and time (YYYY-MM-DDTHH:MM) or an ISO instant',
  ),
  timeOffToBeforeFrom: msg('The end of the time off must be after its start'),
  timeOffTooLong: msg('Time off can last at most 366 days per entry'),
  timeOffInPast: msg('Time off must end in the future'),
  timeOffReasonTooLong: msg('Reason must be at most 200 characters'),
  timeOffCreated: msg('Time off added'),
  timeOffDeleted: msg('Time off removed'),
  timeOffNotFound: msg('Time off not found'),
  invalidTimeOffId: msg('Invalid time off id'),
  windowFromInvalid: msg('from must be a valid date (YYYY-MM-DD)'),
  windowToInvalid: msg('to must be a valid date (YYYY-MM-DD)'),
  windowBothRequired: msg('from and to go together: send both or neither'),
  windowToBeforeFrom: msg('to must be on or after from'),
  windowTooWide: msg('A window can span at most 92 days'),
} as const;

/** "Monday 09:00–12:00 overlaps Monday 11:00–13:00". */
export function overlappingRangesMessage(
  weekday: number,
  a: string,
  b: string,
  t: Translate = englishText,
): string {
  const day = t(WEEKDAY_NAMES[weekday - 1] ?? msg('Day'), {});
  return t('{{day}} {{a}} overlaps {{b}}', { day, a, b });
}

/** The booked appointments inside a new time off, as the provider is told. */
export function timeOffBookedMessage(count: number, t: Translate = englishText): string {
  if (count === 0) return t(AVAILABILITY_MESSAGES.timeOffCreated, {});
  return t(
    'Time off added. {{count}} booked appointments fall inside it: cancel them or keep them.',
    { count },
  );
}

// ---- Weekly hours ------------------------------------------------------------------------------

function timeText(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((value) => value === '' || isTime(value), invalid);
}

const minutes = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const weeklyRuleSchema = z
  .object({
    weekday: minutes(1, 7, AVAILABILITY_MESSAGES.weekdayInvalid),
    start: timeText(AVAILABILITY_MESSAGES.startRequired, AVAILABILITY_MESSAGES.startInvalid),
    end: timeText(AVAILABILITY_MESSAGES.endRequired, AVAILABILITY_MESSAGES.endInvalid),
    serviceId: z.uuid(AVAILABILITY_MESSAGES.serviceInvalid).nullish(),
    slotMinutes: minutes(
      MIN_RULE_SLOT_MINUTES,
      MAX_RULE_SLOT_MINUTES,
      AVAILABILITY_MESSAGES.slotMinutesInvalid,
    ),
    breakMinutes: minutes(0, MAX_RULE_BREAK_MINUTES, AVAILABILITY_MESSAGES.breakMinutesInvalid)
      .optional()
      .default(0),
    /** Seats of each slot these hours make (docs/decisions/067-seats-and-series.md). */
    capacity: capacityField.optional().default(1),
  })
  .superRefine((rule, ctx) => {
    if (!isTime(rule.start) || !isTime(rule.end)) return;
    const length = secondsOf(rule.end) - secondsOf(rule.start);
    if (length <= 0) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: AVAILABILITY_MESSAGES.endAfterStart });
    } else if (Number.isInteger(rule.slotMinutes) && length < rule.slotMinutes * 60) {
      ctx.addIssue({
        code: 'custom',
        path: ['end'],
        message: AVAILABILITY_MESSAGES.rangeShorterThanSlot,
      });
    }
  });
export type WeeklyRuleInput = z.input<typeof weeklyRuleSchema>;
export type WeeklyRule = z.output<typeof weeklyRuleSchema>;

const hhmm = (time: string) => time.slice(0, 5);

/** Pairs of ranges of one weekday that overlap (touching is fine), as [index, index]. */
export function overlappingRules(
  rules: readonly { weekday: number; start: string; end: string }[],
): [number, number][] {
  const pairs: [number, number][] = [];
  rules.forEach((a, i) => {
    rules.forEach((b, j) => {
      if (j <= i || a.weekday !== b.weekday) return;
      if (!isTime(a.start) || !isTime(a.end) || !isTime(b.start) || !isTime(b.end)) return;
      if (secondsOf(a.start) < secondsOf(b.end) && secondsOf(b.start) < secondsOf(a.end)) {
        pairs.push([i, j]);
      }
    });
  });
  return pairs;
}

/** PUT /api/availability/weekly: every range, and how many weeks ahead slots are kept. */
export const weeklyHoursBodySchema = z
  .object({
    rules: z
      .array(weeklyRuleSchema, { error: AVAILABILITY_MESSAGES.rulesRequired })
      .max(MAX_WEEKLY_RULES, AVAILABILITY_MESSAGES.tooManyRules),
    horizonWeeks: minutes(
      MIN_HORIZON_WEEKS,
      MAX_HORIZON_WEEKS,
      AVAILABILITY_MESSAGES.horizonInvalid,
    ),
  })
  .superRefine((body, ctx) => {
    for (const [i, j] of overlappingRules(body.rules)) {
      const a = body.rules[i]!;
      const b = body.rules[j]!;
      ctx.addIssue({
        code: 'custom',
        path: ['rules', j, 'start'],
        message: overlappingRangesMessage(
          b.weekday,
          `${hhmm(b.start)}–${hhmm(b.end)}`,
          `${hhmm(a.start)}–${hhmm(a.end)}`,
        ),
      });
    }
  });
export type WeeklyHoursBody = z.input<typeof weeklyHoursBodySchema>;

export const weeklyRuleResponseSchema = z.object({
  weekday: z.number(),
  ...stringFields('start', 'end'),
  serviceId: z.string().nullable(),
  ...numberFields('slotMinutes', 'breakMinutes'),
  capacity: z.number().optional(),
});

/** What one generation did (a save, or the daily run for one provider). */
/**
 * Counts of slots: `created`; `kept`, generated slots already there and still wanted; `removed`,
 * future free generated slots no longer wanted (rules changed or horizon shrank);
 * `skippedClashes`, wanted times that clash with another slot (hand-made, or booked), left alone;
 * `skippedTimeOff`, wanted times inside time off; `skippedNonexistent`, wall-clock times the
 * provider's zone skips (daylight-saving gap).
 */
export const generationReportSchema = z.object({
  ...numberFields('created', 'kept', 'removed'),
  ...numberFields('skippedClashes', 'skippedTimeOff', 'skippedNonexistent'),
});
export type GenerationReport = z.infer<typeof generationReportSchema>;

export const weeklyHoursResponseSchema = z.object({
  rules: z.array(weeklyRuleResponseSchema),
  horizonWeeks: z.number(),
  timezone: z.string(),
});
export type WeeklyHoursResponse = z.infer<typeof weeklyHoursResponseSchema>;

export const weeklyHoursSavedResponseSchema = weeklyHoursResponseSchema.extend({
  message: z.string(),
  generation: generationReportSchema,
});
export type WeeklyHoursSavedResponse = z.infer<typeof weeklyHoursSavedResponseSchema>;

// ---- Time off ----------------------------------------------------------------------------------

const LOCAL_DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const INSTANT_RE =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/;

/** How a time-off bound was written: a whole day, a wall-clock time, or an exact instant. */
export type TimeOffBound =
  | { kind: 'date'; day: string }
  | { kind: 'local'; day: string; time: string }
  | { kind: 'instant'; instant: string };

export function parseTimeOffBound(value: string): TimeOffBound | null {
  if (isIsoDate(value)) return { kind: 'date', day: value };
  const local = LOCAL_DATE_TIME_RE.exec(value);
  if (local && isIsoDate(local[1]!)) {
    return { kind: 'local', day: local[1]!, time: `${local[2]}:${local[3]}:${local[4] ?? '00'}` };
  }
  const instant = INSTANT_RE.exec(value);
  if (instant && isIsoDate(instant[1]!) && !Number.isNaN(Date.parse(value))) {
    return { kind: 'instant', instant: new Date(value).toISOString() };
  }
  return null;
}

function boundField(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(
      (value) => value === '' || parseTimeOffBound(value) !== null,
      AVAILABILITY_MESSAGES.timeOffInvalidInstant,
    );
}

/**
 * POST /api/availability/time-off. `from`/`to` are dates (whole days, `to` inclusive), local
 * date-times (the provider's wall clock) or ISO instants. The server resolves them in the
 * provider's zone and checks the order.
 */
export const timeOffBodySchema = z.object({
  from: boundField(AVAILABILITY_MESSAGES.timeOffFromRequired),
  to: boundField(AVAILABILITY_MESSAGES.timeOffToRequired),
  reason: z
    .string()
    .trim()
    .max(MAX_TIME_OFF_REASON, AVAILABILITY_MESSAGES.timeOffReasonTooLong)
    .optional()
    .default(''),
});
export type TimeOffBody = z.input<typeof timeOffBodySchema>;

export const timeOffResponseSchema = z.object(stringFields('id', 'starts_at', 'ends_at', 'reason'));
export type TimeOff = z.infer<typeof timeOffResponseSchema>;

/** `/availability/time-off/:id`. */
export const timeOffIdParamsSchema = idParamsOf(AVAILABILITY_MESSAGES.invalidTimeOffId);

export const timeOffListResponseSchema = listOf('timeOff', timeOffResponseSchema);

/** A booked appointment that a time off covers: the provider decides to cancel or keep it. */
export const coveredAppointmentSchema = z.object({
  ...stringFields('id', 'day', 'start_time', 'end_time', 'service_type'),
  ...stringFields('client_first_name', 'client_last_name'),
});
export type CoveredAppointment = z.infer<typeof coveredAppointmentSchema>;

export const timeOffCreatedResponseSchema = z.object({
  message: z.string(),
  timeOff: timeOffResponseSchema,
  removedSlots: z.number(),
  bookedAppointments: z.array(coveredAppointmentSchema),
});
export type TimeOffCreatedResponse = z.infer<typeof timeOffCreatedResponseSchema>;

// ---- The calendar window of GET /api/timeslots/view -------------------------------------------

function windowDate(message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine((value) => isIsoDate(value), message)
    .optional();
}

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** `?include=past` as before, plus an optional window `from`–`to` (days, inclusive). */
export const timeslotWindowQuerySchema = z
  .object({
    include: z.enum(['past'], { error: "include must be 'past'" }).optional(),
    from: windowDate(AVAILABILITY_MESSAGES.windowFromInvalid),
    to: windowDate(AVAILABILITY_MESSAGES.windowToInvalid),
  })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      const path = query.from === undefined ? 'from' : 'to';
      ctx.addIssue({
        code: 'custom',
        path: [path],
        message: AVAILABILITY_MESSAGES.windowBothRequired,
      });
      return;
    }
    if (!query.from || !query.to || !isIsoDate(query.from) || !isIsoDate(query.to)) return;
    const span = daysBetween(query.from, query.to);
    if (span < 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: AVAILABILITY_MESSAGES.windowToBeforeFrom,
      });
    } else if (span + 1 > MAX_WINDOW_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: AVAILABILITY_MESSAGES.windowTooWide });
    }
  });

/**
 * A slot in a calendar window: the product's fields plus, additively, where it came from and —
 * for a booked slot — the appointment and the client's first and last name.
 */
export const timeslotWindowSlotSchema = timeslotResponseSchema.extend({
  source: z.enum(['manual', 'weekly']),
  appointment_id: z.string().nullable(),
  client_first_name: z.string().nullable(),
  client_last_name: z.string().nullable(),
  /** A class (capacity > 1): everyone holding a seat, earliest booking first; else absent. */
  attendees: z.array(attendeeSchema).nullable().optional(),
});
export type TimeslotWindowSlot = z.infer<typeof timeslotWindowSlotSchema>;

export const timeslotViewResponseSchema = z.object({
  slots: z.array(z.union([timeslotWindowSlotSchema, timeslotResponseSchema])),
});
