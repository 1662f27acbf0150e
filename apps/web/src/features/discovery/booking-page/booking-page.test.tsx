import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingApiForEachTest, makeSlot, providerForEachTest } from '../../../../test/booking-api';
import { BUSINESS_ID } from '../../../../test/business-api';
import { openRoute, LAZY_ROUTE } from '../../../../test/render-route';

/** The booking page (docs/product.md §14.1): who and where, then service → day → time. */

const api = bookingApiForEachTest('client');
const bea = providerForEachTest(api, {
  first_name: 'Bea',
  last_name: 'Barber',
  specialty: 'Barber',
  business_id: BUSINESS_ID,
  business_name: 'Cut & Co',
});
const HAIRCUT = '0a000000-0000-4000-8000-000000000001';
const COLOR = '0a000000-0000-4000-8000-000000000002';

function openPage(path = `/providers/${bea.listing.provider_id}`) {
  return openRoute(path, () =>
    screen.findByRole('heading', { level: 1, name: 'Bea Barber' }, LAZY_ROUTE),
  );
}

function useBeaShop() {
  bea.location = {
    placeId: 'place-lisbon',
    name: 'Lisbon',
    region: null,
    country: 'PT',
    lat: 38.7223,
    lng: -9.1393,
    address: 'Rua Augusta 10',
  };
  bea.services = [
    {
      id: HAIRCUT,
      name: 'Haircut',
      duration_minutes: 30,
      price_cents: 3000,
      currency: 'EUR',
      description: '',
    },
    {
      id: COLOR,
      name: 'Color',
      duration_minutes: 90,
      price_cents: 6000,
      currency: 'EUR',
      description: '',
    },
  ];
  bea.bookingPolicy = {
    minNoticeMinutes: 0,
    maxAdvanceDays: 30,
    bufferMinutes: 0,
    maxPerDay: null,
    cancelCutoffMinutes: 24 * 60,
    cancellationFees: [],
    noShowFeePercent: 0,
  };
  bea.slots = [
    makeSlot({
      start_time: '17:30:00',
      end_time: '18:00:00',
      service_id: HAIRCUT,
      type: 'Haircut',
      price_cents: 3000,
      currency: 'EUR',
    }),
    makeSlot({
      start_time: '18:00:00',
      end_time: '19:30:00',
      service_id: COLOR,
      type: 'Color',
      price_cents: 6000,
      currency: 'EUR',
    }),
    makeSlot({ start_time: '19:30:00', end_time: '20:00:00', service_id: null, type: 'Open' }),
  ];
}

describe('the booking page', () => {
  it('says who and where first: city, address, a map link in a new tab, the business', async () => {
    useBeaShop();
    await openPage();
    const who = screen.getByRole('region', { name: 'Bea Barber' });
    expect(within(who).getByText('Lisbon, PT')).toBeInTheDocument();
    expect(within(who).getByText('Rua Augusta 10')).toBeInTheDocument();
    const map = within(who).getByRole('link', { name: 'Show on map (opens in a new tab)' });
    expect(map).toHaveAttribute(
      'href',
      `https://www.openstreetmap.org/search?query=${encodeURIComponent('Rua Augusta 10, Lisbon, PT')}`,
    );
    expect(map).toHaveAttribute('target', '_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
    expect(within(who).getByRole('link', { name: 'at Cut & Co' })).toHaveAttribute(
      'href',
      `/businesses/${BUSINESS_ID}`,
    );
  });

  it('a provider who comes to the client links the area on the map by its coordinates', async () => {
    useBeaShop();
    bea.serviceMode = 'at_client';
    bea.radiusKm = 10;
    await openPage();
    expect(screen.getByText('Comes to you, within 10 km')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show on map (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=38.7223&mlon=-9.1393#map=14/38.7223/-9.1393',
    );
  });

  it('a service lists its own times and those with no service; the summary says price and terms', async () => {
    useBeaShop();
    const { user, router } = await openPage();
    const section = screen.getByRole('region', { name: 'Available Time Slots' });
    const times = () =>
      within(section)
        .getAllByRole('button', { name: /Book Now$/ })
        .map((button) => button.textContent);
    await waitFor(() => expect(times()).toHaveLength(3));
    // Any service: each time names its service.
    expect(times()).toEqual([
      '17:30 Haircut Book Now',
      '18:00 Color Book Now',
      '19:30 Open Book Now',
    ]);

    const services = within(section).getByRole('group', { name: 'Service' });
    expect(
      within(services).getByRole('radio', { name: /Haircut 30 minutes €30.00/ }),
    ).not.toBeChecked();
    await user.click(within(services).getByRole('radio', { name: /Color 90 minutes/ }));
    expect(router.state.location.search).toBe(`?service=${COLOR}`);
    expect(times()).toEqual(['18:00 Book Now', '19:30 Book Now']);

    await user.click(within(section).getByRole('button', { name: '18:00 Book Now' }));
    const summary = within(section).getByRole('region', { name: 'Your booking' });
    expect(summary).toHaveTextContent('Color');
    expect(summary).toHaveTextContent('€60.00');
    expect(summary).toHaveTextContent('Free cancellation until 1 day before');
    expect(within(summary).getByRole('button', { name: 'Book Now' })).toBeEnabled();
    expect(router.state.location.search).toBe(`?service=${COLOR}&slot=${bea.slots[1]!.id}`);

    // A time of no service takes the picked service's price.
    await user.click(within(section).getByRole('button', { name: '19:30 Book Now' }));
    expect(summary).toHaveTextContent('€60.00');
  });

  it('is the same page at /client/provider/:id, with the email for signed-in callers', async () => {
    useBeaShop();
    await openRoute(`/client/provider/${bea.listing.provider_id}`, () =>
      screen.findByRole('heading', { level: 1, name: 'Bea Barber' }, LAZY_ROUTE),
    );
    expect(screen.getByRole('link', { name: 'bea@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Service' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Show on map (opens in a new tab)' }),
    ).toBeInTheDocument();
  });
});
