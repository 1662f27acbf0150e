import { msg } from '@slotwise/shared/locales';
import type { AvailableSlot } from '@slotwise/shared/discovery-schemas';

/** The parts of a day the times are grouped in (docs/product.md §14.1), by their start. */
export const DAY_PARTS = [
  { key: 'morning', label: msg('Morning'), from: '00:00', to: '12:00' },
  { key: 'afternoon', label: msg('Afternoon'), from: '12:00', to: '17:00' },
  { key: 'evening', label: msg('Evening'), from: '17:00', to: '24:00' },
] as const;
export type DayPartKey = (typeof DAY_PARTS)[number]['key'];

/** Day first, then start time: both strings on the provider's wall clock, so they sort as text. */
function byStart(a: AvailableSlot, b: AvailableSlot): number {
  return a.day === b.day ? a.start_time.localeCompare(b.start_time) : a.day.localeCompare(b.day);
}

/** Slots of `serviceId` plus slots that name no service; all slots when no service is picked. */
export function slotsForService(
  slots: readonly AvailableSlot[],
  serviceId: string | null,
): AvailableSlot[] {
  if (!serviceId) return [...slots];
  return slots.filter((slot) => !slot.service_id || slot.service_id === serviceId);
}

/** Slots grouped by their day, days and times in order. */
export function slotsByDay(slots: readonly AvailableSlot[]): Map<string, AvailableSlot[]> {
  const groups = new Map<string, AvailableSlot[]>();
  for (const slot of [...slots].sort(byStart)) {
    const group = groups.get(slot.day);
    if (group) group.push(slot);
    else groups.set(slot.day, [slot]);
  }
  return groups;
}

/** One day's slots split into Morning / Afternoon / Evening; empty parts are left out. */
export function slotsByDayPart(
  daySlots: readonly AvailableSlot[],
): { key: DayPartKey; label: string; slots: AvailableSlot[] }[] {
  return DAY_PARTS.map((part) => ({
    key: part.key,
    label: part.label,
    slots: daySlots.filter((slot) => {
      const start = slot.start_time.slice(0, 5);
      return start >= part.from && start < part.to;
    }),
  })).filter((part) => part.slots.length > 0);
}
