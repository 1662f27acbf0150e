import {
  type AvailableSlot,
  BOOKING_MESSAGES,
  type ProviderDetail,
  type ProviderListing,
} from '@slotwise/shared/booking-types';
import { and, asc, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { providers, timeslots, users } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { imageUrl } from '../../images/image-store';
import { slotIsClaimable } from '../appointments/claimable-slot';
import { withServicePrices } from '../services/slot-prices';
import { slotObeysPolicy } from '../policies/policy-rules';
import { getBookingPolicy } from '../policies/service';
import { bayesianScore, providerRating, providerReviewCount, toRating } from '../reviews/rating';

/**
 * Provider discovery (docs/product.md §2 client area, provider detail; docs/product.md §10). Only listed providers
 * are ever visible: a completed profile (specialty set) and a verified email. Every query
 * selects its columns by name, so nothing private (password hash, a user's own email for
 * clients) can leave through here.
 */

/** What the UUID column accepts; anything else cannot name a provider (→ 404, not a SQL error). */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Escapes LIKE's wildcards so `50%_off` matches itself (the default escape is backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The search text as matched: trimmed, single-spaced, lower-case (like `search_text`). */
export function normalizeQuery(q: string | undefined): string {
  return (q ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** At most this many words of q become conditions (each one is an index lookup). */
const MAX_QUERY_WORDS = 6;

/** A provider that clients may see. */
const listed = and(isNotNull(providers.specialty), isNotNull(users.emailVerifiedAt));

export interface ProviderSearchParams {
  q?: string;
  specialty?: string;
  page: number;
  limit: number;
  /** `rating`: best first by the Bayesian average (docs/decisions/045-reviews-and-ratings.md). */
  sort?: 'relevance' | 'rating';
}

function searchConditions(params: ProviderSearchParams): SQL | undefined {
  const q = normalizeQuery(params.q);
  const words = q ? q.split(' ').slice(0, MAX_QUERY_WORDS) : [];
  const specialty = normalizeQuery(params.specialty);
  return and(
    listed,
    // Every word somewhere in "first last specialty": served by the trigram GIN index.
    // search_text and the words are both lower-cased already, so LIKE, not ILIKE: the same
    // matches, and ~6× cheaper per row wherever the planner reads the table itself (broad
    // words match thousands of providers, and then it rightly prefers a sequential scan).
    ...words.map((word) => sql`${providers.searchText} like ${`%${escapeLike(word)}%`}`),
    // The specialty is part of search_text too: the index narrows, the column decides.
    ...(specialty
      ? [
          sql`${providers.searchText} like ${`%${escapeLike(specialty)}%`}`,
          sql`${providers.specialty} ilike ${`%${escapeLike(specialty)}%`}`,
        ]
      : []),
  );
}

/**
 * The search as one query (exported so a test can EXPLAIN it): best match first — how well q
 * matches a whole word run of the text (word_similarity), then the whole text (similarity) —
 * then by name; without q simply by name. The id breaks ties, so pages never overlap.
 */
export function providerSearchQuery(db: DbOrTx, params: ProviderSearchParams) {
  const q = normalizeQuery(params.q);
  const byRelevance = q
    ? [
        sql`word_similarity(${q}, ${providers.searchText}) desc`,
        sql`similarity(${q}, ${providers.searchText}) desc`,
      ]
    : [];
  const byRating =
    params.sort === 'rating' ? [sql`${bayesianScore()} desc`, desc(providers.ratingCount)] : [];
  return db
    .select({
      provider_id: providers.id,
      first_name: users.firstName,
      last_name: users.lastName,
      specialty: providers.specialty,
      bio: providers.bio,
      profileImageId: users.profileImageId,
      rating: providerRating,
      reviewCount: providerReviewCount,
      // Every match is read to rank it anyway: counting them here spares a second query.
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(searchConditions(params))
    .orderBy(
      ...byRating,
      ...byRelevance,
      asc(users.firstName),
      asc(users.lastName),
      asc(providers.id),
    )
    .limit(params.limit)
    .offset((params.page - 1) * params.limit);
}

export interface ProviderSearchResult {
  providers: ProviderListing[];
  page: number;
  limit: number;
  total: number;
}

/** GET /search/providers: one page of listed providers matching q and specialty. */
export async function searchProviders(
  db: DbOrTx,
  params: ProviderSearchParams,
): Promise<ProviderSearchResult> {
  const rows = await providerSearchQuery(db, params);
  let total = rows[0]?.total ?? 0;
  // An empty page past the first has no row to carry the count: count separately.
  if (rows.length === 0 && params.page > 1) {
    const [counted] = await db
      .select({ total: count() })
      .from(providers)
      .innerJoin(users, eq(users.id, providers.userId))
      .where(searchConditions(params));
    total = counted?.total ?? 0;
  }
  return {
    providers: rows.map((row) => ({
      provider_id: row.provider_id,
      first_name: row.first_name,
      last_name: row.last_name,
      specialty: row.specialty ?? '',
      bio: row.bio,
      profile_image_url: imageUrl(row.profileImageId),
      rating: toRating(row.rating),
      review_count: row.reviewCount,
    })),
    page: params.page,
    limit: params.limit,
    total,
  };
}

/** The listed provider's row, or 404 'Provider not found' (also for an id that is no UUID). */
async function findListedProvider(db: DbOrTx, providerId: string) {
  if (!UUID_RE.test(providerId)) throw new NotFoundError(BOOKING_MESSAGES.providerNotFound);
  const [row] = await db
    .select({
      provider_id: providers.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      specialty: providers.specialty,
      bio: providers.bio,
      profileImageId: users.profileImageId,
      rating: providerRating,
      reviewCount: providerReviewCount,
    })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(and(eq(providers.id, providerId), listed))
    .limit(1);
  if (!row) throw new NotFoundError(BOOKING_MESSAGES.providerNotFound);
  return row;
}

/**
 * GET /profile/providers/:id: docs/product.md §2 provider detail. The provider's email is part of it (a
 * business contact shown on the page); a client's email never is.
 */
export async function getProviderDetail(db: DbOrTx, providerId: string): Promise<ProviderDetail> {
  const row = await findListedProvider(db, providerId);
  return {
    provider_id: row.provider_id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    specialty: row.specialty ?? '',
    bio: row.bio,
    profileImageUrl: imageUrl(row.profileImageId),
    rating: toRating(row.rating),
    reviewCount: row.reviewCount,
    bookingPolicy: await getBookingPolicy(db, row.provider_id),
  };
}

/** A provider's bookable future is bounded; more than this in one answer helps nobody. */
export const MAX_AVAILABLE_SLOTS = 500;

export interface AvailableSlotsRange {
  /** First day, `YYYY-MM-DD` in the provider's zone (inclusive). */
  from?: string;
  /** Last day, `YYYY-MM-DD` in the provider's zone (inclusive). */
  to?: string;
}

/**
 * GET /search/providers/:id/available-slots: the listed provider's free slots that have not
 * started yet and that their booking policy would accept now, earliest first, optionally within days `from`..`to` (the slot's own day, which
 * is the provider's wall-clock date).
 */
export async function listAvailableSlots(
  db: DbOrTx,
  providerId: string,
  range: AvailableSlotsRange = {},
): Promise<AvailableSlot[]> {
  await findListedProvider(db, providerId);
  const rows = await db
    .select({
      id: timeslots.id,
      day: timeslots.day,
      start_time: timeslots.startTime,
      end_time: timeslots.endTime,
      type: timeslots.type,
      service_id: timeslots.serviceId,
      startsAt: timeslots.startsAt,
      endsAt: timeslots.endsAt,
    })
    .from(timeslots)
    .where(
      and(
        eq(timeslots.providerId, providerId),
        slotIsClaimable,
        slotObeysPolicy(),
        range.from ? sql`${timeslots.day} >= ${range.from}::date` : undefined,
        range.to ? sql`${timeslots.day} <= ${range.to}::date` : undefined,
      ),
    )
    .orderBy(asc(timeslots.startsAt), asc(timeslots.id))
    .limit(MAX_AVAILABLE_SLOTS);
  // The slot's service and its current price (docs/product.md §11.1), as the provider's list has;
  // a slot that names no service keeps docs/product.md §3's fields only.
  const priced = await withServicePrices(db, rows);
  return priced.map(({ startsAt, endsAt, service_id, price_cents, currency, ...slot }) => ({
    ...slot,
    ...(service_id ? { service_id, price_cents, currency } : {}),
    starts_at: startsAt.toISOString(),
    ends_at: endsAt.toISOString(),
  }));
}
