import { z } from './zod';
import { msg } from './locales';
import { bookingPolicySchema } from './policies-schemas';
import { isIsoDate } from './dates';
import {
  CATEGORY_SLUGS,
  MAX_PRICE_CENTS,
  SERVICE_MODES,
  categoryField,
  placeIdField,
  providerLocationResponseSchema,
  serviceResponseSchema,
} from './catalogue-schemas';
import { timeslotResponseSchema } from './availability-slot-schemas';
import { AVAILABILITY_MESSAGES, MAX_WINDOW_DAYS } from './availability-schemas';
import { BOOKING_MESSAGES, positiveInt } from './appointments-booking-schemas';

/**
 * Discovery (docs/product.md §2, §3, §9, §10, §11.2): the request schemas of provider search, the
 * provider page and its free times, and the response shapes the server and the web both rely on.
 * Field names follow docs/product.md §3 (snake_case where SPEC shows it).
 */

export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;
/** Deep pages cost an OFFSET scan each; nobody pages this far through a local marketplace. */
export const SEARCH_MAX_PAGE = 1000;
export const SEARCH_MAX_QUERY_LENGTH = 100;
/** docs/product.md §9: the client's search box searches from this many characters on. */
export const SEARCH_MIN_QUERY_LENGTH = 2;

/** The sort orders of GET /search/providers (docs/product.md §11.2). */
export const SEARCH_SORTS = ['relevance', 'rating', 'distance', 'soonest', 'price'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** Default radius around `near`/`placeId` (docs/product.md §11.2). */
export const SEARCH_DEFAULT_RADIUS_KM = 25;
export const SEARCH_MAX_RADIUS_KM = 500;
/** Counts stop here: past it the answer says "2,000+" (totalIsCapped) instead of counting on. */
export const SEARCH_COUNT_CAP = 2000;
export const SEARCH_MAX_CURSOR_LENGTH = 512;

/**
 * Parts of a day by a slot's local start time on the provider's clock (docs/product.md §14.2):
 * morning before 12:00, afternoon 12:00 to 17:00, evening from 17:00.
 */
export const PARTS_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];
/** Each part's local start times, [from, until) as 'HH:MM' ('' and '24:00': open ends). */
export const PART_OF_DAY_BOUNDS: Record<PartOfDay, { from: string; until: string }> = {
  morning: { from: '00:00', until: '12:00' },
  afternoon: { from: '12:00', until: '17:00' },
  evening: { from: '17:00', until: '24:00' },
};

/** Texts of the public discovery filters (docs/product.md §11.2). */
export const DISCOVERY_MESSAGES = {
  nearInvalid: msg(
    "'near' must be latitude,longitude in degrees (latitude -90 to 90, longitude -180 to 180)",
  ),
  nearAndPlace: msg("Give either 'near' or 'placeId', not both"),
  radiusInvalid: msg('Radius must be a number of kilometres from 1 to 500'),
  radiusNeedsPoint: msg("A radius needs 'near' or 'placeId'"),
  priceMaxInvalid: msg('Maximum price must be a whole number of cents from 0 to 10,000,000'),
  minRatingInvalid: msg('Minimum rating must be a number from 1 to 5'),
  sortUnknown: msg('Sort must be one of: relevance, rating, distance, soonest, price'),
  distanceNeedsPoint: msg("Sorting by distance needs 'near' or 'placeId'"),
  partOfDayUnknown: msg('Part of day must be one of: morning, afternoon, evening'),
  cursorInvalid: msg('This page of results is no longer valid. Please search again.'),
  cursorWithPage: msg("Give either 'cursor' or 'page', not both"),
  invalidCharacters: msg('Search text contains characters that are not allowed'),
  nearMeRefused: msg('Location access was refused. Choose a city instead.'),
} as const;

/** Text that PostgreSQL cannot store or that only a script would send: NUL and other C0 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function searchText(max: number, tooLong: string) {
  return z
    .string()
    .max(max, tooLong)
    .refine((value) => !CONTROL_CHARACTERS.test(value), DISCOVERY_MESSAGES.invalidCharacters)
    .transform((value) => value.trim());
}

/** `near=lat,lng` in degrees → `{lat, lng}`. */
const nearField = z.string({ error: DISCOVERY_MESSAGES.nearInvalid }).transform((value, ctx) => {
  const match = /^\s*(-?\d{1,3}(?:\.\d{1,10})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,10})?)\s*$/.exec(value);
  const lat = match ? Number(match[1]) : Number.NaN;
  const lng = match ? Number(match[2]) : Number.NaN;
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) {
    ctx.addIssue({ code: 'custom', message: DISCOVERY_MESSAGES.nearInvalid });
    return z.NEVER;
  }
  return { lat, lng };
});

/**
 * GET /search/providers (docs/product.md §3, §9 and §11.2): SPEC's `q`/`specialty`/`page`/`limit`
 * plus the marketplace filters. `page` (SPEC's client search box) and `cursor` (public
 * discovery) are two ways through the same ordered results; the answer carries both.
 */
export const providerSearchQuerySchema = z
  .object({
    /** Matched against first name, last name, specialty and category; every word must appear. */
    q: searchText(SEARCH_MAX_QUERY_LENGTH, BOOKING_MESSAGES.queryTooLong).optional(),
    /** Case-insensitive "contains" filter on the specialty (e.g. `plumb` → Plumber). */
    specialty: searchText(80, BOOKING_MESSAGES.queryTooLong).optional(),
    category: categoryField.optional(),
    near: nearField.optional(),
    placeId: placeIdField.optional(),
    radiusKm: z.coerce
      .number({ error: DISCOVERY_MESSAGES.radiusInvalid })
      .min(1, DISCOVERY_MESSAGES.radiusInvalid)
      .max(SEARCH_MAX_RADIUS_KM, DISCOVERY_MESSAGES.radiusInvalid)
      .optional(),
    /** Has a bookable slot on this day, in the provider's own zone. */
    date: z.string().trim().refine(isIsoDate, BOOKING_MESSAGES.invalidDate).optional(),
    /**
     * Has a bookable slot starting in this part of the day (provider's clock): on `date` when
     * given, otherwise on any day; `next_available` is then the first such slot.
     */
    partOfDay: z.enum(PARTS_OF_DAY, { error: DISCOVERY_MESSAGES.partOfDayUnknown }).optional(),
    priceMax: z.coerce
      .number({ error: DISCOVERY_MESSAGES.priceMaxInvalid })
      .int(DISCOVERY_MESSAGES.priceMaxInvalid)
      .min(0, DISCOVERY_MESSAGES.priceMaxInvalid)
      .max(MAX_PRICE_CENTS, DISCOVERY_MESSAGES.priceMaxInvalid)
      .optional(),
    minRating: z.coerce
      .number({ error: DISCOVERY_MESSAGES.minRatingInvalid })
      .min(1, DISCOVERY_MESSAGES.minRatingInvalid)
      .max(5, DISCOVERY_MESSAGES.minRatingInvalid)
      .optional(),
    /** `rating`: best first by the Bayesian average (docs/decisions/045-reviews-and-ratings.md). */
    sort: z.enum(SEARCH_SORTS, { error: DISCOVERY_MESSAGES.sortUnknown }).optional(),
    /** Opaque: the `nextCursor` of the previous answer. */
    cursor: z.string().max(SEARCH_MAX_CURSOR_LENGTH, DISCOVERY_MESSAGES.cursorInvalid).optional(),
    page: positiveInt(BOOKING_MESSAGES.invalidPage, SEARCH_MAX_PAGE).optional(),
    limit: positiveInt(BOOKING_MESSAGES.invalidLimit, SEARCH_MAX_LIMIT)
      .optional()
      .default(SEARCH_DEFAULT_LIMIT),
  })
  .superRefine((query, ctx) => {
    const hasPoint = query.near !== undefined || query.placeId !== undefined;
    if (query.near !== undefined && query.placeId !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['placeId'], message: DISCOVERY_MESSAGES.nearAndPlace });
    }
    if (query.radiusKm !== undefined && !hasPoint) {
      ctx.addIssue({
        code: 'custom',
        path: ['radiusKm'],
        message: DISCOVERY_MESSAGES.radiusNeedsPoint,
      });
    }
    if (query.sort === 'distance' && !hasPoint) {
      ctx.addIssue({
        code: 'custom',
        path: ['sort'],
        message: DISCOVERY_MESSAGES.distanceNeedsPoint,
      });
    }
    if (query.cursor !== undefined && query.page !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['cursor'],
        message: DISCOVERY_MESSAGES.cursorWithPage,
      });
    }
  });
export type ProviderSearchQuery = z.input<typeof providerSearchQuerySchema>;

const optionalDay = z.string().trim().refine(isIsoDate, BOOKING_MESSAGES.invalidDate).optional();

/** The days one available-slots answer covers when `to` is not given (docs/decisions/054). */
export const AVAILABLE_WINDOW_DAYS = 14;

function daySpan(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}

/**
 * GET /search/providers/:id/available-slots?from=&to=: a window of days in the provider's zone,
 * inclusive. `from` defaults to the provider's today, `to` to `from` + 13 days; at most
 * MAX_WINDOW_DAYS days (docs/decisions/054-available-slots-window.md).
 */
export const availableSlotsQuerySchema = z
  .object({ from: optionalDay, to: optionalDay })
  .superRefine((v, ctx) => {
    if (!v.from || !v.to || !isIsoDate(v.from) || !isIsoDate(v.to)) return;
    if (v.to < v.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: BOOKING_MESSAGES.toBeforeFrom });
    } else if (daySpan(v.from, v.to) > MAX_WINDOW_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: AVAILABILITY_MESSAGES.windowTooWide });
    }
  });
export type AvailableSlotsQuery = z.input<typeof availableSlotsQuerySchema>;

// ---- Responses ---------------------------------------------------------------------------------

/** docs/product.md §3 provider (listing/search), plus §11.2's marketplace fields. */
export const providerListingSchema = z.object({
  provider_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  specialty: z.string(),
  bio: z.string(),
  profile_image_url: z.string().nullable(),
  /** Mean rating, one decimal; null without reviews. */
  rating: z.number().nullable(),
  review_count: z.number(),
  category: z.enum(CATEGORY_SLUGS).nullable(),
  /** The provider's place name (null: none chosen). */
  city: z.string().nullable(),
  /** Great-circle distance from `near`/`placeId`, one decimal; null without a point. */
  distance_km: z.number().nullable(),
  /** The cheapest active service's price, in minor units, and its currency; null: no services. */
  price_from_cents: z.number().nullable(),
  currency: z.string().nullable(),
  /** That cheapest active service's name ('Haircut from $25.00'); null: no services. */
  price_from_service_name: z.string().nullable().optional(),
  /** The provider's IANA time zone, to phrase `next_available` on the provider's clock. */
  timezone: z.string().optional(),
  /**
   * ISO instant of the next slot a client could book now (free, future, policy-accepted); with
   * `date` and/or `partOfDay`, the first such slot on that day and in that part of the day.
   */
  next_available: z.string().nullable(),
  /** That slot's id, so a "next available" button can open it. */
  next_available_slot_id: z.string().nullable(),
  /** The business the provider works in (docs/product.md §13.1); null for a sole provider. */
  business_id: z.string().nullable().optional(),
  business_name: z.string().nullable().optional(),
});
export type ProviderListing = z.infer<typeof providerListingSchema>;

export const providerSearchResponseSchema = z.object({
  providers: z.array(providerListingSchema),
  /** SPEC's page (1 when paging by cursor) and page size. */
  page: z.number(),
  limit: z.number(),
  /** Every match, across all pages, counted up to SEARCH_COUNT_CAP. */
  total: z.number(),
  /** True when there are more than `total` matches ("2,000+"). */
  totalIsCapped: z.boolean(),
  /** The next page's cursor; null at the end. */
  nextCursor: z.string().nullable(),
});
export type ProviderSearchResponse = z.infer<typeof providerSearchResponseSchema>;

/** A service as the public provider page shows it (active services only). */
export const publicServiceSchema = serviceResponseSchema.omit({ active: true });
export type PublicService = z.infer<typeof publicServiceSchema>;

/** docs/product.md §3 provider detail, plus its provider_id and §11.2's public-page fields. */
export const providerDetailSchema = z.object({
  provider_id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The business contact; only for signed-in callers (never to anonymous visitors). */
  email: z.string().optional(),
  specialty: z.string(),
  bio: z.string(),
  profileImageUrl: z.string().nullable(),
  /** Mean rating, one decimal; null without reviews. */
  rating: z.number().nullable(),
  reviewCount: z.number(),
  /** The provider's booking policy, stated on the provider page (docs/product.md §11.4). */
  bookingPolicy: bookingPolicySchema.optional(),
  category: z.enum(CATEGORY_SLUGS).nullable(),
  location: providerLocationResponseSchema.nullable(),
  serviceMode: z.enum(SERVICE_MODES),
  radiusKm: z.number().nullable(),
  /** Active services, cheapest first. */
  services: z.array(publicServiceSchema),
  /** The business the provider works in (docs/product.md §13.1, §14.1); null for a sole provider. */
  business_id: z.string().nullable().optional(),
  business_name: z.string().nullable().optional(),
});
export type ProviderDetail = z.infer<typeof providerDetailSchema>;

export const providerDetailResponseSchema = z.object({ provider: providerDetailSchema });
export type ProviderDetailResponse = z.infer<typeof providerDetailResponseSchema>;

/** docs/product.md §3 time slot as a client sees it (always free): day and times in the provider's zone. */
export const availableSlotSchema = timeslotResponseSchema.omit({ is_booked: true }).extend({
  /** The same start and end as ISO instants, for showing them in the viewer's own zone. */
  starts_at: z.string(),
  ends_at: z.string(),
});
export type AvailableSlot = z.infer<typeof availableSlotSchema>;

export const availableSlotsResponseSchema = z.object({
  /** The window's free slots, earliest first: every one of them (a window is at most 92 days). */
  availableSlots: z.array(availableSlotSchema),
  /** The window answered (days in the provider's zone, inclusive): the next one starts after `to`. */
  from: z.string(),
  to: z.string(),
  /** The day of the first available slot after `to` (null: none), for 'Show later times'. */
  nextFrom: z.string().nullable(),
});
export type AvailableSlotsResponse = z.infer<typeof availableSlotsResponseSchema>;
