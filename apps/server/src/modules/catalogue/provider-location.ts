import {
  CATALOGUE_MESSAGES,
  type CatalogueFieldValues,
  type CategorySlug,
  type ProviderCatalogueDetails,
  radiusIssue,
  type ServiceMode,
} from '@slotwise/shared/catalogue-schemas';
import type { providers } from '../../db/schema';
import { ValidationError } from '../../errors';
import { findPlace } from './gazetteer';

/**
 * A provider's category, place and service mode (docs/product.md §11), as set at provider completion and
 * changed by the profile update. Only the sent fields change; the place is looked up in the
 * gazetteer and copied (name, region, country, coordinates) so that distance queries and
 * listings never need the gazetteer.
 */

type ProviderValues = Partial<typeof providers.$inferInsert>;

export interface StoredCatalogue {
  category: string | null;
  placeId: number | null;
  placeName: string | null;
  placeRegion: string | null;
  placeCountry: string | null;
  lat: number | null;
  lng: number | null;
  address: string | null;
  serviceMode: ServiceMode;
  radiusKm: number | null;
}

/** The provider columns to write for the sent catalogue fields (400 on an unknown place). */
export function catalogueValues(
  input: CatalogueFieldValues,
  current: Pick<StoredCatalogue, 'serviceMode' | 'radiusKm'>,
): ProviderValues {
  const values: ProviderValues = {};
  if (input.category !== undefined) values.category = input.category;
  if (input.placeId !== undefined) {
    const place = findPlace(input.placeId);
    if (!place) throw ValidationError.field('placeId', CATALOGUE_MESSAGES.placeUnknown);
    Object.assign(values, {
      placeId: Number(place.id),
      placeName: place.name,
      placeRegion: place.region,
      placeCountry: place.country,
      lat: place.lat,
      lng: place.lng,
    });
  }
  if (input.address !== undefined) values.address = input.address?.trim() || null;
  const mode = input.serviceMode ?? current.serviceMode;
  let radius: number | null;
  if (input.radiusKm === undefined) {
    // Leaving `at_client` drops the radius that only meant something there.
    radius = mode === 'at_client' ? current.radiusKm : null;
  } else {
    radius = typeof input.radiusKm === 'number' ? input.radiusKm : null;
  }
  const issue = radiusIssue(mode, radius);
  if (issue) throw ValidationError.field('radiusKm', issue);
  if (input.serviceMode !== undefined) values.serviceMode = input.serviceMode;
  if (radius !== current.radiusKm || input.radiusKm !== undefined) values.radiusKm = radius;
  return values;
}

/** What the profile answer carries in `providerDetails` besides specialty and bio. */
export function catalogueDetails(row: StoredCatalogue): ProviderCatalogueDetails {
  const hasPlace = row.placeId !== null && row.lat !== null && row.lng !== null;
  return {
    category: row.category as CategorySlug | null,
    placeId: row.placeId === null ? null : String(row.placeId),
    address: row.address,
    serviceMode: row.serviceMode,
    radiusKm: row.radiusKm,
    location: hasPlace
      ? {
          placeId: String(row.placeId),
          name: row.placeName ?? '',
          region: row.placeRegion,
          country: row.placeCountry ?? '',
          lat: row.lat!,
          lng: row.lng!,
          address: row.address,
        }
      : null,
  };
}
