import { SEARCH_DEFAULT_RADIUS_KM } from '@slotwise/shared/discovery-schemas';
import { formatDistance } from '../../../lib/date-time-format';

/** The "Within" choices around a place or 'near me' (docs/product.md §14.2), in kilometers. */
export const RADIUS_CHOICES = [5, 10, SEARCH_DEFAULT_RADIUS_KM, 50, 100] as const;

/** 'Within 10 km' */
export function radiusLabel(km: number): string {
  return `Within ${formatDistance(km)}`;
}
