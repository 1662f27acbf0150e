import type { AvailableSlot, AvailableSlotsResponse } from '@slotwise/shared/discovery-schemas';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * Cached answers of GET /search/providers/:id/available-slots come in two shapes: one window
 * `{availableSlots, …}`, or the screens' pages of windows (features/availability/api/
 * get-available-slots.ts, an infinite query). Both live under ['available-slots', providerId].
 */
type SlotPages = InfiniteData<AvailableSlotsResponse, string | undefined>;

function isSlotPages(data: unknown): data is SlotPages {
  return typeof data === 'object' && data !== null && Array.isArray((data as SlotPages).pages);
}

function isSlotWindow(data: unknown): data is AvailableSlotsResponse {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as AvailableSlotsResponse).availableSlots)
  );
}

/**
 * A cached available-slots answer (one window, or the screens' pages of windows) without the
 * slots `taken`; anything else unchanged. For the slot events and a booking answered as taken.
 */
export function withoutSlots<T>(old: T, taken: ReadonlySet<string>): T {
  return mapSlots(old, (slot) => (taken.has(slot.id) ? null : slot));
}

/**
 * A cached available-slots answer after the socket's slots_changed event said the slots `taken`
 * were booked: a slot leaves the list at once, except a class that had more than one seat left
 * (docs/decisions/067-seats-and-series.md: each seat booked is such an event), which stays as it
 * is; the refetch that follows every event brings its new count ("2 of 12 left"). Counting down
 * here instead could count a seat twice when the refetch came first.
 */
export function withSeatsTaken<T>(old: T, taken: ReadonlySet<string>): T {
  return mapSlots(old, (slot) => {
    if (!taken.has(slot.id)) return slot;
    const left = slot.seats_left ?? slot.capacity ?? 1;
    return (slot.capacity ?? 1) > 1 && left > 1 ? slot : null;
  });
}

/** Each cached slot mapped (null: dropped), in either cached shape; anything else unchanged. */
function mapSlots<T>(old: T, map: (slot: AvailableSlot) => AvailableSlot | null): T {
  const apply = (slots: AvailableSlot[]) =>
    slots.map(map).filter((slot): slot is AvailableSlot => slot !== null);
  if (isSlotPages(old)) {
    return {
      ...old,
      pages: old.pages.map((page) => ({ ...page, availableSlots: apply(page.availableSlots) })),
    } as T;
  }
  if (isSlotWindow(old)) return { ...old, availableSlots: apply(old.availableSlots) } as T;
  return old;
}
