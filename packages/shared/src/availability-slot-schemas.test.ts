import { describe, expect, it } from 'vitest';
import { clockIn, dayOf, isIsoDate, isTime, normalizeTime, todayIn } from './dates';
import {
  bulkCreateTimeslotsBodySchema,
  bulkTimeslotFormSchema,
  datesBetween,
  planSlotRun,
} from './availability-slot-run-schemas';
import { TIMESLOT_MESSAGES } from './availability-slot-texts';
import { timeslotFormSchema, updateTimeslotBodySchema } from './availability-slot-schemas';

function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('dates and times', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-02-30')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-1-01')).toBe(false);
    expect(isIsoDate('2025-06-01T00:00:00Z')).toBe(false);
  });

  it('accepts HH:MM and HH:MM:SS from 00:00 to 23:59:59', () => {
    for (const ok of ['00:00', '09:05', '23:59', '23:59:59', '12:30:00'])
      expect(isTime(ok)).toBe(true);
    for (const bad of ['24:00', '24:00:00', '9:5', '09:5', '09:60', '09:00:60', '0900', '']) {
      expect(isTime(bad), bad).toBe(false);
    }
    expect(normalizeTime('09:05')).toBe('09:05:00');
  });

  it('reads the day of an ISO date-time by its date part (docs/product.md §7 PATCH)', () => {
    expect(dayOf('2030-06-14')).toBe('2030-06-14');
    expect(dayOf('2030-06-14T00:00:00.000Z')).toBe('2030-06-14');
    expect(dayOf('2030-06-14T23:30:00-04:00')).toBe('2030-06-14');
    expect(dayOf('2030-02-30T00:00:00Z')).toBeNull();
    expect(dayOf('2030-06-14Tnoon')).toBeNull();
  });

  it('todayIn and clockIn read the wall clock of a zone', () => {
    const now = new Date('2030-06-15T02:00:00Z');
    expect(todayIn('UTC', now)).toBe('2030-06-15');
    expect(todayIn('America/New_York', now)).toBe('2030-06-14');
    expect(todayIn('Pacific/Kiritimati', now)).toBe('2030-06-15');
    expect(todayIn('Pacific/Pago_Pago', now)).toBe('2030-06-14');
    expect(clockIn('America/New_York', now)).toEqual({ today: '2030-06-14', time: '22:00:00' });
    expect(clockIn('UTC', new Date('2030-06-15T00:00:05Z'))).toEqual({
      today: '2030-06-15',
      time: '00:00:05',
    });
  });
});

describe('the docs/product.md §5 slot rules', () => {
  const clock = { today: '2030-06-14', time: '22:00:00' };
  const schema = timeslotFormSchema(clock);
  /** The messages, by field, for the slot `day startTime–endTime`. */
  const errorsFor = (day: string, startTime: string, endTime: string) =>
    messagesOf(schema.safeParse({ day, startTime, endTime }));

  it('passes a valid slot', () => {
    expect(
      schema.safeParse({ day: '2030-06-14', startTime: '23:00', endTime: '23:30' }).success,
    ).toBe(true);
    expect(
      schema.safeParse({ day: '2030-06-20', startTime: '09:00', endTime: '09:15' }).success,
    ).toBe(true);
  });

  it('reports each rule on its field, with SPEC texts', () => {
    expect(errorsFor('', '', '')).toEqual({
      day: 'Date is required',
      startTime: 'Start time is required',
      endTime: 'End time is required',
    });
    expect(errorsFor('2030-06-13', '09:00', '10:00')).toEqual({
      day: 'Date cannot be in the past',
    });
    expect(errorsFor('2030-06-20', '10:00', '09:00')).toEqual({
      endTime: 'End time must be after start time',
    });
    expect(errorsFor('2030-06-20', '10:00', '10:14')).toEqual({
      endTime: 'Minimum slot duration is 15 minutes',
    });
    expect(errorsFor('2030-06-14', '21:00', '21:30')).toEqual({
      startTime: TIMESLOT_MESSAGES.startInPast,
    });
  });

  it('checks end against start even while the date is still empty (live form)', () => {
    expect(errorsFor('', '10:00', '09:00')).toEqual({
      day: 'Date is required',
      endTime: 'End time must be after start time',
    });
  });

  it('without a clock the past is not judged (the server judges it in the provider zone)', () => {
    expect(
      timeslotFormSchema().safeParse({ day: '2000-01-01', startTime: '09:00', endTime: '10:00' })
        .success,
    ).toBe(true);
  });

  it('update: all optional, day may be a date-time, nothing at all is refused', () => {
    expect(updateTimeslotBodySchema.parse({ day: '2030-06-14T00:00:00.000Z' })).toEqual({
      day: '2030-06-14',
    });
    expect(updateTimeslotBodySchema.parse({ endTime: '10:00:00' })).toEqual({
      endTime: '10:00:00',
    });
    expect(messagesOf(updateTimeslotBodySchema.safeParse({}))).toEqual({
      '': TIMESLOT_MESSAGES.nothingToUpdate,
    });
    expect(
      messagesOf(updateTimeslotBodySchema.safeParse({ startTime: '10:00', endTime: '10:10' })),
    ).toEqual({
      endTime: 'Minimum slot duration is 15 minutes',
    });
  });
});

describe('runs of slots', () => {
  it('plans consecutive slots with breaks, dates in order, never past the end', () => {
    const slots = planSlotRun({
      dates: ['2030-06-15', '2030-06-14'],
      startTime: '09:00',
      endTime: '11:10',
      slotMinutes: 30,
      breakMinutes: 15,
    });
    expect(slots.map((s) => `${s.day} ${s.startTime}-${s.endTime}`)).toEqual([
      '2030-06-14 09:00:00-09:30:00',
      '2030-06-14 09:45:00-10:15:00',
      '2030-06-14 10:30:00-11:00:00',
      '2030-06-15 09:00:00-09:30:00',
      '2030-06-15 09:45:00-10:15:00',
      '2030-06-15 10:30:00-11:00:00',
    ]);
  });

  it('expands a date range to the chosen weekdays', () => {
    // 2030-06-14 is a Friday.
    expect(datesBetween('2030-06-14', '2030-06-20', [1, 2, 3, 4, 5])).toEqual([
      '2030-06-14',
      '2030-06-17',
      '2030-06-18',
      '2030-06-19',
      '2030-06-20',
    ]);
    expect(datesBetween('2030-06-14', '2030-06-13', [5])).toEqual([]);
  });

  it('the body caps a request at 500 slots', () => {
    const dates = Array.from({ length: 21 }, (_, i) => `2030-07-${String(i + 1).padStart(2, '0')}`);
    const body = { dates, startTime: '08:00', endTime: '20:30', slotMinutes: 30 };
    expect(messagesOf(bulkCreateTimeslotsBodySchema.safeParse(body))).toEqual({
      dates: 'At most 500 slots can be created at once (this run makes 501)',
    });
    expect(
      bulkCreateTimeslotsBodySchema.safeParse({ ...body, dates: dates.slice(1) }).success,
    ).toBe(true);
  });

  it('the form checks the range, the weekdays and the run', () => {
    const schema = bulkTimeslotFormSchema({ today: '2030-06-14', time: '22:00:00' });
    const base = {
      fromDate: '2030-06-15',
      toDate: '2030-06-21',
      weekdays: [1, 2, 3, 4, 5],
      startTime: '09:00',
      endTime: '17:00',
      slotMinutes: 30,
      breakMinutes: 0,
    };
    expect(schema.safeParse(base).success).toBe(true);
    expect(messagesOf(schema.safeParse({ ...base, fromDate: '2030-06-13' }))).toEqual({
      fromDate: 'Date cannot be in the past',
    });
    expect(messagesOf(schema.safeParse({ ...base, toDate: '2030-06-10' }))).toEqual({
      toDate: TIMESLOT_MESSAGES.toDateBeforeFrom,
    });
    expect(messagesOf(schema.safeParse({ ...base, weekdays: [] }))).toEqual({
      weekdays: TIMESLOT_MESSAGES.weekdaysRequired,
    });
    expect(messagesOf(schema.safeParse({ ...base, toDate: '2030-06-16', weekdays: [3] }))).toEqual({
      weekdays: TIMESLOT_MESSAGES.noDatesInRange,
    });
    expect(messagesOf(schema.safeParse({ ...base, slotMinutes: 10 }))).toEqual({
      slotMinutes: 'Minimum slot duration is 15 minutes',
    });
    expect(messagesOf(schema.safeParse({ ...base, slotMinutes: Number.NaN }))).toEqual({
      slotMinutes: TIMESLOT_MESSAGES.slotLengthRequired,
    });
    expect(
      messagesOf(
        schema.safeParse({ ...base, toDate: '2030-09-30', weekdays: [0, 1, 2, 3, 4, 5, 6] }),
      ),
    ).toEqual({
      toDate: 'At most 500 slots can be created at once (this run makes 501)',
    });
  });
});
