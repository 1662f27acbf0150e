import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compareSlotTimes,
  formatSlot,
  formatSlotDate,
  formatSlotTime,
  formatSlotTimeRange,
  isLocalToday,
  localDateKey,
  parseCalendarDate,
} from './format-slot';

// New York is behind UTC: a calendar date read as UTC midnight shows the day before there.
const previousZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = previousZone;
});

describe('under TZ=America/New_York', () => {
  it('runs in New York (so the boundary cases below mean something)', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
    // The trap the formatters avoid: the date-only ISO form is UTC midnight, the 23rd here.
    expect(new Date('2026-11-24').getDate()).toBe(23);
  });

  it("formats a slot's day as that calendar date, not the day before", () => {
    expect(formatSlotDate('2026-11-24')).toBe('Tue, 24 Nov 2026');
    expect(formatSlotDate('2026-01-01')).toBe('Thu, 1 Jan 2026');
    expect(formatSlotDate('2025-12-31')).toBe('Wed, 31 Dec 2025');
    expect(formatSlotDate('2028-02-29')).toBe('Tue, 29 Feb 2028');
  });

  it('is unaffected by daylight-saving changes (New York springs forward on 8 Mar 2026)', () => {
    expect(formatSlotDate('2026-03-08')).toBe('Sun, 8 Mar 2026');
    expect(formatSlotDate('2026-11-01')).toBe('Sun, 1 Nov 2026');
  });

  it('accepts the date part of an ISO date-time', () => {
    expect(formatSlotDate('2026-11-24T00:00:00.000Z')).toBe('Tue, 24 Nov 2026');
  });

  it('shows the wall-clock times as sent, with no zone conversion', () => {
    expect(formatSlotTime('10:00:00')).toBe('10:00');
    expect(formatSlotTime('9:05')).toBe('09:05');
    expect(formatSlotTime('23:30:00')).toBe('23:30');
    expect(formatSlotTimeRange('10:00:00', '10:30:00')).toBe('10:00–10:30');
    // A late-evening slot stays on its own day (in UTC it would be the next morning).
    expect(formatSlot({ day: '2026-11-24', start_time: '23:00:00', end_time: '23:45:00' })).toBe(
      'Tue, 24 Nov 2026, 23:00–23:45',
    );
  });

  it("takes today's date from the local clock, not UTC", () => {
    // 03:30 UTC on the 25th is 22:30 on the 24th in New York.
    const lateEvening = new Date('2026-11-25T03:30:00Z');
    expect(localDateKey(lateEvening)).toBe('2026-11-24');
    expect(isLocalToday('2026-11-24', lateEvening)).toBe(true);
    expect(isLocalToday('2026-11-25', lateEvening)).toBe(false);
    // Just after local midnight it is the 25th here, still the 25th in UTC (05:00).
    const justAfterMidnight = new Date('2026-11-25T05:00:00Z');
    expect(localDateKey(justAfterMidnight)).toBe('2026-11-25');
    // Midnight UTC on 1 Jan is still New Year's Eve here.
    expect(localDateKey(new Date('2027-01-01T00:00:00Z'))).toBe('2026-12-31');
  });
});

describe('parseCalendarDate', () => {
  it('reads real dates and refuses anything else', () => {
    expect(parseCalendarDate('2026-11-24')).toEqual({ year: 2026, month: 11, day: 24 });
    expect(parseCalendarDate('2026-02-29')).toBeNull();
    expect(parseCalendarDate('2026-13-01')).toBeNull();
    expect(parseCalendarDate('24/11/2026')).toBeNull();
    expect(formatSlotDate('not a date')).toBe('not a date');
  });
});

describe('compareSlotTimes', () => {
  it('orders by day, then start time', () => {
    const slots = [
      { day: '2026-11-25', start_time: '09:00:00', end_time: '09:30:00' },
      { day: '2026-11-24', start_time: '14:00:00', end_time: '14:30:00' },
      { day: '2026-11-24', start_time: '09:00:00', end_time: '09:30:00' },
    ];
    expect([...slots].sort(compareSlotTimes).map((s) => `${s.day} ${s.start_time}`)).toEqual([
      '2026-11-24 09:00:00',
      '2026-11-24 14:00:00',
      '2026-11-25 09:00:00',
    ]);
  });
});
