import { type BuildExtraConfigColumns, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  type PgColumnBuilderBase,
  pgTable,
  type PgTableExtraConfigValue,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type CancellationFeeTier, PAYMENT_MODES } from '@slotwise/shared/payments-schemas';
import { belongsTo, createdAt, instant, ownerKey, updatedAt, uuidId } from './columns';
import { users } from './accounts';

/** Providers: the listing row, their priced services and their booking policy. */

type IndexColumns = Parameters<ReturnType<typeof index>['on']>;

/** An index of listed providers only: discovery never reads the others. */
function listedIndex(name: string, ...columns: IndexColumns) {
  return index(name)
    .on(...columns)
    .where(sql`"listed"`);
}

export const providers = pgTable(
  'providers',
  {
    id: uuidId(),
    userId: belongsTo('user_id', () => users.id),
    /** Null until the provider completes onboarding. */
    specialty: text('specialty'),
    bio: text('bio').notNull().default(''),
    /** "first last specialty", lower-cased: what search matches, kept in step by the services. */
    searchText: text('search_text').notNull().default(''),
    /** Sum and number of review ratings, kept current by a trigger on `reviews` (0007). */
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** One of the eight category slugs; null: unlisted until the provider chooses. */
    category: text('category'),
    /** The gazetteer place (GeoNames id) and a copy of its name and coordinates. */
    placeId: integer('place_id'),
    placeName: text('place_name'),
    placeRegion: text('place_region'),
    placeCountry: text('place_country'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    address: text('address'),
    serviceMode: text('service_mode', { enum: ['at_provider', 'at_client', 'online'] })
      .notNull()
      .default('at_provider'),
    radiusKm: integer('radius_km'),
    // The listing facts of public discovery, kept current by triggers (0011_public_discovery,
    // docs/decisions/048-public-discovery.md): never written by the services.
    /** Verified email and completed profile: visible to clients and visitors. */
    listed: boolean('listed').notNull().default(false),
    /** Copies of the user's names, for the by-name order. */
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** The cheapest active service's price and currency; null without one. */
    priceFromCents: integer('price_from_cents'),
    priceCurrency: text('price_currency'),
    /** The Bayesian average with the cached marketplace mean (`rating_prior`). */
    ratingScore: doublePrecision('rating_score').notNull().default(0),
    /** When rating_sum/rating_count last changed (provider_rating_changes keeps the old values). */
    ratingChangedAt: instant('rating_changed_at'),
    /**
     * A lower bound of the next bookable slot's start (0013_next_free_slot, decision 055): no
     * free slot starts between when it was computed and it; null: no free future slot.
     */
    nextFreeStartsAt: instant('next_free_starts_at'),
    /** Suspended by an operator (docs/decisions/072): unlisted, public pages 404, no bookings. */
    suspendedAt: instant('suspended_at'),
    /** The operator's reason, as mailed to the provider. */
    suspensionNote: text('suspension_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => {
    // Discovery's orders end by name and id, so that its pages are stable.
    const byName = [t.firstName, t.lastName, t.id] as const;
    // A function: `.desc()` marks the column until an index takes it, so each index asks anew.
    const byScore = () =>
      [t.ratingScore.desc().nullsFirst(), t.ratingCount.desc().nullsFirst(), ...byName] as const;
    return [
      uniqueIndex('providers_user_id_key').on(t.userId),
      index('providers_search_text_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
      index('providers_category_idx').on(t.category),
      listedIndex('providers_listed_name_idx', ...byName),
      listedIndex('providers_listed_score_idx', ...byScore()),
      listedIndex('providers_listed_category_name_idx', t.category, ...byName),
      listedIndex('providers_listed_category_score_idx', t.category, ...byScore()),
      listedIndex('providers_listed_price_idx', t.priceFromCents, ...byName),
      listedIndex('providers_listed_rating_changed_idx', t.ratingChangedAt),
      index('providers_listed_next_free_idx')
        .on(t.nextFreeStartsAt, ...byName)
        .where(sql`"listed" and "next_free_starts_at" is not null`),
      index('providers_listed_category_next_free_idx')
        .on(t.category, t.nextFreeStartsAt, ...byName)
        .where(sql`"listed" and "next_free_starts_at" is not null`),
      // Also in 0011: providers_listed_location_gist on ll_to_earth(lat, lng) where listed.
      // Also in 0004_catalogue: a GiST index on ll_to_earth(lat, lng) for distance queries
      // (earthdistance), and the category / service mode / radius / place checks.
    ];
  },
);

const providerRowColumns = () => ({
  id: uuidId(),
  providerId: belongsTo('provider_id', () => providers.id),
});

type ProviderRowColumns = ReturnType<typeof providerRowColumns>;

/**
 * A table of a provider's own rows (services, slots, weekly hours, time off): a generated id,
 * then the provider, whose deletion deletes them.
 */
export function providerRows<
  TName extends string,
  TColumns extends Record<string, PgColumnBuilderBase>,
>(
  name: TName,
  columns: TColumns,
  extraConfig: (
    self: BuildExtraConfigColumns<TName, ProviderRowColumns & TColumns, 'pg'>,
  ) => PgTableExtraConfigValue[],
) {
  return pgTable<TName, ProviderRowColumns & TColumns>(
    name,
    { ...providerRowColumns(), ...columns },
    extraConfig,
  );
}

/** What a provider offers: named services with a duration and a price (minor units). */
export const services = providerRows(
  'services',
  {
    name: text('name').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull().default(''),
    /** False once archived (a service with bookings is never deleted). */
    active: boolean('active').notNull().default(true),
    /** The business resource (room, chair, machine) a booking of it needs (0017_businesses). */
    resourceId: uuid('resource_id'),
    /** What booking it takes (docs/decisions/068-payments.md; checks in 0019_payments). */
    paymentMode: text('payment_mode', { enum: PAYMENT_MODES }).notNull().default('none'),
    depositCents: integer('deposit_cents'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('services_provider_idx').on(t.providerId, t.active),
    check('services_duration_check', sql`${t.durationMinutes} between 15 and 480`),
    check('services_price_check', sql`${t.priceCents} between 0 and 10000000`),
    check('services_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('services_name_check', sql`char_length(${t.name}) between 1 and 80`),
  ],
);

/** A provider's booking policy (docs/decisions/047-booking-policies.md); no row: the defaults. */
export const bookingPolicies = pgTable(
  'booking_policies',
  {
    providerId: ownerKey('provider_id', () => providers.id),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(0),
    maxAdvanceDays: integer('max_advance_days').notNull().default(90),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    maxPerDay: integer('max_per_day'),
    cancelCutoffMinutes: integer('cancel_cutoff_minutes').notNull().default(0),
    /** Cancellation fee tiers and the no-show fee (docs/decisions/068-payments.md). */
    cancellationFees: jsonb('cancellation_fees')
      .$type<CancellationFeeTier[]>()
      .notNull()
      .default([]),
    noShowFeePercent: smallint('no_show_fee_percent').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('booking_policies_min_notice_check', sql`${t.minNoticeMinutes} between 0 and 43200`),
    check('booking_policies_max_advance_check', sql`${t.maxAdvanceDays} between 1 and 730`),
    check('booking_policies_buffer_check', sql`${t.bufferMinutes} between 0 and 240`),
    check(
      'booking_policies_max_per_day_check',
      sql`${t.maxPerDay} is null or ${t.maxPerDay} between 1 and 100`,
    ),
    check(
      'booking_policies_cancel_cutoff_check',
      sql`${t.cancelCutoffMinutes} between 0 and 20160`,
    ),
  ],
);

/** The marketplace mean rating m of the Bayesian score, cached (one row; 0011). */
export const ratingPrior = pgTable(
  'rating_prior',
  {
    id: integer('id').primaryKey().default(1),
    mean: doublePrecision('mean').notNull().default(0),
    refreshedAt: instant('refreshed_at').notNull().defaultNow(),
  },
  (t) => [check('rating_prior_single_row', sql`${t.id} = 1`)],
);

/** A provider's rating before each change, so a cursor can rank by the rating as of its first page. */
export const providerRatingChanges = pgTable(
  'provider_rating_changes',
  {
    providerId: belongsTo('provider_id', () => providers.id),
    changedAt: instant('changed_at').notNull(),
    oldSum: integer('old_sum').notNull(),
    oldCount: integer('old_count').notNull(),
  },
  (t) => [
    index('provider_rating_changes_provider_idx').on(t.providerId, t.changedAt),
    index('provider_rating_changes_changed_idx').on(t.changedAt),
  ],
);
