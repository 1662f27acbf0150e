import { describe, expect, it } from 'vitest';
import { makeWindowSlot } from '../../../../test/schedule-api';
import { layoutWeek, slotKey } from './week-layout';

const MON = '2030-06-10';
const TUE = '2030-06-11';

describe('layoutWeek', () => {
  it('shows 08–18 for an empty week, every quarter of it free', () => {
    const layout = layoutWeek([MON, TUE], []);
    expect(layout.hours).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(layout.cells[0]![0]).toMatchObject({
      day: MON,
      hour: 8,
      key: `cell:${MON}:8`,
      starting: [],
      freeQuarters: ['08:00', '08:15', '08:30', '08:45'],
      freeStart: '08:00',
    });
  });

  it('places slots in the hour they start, earliest first, and frees only uncovered quarters', () => {
    const late = makeWindowSlot({ day: MON, start_time: '09:40:00', end_time: '10:10:00' });
    const early = makeWindowSlot({ day: MON, start_time: '09:00:00', end_time: '09:15:00' });
    const otherDay = makeWindowSlot({ day: TUE, start_time: '09:00:00', end_time: '11:00:00' });
    const outside = makeWindowSlot({
      day: '2030-06-12',
      start_time: '09:00:00',
      end_time: '10:00:00',
    });
    const layout = layoutWeek([MON, TUE], [late, otherDay, outside, early]);

    const nine = layout.cells[1]!;
    expect(nine[0]!.starting.map((slot) => slot.id)).toEqual([early.id, late.id]);
    // 09:15–09:30 is free; 09:30–09:45 is partly covered by 09:40 (a quarter overlapping a slot
    // is not free), and so are the rest.
    expect(nine[0]!.freeQuarters).toEqual(['09:15']);
    expect(layout.cells[2]![0]!.freeQuarters).toEqual(['10:15', '10:30', '10:45']);
    expect(nine[1]!.freeQuarters).toEqual([]);
    expect(nine[1]!.freeStart).toBeNull();
    expect(layout.cells.flat().flatMap((cell) => cell.starting)).not.toContain(outside);
    // The keyboard walks a column top to bottom: a cell's free time, then its slots.
    expect(layout.columns[0]!.slice(0, 6)).toEqual([
      `cell:${MON}:8`,
      `cell:${MON}:9`,
      slotKey(early),
      slotKey(late),
      `cell:${MON}:10`,
      `cell:${MON}:11`,
    ]);
  });

  it('widens the rows to cover early and late slots, a midnight end included', () => {
    const layout = layoutWeek(
      [MON],
      [
        makeWindowSlot({ day: MON, start_time: '06:30:00', end_time: '07:00:00' }),
        makeWindowSlot({ day: MON, start_time: '23:30:00', end_time: '00:00:00' }),
      ],
    );
    expect(layout.hours[0]).toBe(6);
    expect(layout.hours.at(-1)).toBe(23);
    expect(layout.cells.at(-1)![0]!.freeQuarters).toEqual(['23:00', '23:15']);
    expect(layout.cells[0]![0]!.freeQuarters).toEqual(['06:00', '06:15']);
  });
});
