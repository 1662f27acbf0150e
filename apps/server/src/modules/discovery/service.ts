import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import type { ProviderDetail } from '@slotwise/shared/discovery-schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { businessStaff, businesses, providers, services, users } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { imageUrl } from '../../images/image-store';
import { getBookingPolicy } from '../policies/service';
import { catalogueDetails } from '../catalogue/provider-location';
import { offeredServiceColumns } from '../catalogue/services';
import { providerRating, providerReviewCount, toRating } from '../reviews/rating';

/**
 * Provider discovery (docs/product.md §2 client area, provider detail; docs/product.md §10). Only listed providers
 * are ever visible: a completed profile (specialty set) and a verified email. Every query
 * selects its columns by name, so nothing private (password hash, a user's own email for
 * clients) can leave through here.
 */

/** A provider that clients and visitors may see (verified email, completed profile; 0011). */
const listed = eq(providers.listed, true);

/** The listed provider's row, or 404 'Provider not found' (also for an id that is no UUID). */
async function findListedProvider(db: DbOrTx, providerId: string) {
  if (!isUuid(providerId)) throw new NotFoundError(BOOKING_MESSAGES.providerNotFound);
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
      category: providers.category,
      placeId: providers.placeId,
      placeName: providers.placeName,
      placeRegion: providers.placeRegion,
      placeCountry: providers.placeCountry,
      lat: providers.lat,
      lng: providers.lng,
      address: providers.address,
      serviceMode: providers.serviceMode,
      radiusKm: providers.radiusKm,
    })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(and(eq(providers.id, providerId), listed))
    .limit(1);
  if (!row) throw new NotFoundError(BOOKING_MESSAGES.providerNotFound);
  return row;
}

/**
 * GET /profile/providers/:id: docs/product.md §2 provider detail and §11.2's public page. The
 * provider's email (a business contact) only goes to signed-in callers, never to anonymous
 * visitors; a client's email never does.
 */
export async function getProviderDetail(
  db: DbOrTx,
  providerId: string,
  options: { signedIn: boolean },
): Promise<ProviderDetail> {
  const row = await findListedProvider(db, providerId);
  const catalogue = catalogueDetails(row);
  const offered = await db
    .select(offeredServiceColumns)
    .from(services)
    .where(and(eq(services.providerId, row.provider_id), eq(services.active, true)))
    .orderBy(asc(services.priceCents), asc(services.name), asc(services.id));
  // docs/product.md §14.1: the page names the business the provider works in (§13.1).
  const [business] = await db
    .select({ id: businesses.id, name: businesses.name })
    .from(businessStaff)
    .innerJoin(businesses, eq(businesses.id, businessStaff.businessId))
    .where(eq(businessStaff.providerId, row.provider_id))
    .limit(1);
  return {
    provider_id: row.provider_id,
    firstName: row.firstName,
    lastName: row.lastName,
    ...(options.signedIn ? { email: row.email } : {}),
    specialty: row.specialty ?? '',
    bio: row.bio,
    profileImageUrl: imageUrl(row.profileImageId),
    rating: toRating(row.rating),
    reviewCount: row.reviewCount,
    bookingPolicy: await getBookingPolicy(db, row.provider_id),
    category: catalogue.category,
    location: catalogue.location,
    serviceMode: catalogue.serviceMode,
    radiusKm: catalogue.radiusKm,
    services: offered,
    business_id: business?.id ?? null,
    business_name: business?.name ?? null,
  };
}
