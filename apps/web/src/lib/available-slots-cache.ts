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
 * A class stays: one seat taken rarely fills it, and the refetch that follows every event
 * brings its new count or drops it (docs/decisions/067-seats-and-series.md).
 */
export function withoutSlots<T>(old: T, taken: ReadonlySet<string>): T {
  const keep = (slot: AvailableSlot) => !taken.has(slot.id) || (slot.capacity ?? 1) > 1;
  if (isSlotPages(old)) {
    return {
      ...old,
      pages: old.pages.map((page) => ({
        ...page,
        availableSlots: page.availableSlots.filter(keep),
      })),
    } as T;
  }
  if (isSlotWindow(old)) return { ...old, availableSlots: old.availableSlots.filter(keep) } as T;
  return old;
}
