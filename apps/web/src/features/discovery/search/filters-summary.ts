import { categoryName } from '../../../lib/category-name';
import { formatDayName } from '../../../lib/date-time-format';
import type { DiscoveryFilters } from '../discovery-filters';
import { PART_OF_DAY_LABELS } from './part-of-day-labels';

/** How many filters are set beyond the defaults (the button's count). */
export function activeFilterCount(filters: DiscoveryFilters): number {
  return [
    filters.q,
    filters.category,
    filters.placeId ?? filters.near,
    filters.date,
    filters.partOfDay,
    filters.priceMax,
    filters.minRating,
    filters.sort,
  ].filter((value) => value !== null && value !== '').length;
}

/** 'Barbers · New York City · Today · Evening': the search in one line. */
export function searchSummary(filters: DiscoveryFilters): string {
  const parts = [
    filters.q ? `“${filters.q}”` : null,
    filters.category ? `${categoryName(filters.category)}s` : null,
    filters.place ?? (filters.near ? 'Near you' : null),
    filters.date ? formatDayName(filters.date) : null,
    filters.partOfDay ? PART_OF_DAY_LABELS[filters.partOfDay] : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'All providers, any time';
}
