import type { PublicService } from '@slotwise/shared/discovery-schemas';
import type { LocalBusiness, Offer, PostalAddress, WithContext } from 'schema-dts';
import type { PageData } from './page-data';

/**
 * The page's structured data (docs/product.md §21.2, docs/decisions/075-search-engine-pages.md):
 * a schema.org `LocalBusiness` for a provider or a business, its services as offers, its rating
 * when it has reviews. Typed by schema-dts, so a misspelt property fails the typecheck.
 */

interface Place {
  city: string | null;
  region?: string | null;
  country?: string | null;
  street?: string | null;
  lat?: number;
  lng?: number;
}

function offersOf(services: readonly PublicService[], locale: string): Offer[] {
  return services.map((service) => ({
    '@type': 'Offer',
    price: (service.price_cents / 100).toFixed(2),
    priceCurrency: service.currency,
    availability: 'https://schema.org/InStock',
    itemOffered: {
      '@type': 'Service',
      name: service.name,
      ...(service.description ? { description: service.description } : {}),
      inLanguage: locale,
    },
  }));
}

function addressOf(place: Place): PostalAddress | null {
  if (!place.city) return null;
  return {
    '@type': 'PostalAddress',
    addressLocality: place.city,
    ...(place.region ? { addressRegion: place.region } : {}),
    ...(place.country ? { addressCountry: place.country } : {}),
    ...(place.street ? { streetAddress: place.street } : {}),
  };
}

export function localBusinessOf(
  page: PageData,
  url: string,
  image: string | null,
  description: string,
  locale: string,
): WithContext<LocalBusiness> {
  const data =
    page.kind === 'provider'
      ? {
          name: `${page.provider.firstName} ${page.provider.lastName}`.trim(),
          services: page.provider.services,
          rating: page.provider.rating,
          reviewCount: page.provider.reviewCount,
          place: {
            city: page.provider.location?.name ?? null,
            region: page.provider.location?.region,
            country: page.provider.location?.country,
            street: page.provider.location?.address,
            lat: page.provider.location?.lat,
            lng: page.provider.location?.lng,
          } satisfies Place,
        }
      : {
          name: page.business.name,
          services: page.business.services,
          rating: page.business.rating,
          reviewCount: page.business.reviewCount,
          place: { city: page.city } satisfies Place,
        };
  const address = addressOf(data.place);
  const { lat, lng } = data.place as Place;
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': url,
    name: data.name,
    description,
    url,
    ...(image ? { image } : {}),
    ...(address
      ? { address, areaServed: { '@type': 'City', name: address.addressLocality as string } }
      : {}),
    ...(lat !== undefined && lng !== undefined
      ? { geo: { '@type': 'GeoCoordinates', latitude: lat, longitude: lng } }
      : {}),
    ...(data.rating !== null && data.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: data.rating,
            reviewCount: data.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(data.services.length > 0 ? { makesOffer: offersOf(data.services, locale) } : {}),
  };
}

/**
 * The JSON inside `<script type="application/ld+json">`: nothing in it can close the element or
 * open a comment (`<` `>` `&` escaped as \u003c…), nor break a line for old parsers (U+2028/9).
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
