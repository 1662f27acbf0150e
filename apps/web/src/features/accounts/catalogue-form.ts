import type { ServiceMode } from '@slotwise/shared/catalogue-schemas';

/**
 * The catalogue part of the provider onboarding and Settings forms (docs/product.md §11.1):
 * category, city, street address, service mode and travel radius, as the form holds them.
 */
export interface CatalogueFormShape {
  category: string;
  placeId: string;
  address: string;
  serviceMode: ServiceMode;
  radiusKm: string;
}

/** Their names, also the server's field names (its fieldErrors map onto them). */
export const CATALOGUE_FIELDS = [
  'category',
  'placeId',
  'address',
  'serviceMode',
  'radiusKm',
] as const;

/** What the form keeps of the chosen place (the profile's `location`, or a picked place). */
export interface ChosenPlace {
  id: string;
  name: string;
  region: string | null;
  /** Country name or code, as known. */
  country: string;
  /** The place's own IANA zone, when known (a picked place). */
  timezone?: string;
}

/** 'Springfield, Illinois, United States' */
export function placeLabel(place: ChosenPlace): string {
  return [place.name, place.region, place.country].filter(Boolean).join(', ');
}
