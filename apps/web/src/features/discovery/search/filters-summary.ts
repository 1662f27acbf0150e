import { categoryName } from '../../../lib/category-name';
import { formatDayName } from '../../../lib/date-time-format';
import { translate } from '../../../lib/i18n';
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
    filters.q ? translate('“{{query}}”', { query: filters.q }) : null,
    filters.category
      ? translate('{{category}}s', { category: translate(categoryName(filters.category)) })
      : null,
    filters.place ?? (filters.near ? translate('Near you') : null),
    filters.date ? formatDayName(filters.date) : null,
    filters.partOfDay ? translate(PART_OF_DAY_LABELS[filters.partOfDay]) : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : translate('All providers, any time');
}
