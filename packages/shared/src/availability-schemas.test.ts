import { describe, expect, it } from 'vitest';
import {
  overlappingRules,
  parseTimeOffBound,
  timeslotWindowQuerySchema,
  weeklyHoursBodySchema,
} from './availability-schemas';

describe('parseTimeOffBound', () => {
  it('reads a whole day, a wall-clock time or an exact instant', () => {
    expect(parseTimeOffBound('2027-01-06')).toEqual({ kind: 'date', day: '2027-01-06' });
    expect(parseTimeOffBound('2027-01-06T09:30')).toEqual({
      kind: 'local',
      day: '2027-01-06',
      time: '09:30:00',
    });
    expect(parseTimeOffBound('2027-01-06T09:30:00-05:00')).toEqual({
      kind: 'instant',
      instant: '2027-01-06T14:30:00.000Z',
    });
  });

  it('refuses impossible dates and times and anything else', () => {
    for (const value of ['2027-02-30', '2027-01-06T24:00', '2027-01-06 09:30', 'soon', '']) {
      expect(parseTimeOffBound(value), value).toBeNull();
    }
  });
});

describe('weekly hours', () => {
  const rule = { weekday: 1, start: '09:00', end: '12:00', slotMinutes: 30 };

  it('ranges of one weekday may touch but not overlap', () => {
    expect(overlappingRules([rule, { ...rule, start: '12:00', end: '13:00' }])).toEqual([]);
    expect(overlappingRules([rule, { ...rule, start: '11:59', end: '13:00' }])).toEqual([[0, 1]]);
    expect(overlappingRules([rule, { ...rule, weekday: 2 }])).toEqual([]);
  });

  it('break defaults to 0; an empty week is valid', () => {
    const parsed = weeklyHoursBodySchema.parse({ rules: [rule], horizonWeeks: 4 });
    expect(parsed.rules[0]!.breakMinutes).toBe(0);
    expect(weeklyHoursBodySchema.safeParse({ rules: [], horizonWeeks: 1 }).success).toBe(true);
  });
});

describe('calendar window', () => {
  it('from and to go together, in order, at most 92 days', () => {
    const ok = (query: object) => timeslotWindowQuerySchema.safeParse(query).success;
    expect(ok({})).toBe(true);
    expect(ok({ include: 'past' })).toBe(true);
    expect(ok({ from: '2027-01-04', to: '2027-01-10' })).toBe(true);
    expect(ok({ from: '2027-01-04', to: '2027-01-04' })).toBe(true);
    expect(ok({ from: '2027-01-04' })).toBe(false);
    expect(ok({ from: '2027-01-04', to: '2027-01-03' })).toBe(false);
    expect(ok({ from: '2027-01-01', to: '2027-04-02' })).toBe(true);
    expect(ok({ from: '2027-01-01', to: '2027-04-03' })).toBe(false);
  });
});
