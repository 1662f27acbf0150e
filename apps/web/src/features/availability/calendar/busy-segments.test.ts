import { describe, expect, it } from 'vitest';
import { busyQueryRange, busySegments } from './busy-segments';

const WEEK = ['2030-06-10', '2030-06-11', '2030-06-12'];

describe('busy segments (the week calendar greys busy time)', () => {
  it("places a block on the provider's wall clock, not the browser's", () => {
    const block = {
      starts_at: '2030-06-11T16:00:00.000Z',
      ends_at: '2030-06-11T17:00:00.000Z',
      calendar_name: 'Work',
    };
    const [inNewYork] = busySegments([block], WEEK, 'America/New_York');
    expect(inNewYork).toMatchObject({ day: '2030-06-11', start: 12 * 3600, end: 13 * 3600 });
    const [inBerlin] = busySegments([block], WEEK, 'Europe/Berlin');
    expect(inBerlin).toMatchObject({ day: '2030-06-11', start: 18 * 3600, end: 19 * 3600 });
  });

  it('cuts a block over midnight into a piece per visible day, and drops days not shown', () => {
    const segments = busySegments(
      [
        {
          starts_at: '2030-06-10T22:00:00Z',
          ends_at: '2030-06-12T02:00:00Z',
          calendar_name: 'Trip',
        },
        { starts_at: '2030-06-20T10:00:00Z', ends_at: '2030-06-20T11:00:00Z', calendar_name: 'X' },
      ],
      WEEK,
      'UTC',
    );
    expect(segments.map(({ day, start, end }) => [day, start / 3600, end / 3600])).toEqual([
      ['2030-06-11', 0, 24],
      ['2030-06-12', 0, 2],
      ['2030-06-10', 22, 24],
    ]);
  });

  it('asks for the visible days with a day of margin on each side', () => {
    expect(busyQueryRange(WEEK)).toEqual({
      from: '2030-06-09T00:00:00.000Z',
      to: '2030-06-14T00:00:00.000Z',
    });
  });
});
