import {
  PARTS_OF_DAY,
  type PartOfDay,
  SEARCH_SORTS,
  type SearchSort,
} from '@slotwise/shared/discovery-schemas';
import { CATEGORY_SLUGS, type CategorySlug } from '@slotwise/shared/catalogue-schemas';
import { isIsoDate } from '@slotwise/shared/dates';

/**
 * The filters of /providers (docs/product.md §11.2), all kept in the page's URL so a search is
 * shareable and the back button steps through it. The URL uses the API's own parameter names
 * (`q`, `category`, `near`, `placeId`, `radiusKm`, `date`, `partOfDay`, `priceMax` in cents,
 * `minRating`, `sort`); `place` is only the chosen place's display name. `date` is a day the
 * client chose ('Today' is the client's own today), matched on each provider's clock
 * (docs/product.md §14.2).
 */
export interface DiscoveryFilters {
  q: string;
  category: CategorySlug | null;
  placeId: string | null;
  /** The place's name as the picker showed it (display only; not sent to the API). */
  place: string | null;
  /** 'lat,lng' from the browser's location ("near me"). */
  near: string | null;
  radiusKm: number | null;
  date: string | null;
  /** Morning, afternoon or evening on the provider's clock (on `date`, or any day). */
  partOfDay: PartOfDay | null;
  /** Minor units, like the API. */
  priceMax: number | null;
  minRating: number | null;
  sort: SearchSort | null;
}

export const EMPTY_FILTERS: DiscoveryFilters = {
  q: '',
  category: null,
  placeId: null,
  place: null,
  near: null,
  radiusKm: null,
  date: null,
  partOfDay: null,
  priceMax: null,
  minRating: null,
  sort: null,
};

/** The rating choices of the filter ('4+' and so on). */
export const MIN_RATING_CHOICES = [3, 3.5, 4, 4.5] as const;

const NEAR = /^-?\d{1,2}(?:\.\d{1,6})?,-?\d{1,3}(?:\.\d{1,6})?$/;

function numberIn(value: string | null, min: number, max: number): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && number >= min && number <= max ? number : null;
}

/**
 * The filters a URL states. A hand-edited or stale value the API would refuse is dropped
 * (the page then shows the search without it) rather than shown as an error page.
 */
export function readFilters(params: URLSearchParams): DiscoveryFilters {
  const category = params.get('category');
  const sort = params.get('sort');
  const near = params.get('near');
  const placeId = params.get('placeId');
  const date = params.get('date');
  const partOfDay = params.get('partOfDay');
  const point = Boolean((near && NEAR.test(near)) || placeId);
  const filters: DiscoveryFilters = {
    q: (params.get('q') ?? '').slice(0, 100),
    category: CATEGORY_SLUGS.includes(category as CategorySlug) ? (category as CategorySlug) : null,
    // A point is near or a place, never both (the API refuses both).
    near: near && NEAR.test(near) ? near : null,
    placeId:
      near && NEAR.test(near) ? null : placeId && /^\d{1,12}$/.test(placeId) ? placeId : null,
    place: null,
    radiusKm: point ? numberIn(params.get('radiusKm'), 1, 500) : null,
    date: date && isIsoDate(date) ? date : null,
    partOfDay: PARTS_OF_DAY.includes(partOfDay as PartOfDay) ? (partOfDay as PartOfDay) : null,
    priceMax: numberIn(params.get('priceMax'), 0, 10_000_000),
    minRating: numberIn(params.get('minRating'), 1, 5),
    sort: SEARCH_SORTS.includes(sort as SearchSort) ? (sort as SearchSort) : null,
  };
  if (filters.priceMax !== null) filters.priceMax = Math.round(filters.priceMax);
  if (filters.placeId) filters.place = params.get('place')?.slice(0, 100) || null;
  if (filters.sort === 'distance' && !filters.near && !filters.placeId) filters.sort = null;
  return filters;
}

/** The URL parameters of `filters` (empty ones left out, so URLs stay short). */
export function filtersToParams(filters: DiscoveryFilters): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | null) => {
    if (value !== null && value !== '') params.set(key, String(value));
  };
  set('q', filters.q.trim());
  set('category', filters.category);
  set('near', filters.near);
  set('placeId', filters.placeId);
  set('place', filters.placeId ? filters.place : null);
  set('radiusKm', filters.near || filters.placeId ? filters.radiusKm : null);
  set('date', filters.date);
  set('partOfDay', filters.partOfDay);
  set('priceMax', filters.priceMax);
  set('minRating', filters.minRating);
  set('sort', filters.sort);
  return params;
}

/** The API's query for `filters` (without the display-only place name). */
export function filtersToQuery(filters: DiscoveryFilters): Record<string, string> {
  const params = filtersToParams(filters);
  params.delete('place');
  return Object.fromEntries(params);
}
