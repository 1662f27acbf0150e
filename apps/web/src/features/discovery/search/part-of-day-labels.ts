import { msg } from '@slotwise/shared/locales';
import type { PartOfDay } from '@slotwise/shared/discovery-schemas';

/**
 * docs/product.md §14.2's part-of-day names (morning before 12:00, evening from 17:00): message
 * keys, translated where shown.
 */
export const PART_OF_DAY_LABELS: Record<PartOfDay, string> = {
  morning: msg('Morning'),
  afternoon: msg('Afternoon'),
  evening: msg('Evening'),
};
