import { describe, expect, it } from 'vitest';
import type { WindowSlot } from './api/get-timeslot-window';
import { bookedBy, dayHeading, groupByDay, weekDays, weekTitle } from './slot-week';

function slot(day: string, start: string, overrides: Partial<WindowSlot> = {}): WindowSlot {
  return {
    id: `${day}-${start}`,
    day,
    start_time: `${start}:00`,
    end_time: `${start.slice(0, 3)}30:00`,
    type: 'Haircut',
    is_booked: false,
    source: 'manual',
    appointment_id: null,
    client_first_name: null,
    client_last_name: null,
    ...overrides,
  };
}

describe('the list of Time Slots, a week a page (docs/product.md §14.3)', () => {
  it('pages Monday to Sunday whatever day of the week it is given', () => {
    expect(weekDays('2026-11-26')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(weekDays('2026-11-29')[0]).toBe('2026-11-23');
    expect(weekDays('2026-11-30')[0]).toBe('2026-11-30');
    // Across a month and a year.
    expect(weekDays('2026-12-31')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it("titles a page by its range: 'Nov 23 – 29, 2026'", () => {
    expect(weekTitle(weekDays('2026-11-26')).replace(/\s/g, ' ')).toBe('Nov 23 – 29, 2026');
    expect(weekTitle(weekDays('2026-12-02')).replace(/\s/g, ' ')).toBe('Nov 30 – Dec 6, 2026');
  });

  it('groups by day in order, each day by start time, leaving out empty days', () => {
    const groups = groupByDay([
      slot('2026-11-27', '14:00'),
      slot('2026-11-25', '10:00'),
      slot('2026-11-27', '09:00'),
    ]);
    expect(groups.map((group) => [group.day, group.slots.map((s) => s.start_time)])).toEqual([
      ['2026-11-25', ['10:00:00']],
      ['2026-11-27', ['09:00:00', '14:00:00']],
    ]);
    expect(groupByDay([])).toEqual([]);
  });

  it('heads days near today by name, the others by date', () => {
    expect(dayHeading('2026-11-26', '2026-11-26')).toBe('Today · Thu, Nov 26');
    expect(dayHeading('2026-11-27', '2026-11-26')).toBe('Tomorrow · Fri, Nov 27');
    expect(dayHeading('2026-11-28', '2026-11-26')).toBe('Sat, Nov 28');
  });

  it("names a booked slot's client and service, and nothing for a free one", () => {
    const booked = slot('2026-11-27', '10:00', {
      is_booked: true,
      client_first_name: 'Ana',
      client_last_name: 'Lopez',
    });
    expect(bookedBy(booked)).toBe('Ana Lopez · Haircut');
    expect(bookedBy(slot('2026-11-27', '11:00'))).toBeNull();
  });
});
