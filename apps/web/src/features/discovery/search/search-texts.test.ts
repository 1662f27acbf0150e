import type { ProviderListing } from '@slotwise/shared/discovery-schemas';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filtersToParams, filtersToQuery, readFilters } from '../discovery-filters';
import { activeFilterCount, searchSummary } from './filters-summary';
import { nextFreeText, priceFromText } from './listing-texts';

/** docs/product.md §14.2: the When in the URL, and the texts of a result card. */

const listing = (fields: Partial<ProviderListing>): ProviderListing => ({
  provider_id: 'p1',
  first_name: 'Ana',
  last_name: 'Lopez',
  specialty: 'Barber',
  bio: '',
  profile_image_url: null,
  rating: null,
  review_count: 0,
  category: 'barber',
  city: null,
  distance_km: null,
  price_from_cents: null,
  currency: null,
  next_available: null,
  next_available_slot_id: null,
  ...fields,
});

describe('the When in the URL', () => {
  it('round-trips date and partOfDay with every other filter', () => {
    const filters = {
      ...EMPTY_FILTERS,
      q: 'fade',
      category: 'barber' as const,
      placeId: '5128581',
      place: 'New York City',
      date: '2030-06-14',
      partOfDay: 'evening' as const,
    };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe(
      'q=fade&category=barber&placeId=5128581&place=New+York+City&date=2030-06-14&partOfDay=evening',
    );
    expect(readFilters(params)).toEqual(filters);
    expect(filtersToQuery(filters)).toMatchObject({ date: '2030-06-14', partOfDay: 'evening' });
  });

  it('a part of the day alone is kept (the soonest such time, any day)', () => {
    const filters = readFilters(new URLSearchParams('partOfDay=morning'));
    expect(filters).toMatchObject({ date: null, partOfDay: 'morning' });
    expect(filtersToParams(filters).toString()).toBe('partOfDay=morning');
  });

  it.each(['dusk', 'Morning', ''])('drops an unknown part of the day (%j)', (value) => {
    expect(readFilters(new URLSearchParams({ partOfDay: value })).partOfDay).toBeNull();
  });

  it('sums the search up for the phone bar and counts the filters set', () => {
    const filters = readFilters(
      new URLSearchParams('category=barber&placeId=5128581&place=Brooklyn&partOfDay=evening'),
    );
    expect(searchSummary(filters)).toBe('Barbers · Brooklyn · Evening');
    expect(activeFilterCount(filters)).toBe(3);
    expect(searchSummary(EMPTY_FILTERS)).toBe('All providers, any time');
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
  });
});

describe('result card texts', () => {
  // 03:00 UTC: noon in Tokyo, still the evening before in New York (the tests' zone).
  const now = new Date('2026-11-26T03:00:00Z');

  it("phrases the next free time on the provider's clock ('Today 17:30')", () => {
    const provider = listing({
      next_available: '2026-11-26T08:30:00.000Z',
      timezone: 'Asia/Tokyo',
    });
    expect(nextFreeText(provider, now)).toBe('Today 17:30');
    expect(nextFreeText({ ...provider, next_available: '2026-11-27T00:00:00.000Z' }, now)).toBe(
      'Tomorrow 09:00',
    );
    expect(nextFreeText(listing({}), now)).toBeNull();
  });

  it("names the cheapest service with its price ('Haircut from $25.00')", () => {
    expect(
      priceFromText(
        listing({ price_from_cents: 2500, currency: 'USD', price_from_service_name: 'Haircut' }),
      ),
    ).toBe('Haircut from $25.00');
    expect(priceFromText(listing({ price_from_cents: 2500, currency: 'USD' }))).toBe('From $25.00');
    expect(priceFromText(listing({}))).toBeNull();
  });
});
