import {
  CATALOGUE_MESSAGES,
  CATEGORIES,
  type CategorySlug,
} from '@slotwise/shared/catalogue-schemas';
import {
  type PartOfDay,
  SEARCH_DEFAULT_RADIUS_KM,
  type SearchSort,
  type providerSearchQuerySchema,
} from '@slotwise/shared/discovery-schemas';
import type { z } from 'zod';
import { ValidationError } from '../../errors';
import { findPlace } from '../catalogue/gazetteer';

/** Discovery's filters as matched (docs/decisions/048-public-discovery.md). */

export type SearchParams = z.output<typeof providerSearchQuerySchema>;

/** At most this many words of q become conditions (each one is an index lookup). */
const MAX_QUERY_WORDS = 6;

/** Escapes LIKE's wildcards so `50%_off` matches itself (the default escape is backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The search text as matched: trimmed, single-spaced, lower-case (like `search_text`). */
export function normalizeQuery(q: string | undefined): string {
  return (q ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The category a whole q names ('cleaner', 'Cleaners', 'plumbers'), if any. */
export function categoryNamedBy(q: string): CategorySlug | null {
  const word = q.replace(/s$/, '');
  return CATEGORIES.find((c) => c.slug === word)?.slug ?? null;
}

export interface Point {
  lat: number;
  lng: number;
}

/** The filters as matched: normalised, so equal searches share cursors and cache entries. */
export interface NormalisedSearch {
  q: string;
  words: string[];
  specialty: string;
  category: CategorySlug | null;
  point: Point | null;
  radiusM: number | null;
  date: string | null;
  /** docs/product.md §14.2: a slot starting in this part of the day (on `date`, or any day). */
  partOfDay: PartOfDay | null;
  priceMax: number | null;
  minRating: number | null;
  sort: SearchSort;
}

export function normaliseSearch(params: SearchParams): NormalisedSearch {
  let q = normalizeQuery(params.q);
  // A q that names a category ('cleaner', 'Plumbers') is that category: served by its index
  // instead of ranking every provider of it by text similarity.
  const named = q ? categoryNamedBy(q) : null;
  let category: CategorySlug | null = params.category ?? null;
  if (named && (category === null || category === named)) {
    category = named;
    q = '';
  }
  let point: Point | null = params.near ?? null;
  if (params.placeId !== undefined) {
    const place = findPlace(params.placeId);
    if (!place) throw ValidationError.field('placeId', CATALOGUE_MESSAGES.placeUnknown);
    point = { lat: place.lat, lng: place.lng };
  }
  return {
    q,
    words: q ? q.split(' ').slice(0, MAX_QUERY_WORDS) : [],
    specialty: normalizeQuery(params.specialty),
    category,
    point,
    radiusM: point ? (params.radiusKm ?? SEARCH_DEFAULT_RADIUS_KM) * 1000 : null,
    date: params.date ?? null,
    partOfDay: params.partOfDay ?? null,
    priceMax: params.priceMax ?? null,
    minRating: params.minRating ?? null,
    sort: params.sort ?? 'relevance',
  };
}
