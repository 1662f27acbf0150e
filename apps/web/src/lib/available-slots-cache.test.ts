import type { AvailableSlotsResponse } from '@slotwise/shared/discovery-schemas';
import { describe, expect, it } from 'vitest';
import { makeSlot } from '../../test/booking-api';
import { withSeatsTaken, withoutSlots } from './available-slots-cache';

/** A seat booked of a class keeps it listed (the refetch counts); a slot taken whole leaves. */
describe('the cached free slots after a slots_changed event', () => {
  const single = makeSlot({ id: 'single' });
  const yoga = makeSlot({ id: 'yoga', capacity: 8, seats_left: 7 });
  const lastSeat = makeSlot({ id: 'last', capacity: 8, seats_left: 1 });
  const window: AvailableSlotsResponse = {
    availableSlots: [single, yoga, lastSeat],
    from: '2030-06-14',
    to: '2030-06-27',
    nextFrom: null,
  };

  it('keeps a class with seats left for the refetch to count, drops the others', () => {
    const after = withSeatsTaken(window, new Set(['single', 'yoga', 'last']));
    expect(after.availableSlots).toEqual([yoga]);
  });

  it('works on the screens’ pages of windows, and leaves untouched slots as they were', () => {
    const pages = { pages: [window], pageParams: [undefined] };
    const after = withSeatsTaken(pages, new Set(['yoga']));
    expect(after.pages[0]!.availableSlots).toEqual([single, yoga, lastSeat]);
    const dropped = withSeatsTaken(pages, new Set(['single']));
    expect(dropped.pages[0]!.availableSlots).toEqual([yoga, lastSeat]);
  });

  it('a slot answered taken leaves the list whatever its seats (409 SLOT_TAKEN: full)', () => {
    expect(withoutSlots(window, new Set(['yoga'])).availableSlots.map((s) => s.id)).toEqual([
      'single',
      'last',
    ]);
  });
});
