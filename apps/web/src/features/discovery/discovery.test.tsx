import { DISCOVERY_MESSAGES } from '@slotwise/shared/discovery-schemas';
import { CATALOGUE_MESSAGES } from '@slotwise/shared/catalogue-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  makeProvider,
  makeSlot,
  signInAs,
  type ProviderRecord,
  bookingApiForEachTest,
} from '../../../test/booking-api';
import { SPRINGFIELD } from '../../../test/catalogue-api';
import { callsTo, json } from '../../../test/mock-api';
import { renderRoute, openRoute } from '../../../test/render-route';
import { getSession } from '../../lib/session';
import { addDays, localDateKey } from '../../lib/date-time-format';
import { userOf, tokenOf } from '../../../test/session-user';

/** Lazy routes: the first render of a file waits for the chunk. */
const LAZY = { timeout: 8000 };

/** The screen at `path` once its level-1 heading `name` is there. */
const openAt = (path: string, name: string, level?: number) =>
  openRoute(path, () => screen.findByRole('heading', { level, name }, LAZY));

let ana: ProviderRecord;
let bob: ProviderRecord;

/** A place 5 km or so north of Springfield. */
const NEAR_SPRINGFIELD = { lat: 39.85, lng: -89.64 };

const api = bookingApiForEachTest(undefined, undefined, (call) => {
  if (call.method === 'POST' && call.path === '/api/auth/login') {
    const user = userOf('client', {
      firstName: 'Cleo',
      lastName: 'Client',
      email: 'cleo@example.com',
    });
    return json(200, { token: tokenOf(user), user, message: MESSAGES.loginSuccessful });
  }
  if (call.method === 'POST' && call.path === '/api/auth/register') {
    return json(201, { userId: 'client-2', message: MESSAGES.accountCreated });
  }
  return undefined;
});

beforeEach(() => {
  ana = makeProvider({
    first_name: 'Ana',
    last_name: 'Lopez',
    specialty: 'Leak repairs',
    category: 'plumber',
    city: 'Springfield',
    rating: 4.6,
    review_count: 23,
    price_from_cents: 3500,
    currency: 'EUR',
  });
  ana.location = {
    placeId: SPRINGFIELD.id,
    name: 'Springfield',
    region: 'Illinois',
    country: 'US',
    lat: NEAR_SPRINGFIELD.lat,
    lng: NEAR_SPRINGFIELD.lng,
    address: '1 Main St',
  };
  ana.services = [
    {
      id: crypto.randomUUID(),
      name: 'Leak check',
      duration_minutes: 45,
      price_cents: 3500,
      currency: 'EUR',
      description: 'Find and fix a leak',
    },
  ];
  ana.bookingPolicy = {
    minNoticeMinutes: 120,
    maxAdvanceDays: 30,
    bufferMinutes: 0,
    maxPerDay: null,
    cancelCutoffMinutes: 0,
    cancellationFees: [],
    noShowFeePercent: 0,
  };
  const first = makeSlot({ day: '2030-06-14', start_time: '10:00:00', end_time: '10:45:00' });
  const second = makeSlot({ day: '2030-06-15', start_time: '09:00:00', end_time: '09:45:00' });
  ana.slots = [first, second];
  ana.listing.next_available = first.starts_at!;
  ana.listing.next_available_slot_id = first.id;
  ana.listing.price_from_service_name = 'Leak check';
  ana.listing.timezone = 'America/Chicago';
  bob = makeProvider({
    first_name: 'Bob',
    last_name: 'Sparks',
    specialty: 'Wiring',
    category: 'electrician',
    rating: 3.1,
    review_count: 2,
  });
  api.providers = [ana, bob];
});

function searchCalls() {
  return callsTo(api.calls, 'GET', '/api/search/providers').map(
    (call) => new URL(call.url, 'http://localhost').searchParams,
  );
}

function lastSearch() {
  return searchCalls().at(-1)!;
}

const openResults = (path = '/providers') => openAt(path, 'Find a provider', 1);

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('/providers results', () => {
  it('shows each provider as a card and announces the count', async () => {
    await openResults();
    await waitFor(() => expect(screen.getByText('2 providers found')).toBeInTheDocument());
    const anaCard = card('Ana Lopez');
    expect(within(anaCard).getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute(
      'href',
      `/providers/${ana.listing.provider_id}`,
    );
    expect(within(anaCard).getByRole('img', { name: '4.6 out of 5, 23 reviews' })).toBeVisible();
    expect(anaCard).toHaveTextContent('Plumber · Leak repairs');
    expect(anaCard).toHaveTextContent('Springfield');
    expect(anaCard).toHaveTextContent('Leak check from €35.00');
    // The next free time, on the provider's clock, opens that slot on the provider's page.
    const next = within(anaCard).getByRole('link', { name: 'Fri, Jun 14, 2030, 05:00' });
    expect(next).toHaveAttribute(
      'href',
      `/providers/${ana.listing.provider_id}?slot=${ana.listing.next_available_slot_id}`,
    );
    expect(card('Bob Sparks')).toHaveTextContent('No free times soon');
    expect(document.title).toBe('Providers · Slotwise');
  });

  it('reads every filter from the URL and sends it to the API', async () => {
    await openResults(
      `/providers?q=ana&category=plumber&placeId=${SPRINGFIELD.id}&place=Springfield&date=2030-06-14&partOfDay=evening&priceMax=5000&minRating=4&sort=distance`,
    );
    await waitFor(() => expect(screen.getByText('1 provider found')).toBeInTheDocument());
    expect(Object.fromEntries(lastSearch())).toEqual({
      q: 'ana',
      category: 'plumber',
      placeId: SPRINGFIELD.id,
      date: '2030-06-14',
      partOfDay: 'evening',
      priceMax: '5000',
      minRating: '4',
      sort: 'distance',
      limit: '12',
    });
    expect(screen.getByLabelText('What')).toHaveValue('ana');
    expect(screen.getByRole('combobox', { name: 'Where' })).toHaveValue('Springfield');
    expect(screen.getByRole('button', { name: 'Plumber' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Day')).toHaveValue('pick');
    expect(screen.getByLabelText('Date')).toHaveValue('2030-06-14');
    expect(screen.getByLabelText('Time of day')).toHaveValue('evening');
    expect(screen.getByLabelText('Max price')).toHaveValue(50);
    expect(screen.getByLabelText('Minimum rating')).toHaveValue('4');
    expect(screen.getByLabelText('Sort by')).toHaveValue('distance');
    expect(card('Ana Lopez')).toHaveTextContent(/Springfield · \d+(\.\d)? km/);
    expect(document.title).toBe('“ana” · Plumbers · in Springfield · Slotwise');
  });

  it('writes each change into the URL, and the back button undoes it', async () => {
    const { user, router } = await openResults();
    await waitFor(() => expect(screen.getByText('2 providers found')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Plumber' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=plumber'));
    await waitFor(() => expect(screen.getByText('1 provider found')).toBeInTheDocument());
    expect(lastSearch().get('category')).toBe('plumber');

    await user.type(screen.getByLabelText('What'), 'lopez');
    await user.clear(screen.getByLabelText('Max price'));
    await user.type(screen.getByLabelText('Max price'), '40{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=lopez&category=plumber&priceMax=4000'),
    );
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Top rated');
    await waitFor(() => expect(router.state.location.search).toContain('sort=rating'));
    expect(lastSearch().get('sort')).toBe('rating');

    // Back: the sort goes, then the text and price, then the category.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('Sort by')).toHaveValue('relevance'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('What')).toHaveValue(''));
    expect(screen.getByLabelText('Max price')).toHaveValue(null);
    expect(screen.getByRole('button', { name: 'Plumber' })).toHaveAttribute('aria-pressed', 'true');
    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true'),
    );
    await waitFor(() => expect(screen.getByText('2 providers found')).toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it("filters by when: today and a part of the day, the client's own today", async () => {
    const { user, router } = await openResults();
    await waitFor(() => expect(screen.getByText('2 providers found')).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Day'), 'Today');
    await user.selectOptions(screen.getByLabelText('Time of day'), 'Evening');
    const today = localDateKey();
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?date=${today}&partOfDay=evening`),
    );
    await waitFor(() => expect(lastSearch().get('partOfDay')).toBe('evening'));
    expect(lastSearch().get('date')).toBe(today);
    await user.selectOptions(screen.getByLabelText('Day'), 'Tomorrow');
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?date=${addDays(today, 1)}&partOfDay=evening`),
    );
    await user.selectOptions(screen.getByLabelText('Day'), 'Any time');
    await waitFor(() => expect(router.state.location.search).toBe('?partOfDay=evening'));
  });

  it('filters by the day a provider is free (a picked date)', async () => {
    const { user, router } = await openResults();
    await waitFor(() => expect(screen.getByText('2 providers found')).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Day'), 'Pick a date');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-06-15' } });
    await waitFor(() => expect(router.state.location.search).toBe('?date=2030-06-15'));
    await waitFor(() => expect(screen.getByText('1 provider found')).toBeInTheDocument());
    expect(lastSearch().get('date')).toBe('2030-06-15');
    expect(screen.getByRole('article', { name: 'Ana Lopez' })).toBeInTheDocument();
  });

  it('shows why a search was refused', async () => {
    await openResults('/providers?placeId=999999&place=Gone');
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent(
      CATALOGUE_MESSAGES.placeUnknown,
    );
  });

  it('says "2,000+" when the count is capped, and loads more with the cursor', async () => {
    api.searchCapTotal = true;
    api.providers = Array.from({ length: 14 }, (_, index) =>
      makeProvider({ first_name: `P${index}`, last_name: 'Plumb', category: 'plumber' }),
    );
    const { user } = await openResults('/providers?category=plumber');
    expect(await screen.findByText('14+ providers found', {}, LAZY)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(14));
    expect(lastSearch().get('cursor')).toBe('12');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('formats a capped count of 2,000 as "2,000+"', async () => {
    api.searchCapTotal = true;
    api.answerNext('GET /api/search/providers', () =>
      json(200, {
        providers: [],
        page: 1,
        limit: 12,
        total: 2000,
        totalIsCapped: true,
        nextCursor: null,
      }),
    );
    await openResults('/providers?q=ana');
    expect(await screen.findByText('2,000+ providers found', {}, LAZY)).toBeInTheDocument();
  });
});

describe('"near me"', () => {
  function stubGeolocation(
    answer: (success: PositionCallback, failure: PositionErrorCallback) => void,
  ) {
    const getCurrentPosition = vi.fn(answer);
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator), {
        geolocation: { getCurrentPosition },
      }),
    );
    return getCurrentPosition;
  }

  it('asks for the location only on click, then searches around it', async () => {
    const ask = stubGeolocation((success) =>
      success({
        coords: { latitude: NEAR_SPRINGFIELD.lat, longitude: NEAR_SPRINGFIELD.lng },
      } as GeolocationPosition),
    );
    const { user, router } = await openResults();
    await waitFor(() => expect(screen.getByText('2 providers found')).toBeInTheDocument());
    expect(ask).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Near me' }));
    expect(ask).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.search).toBe('?near=39.8500%2C-89.6400'));
    await waitFor(() => expect(screen.getByText('1 provider found')).toBeInTheDocument());
    expect(lastSearch().get('near')).toBe('39.8500,-89.6400');
    expect(card('Ana Lopez')).toHaveTextContent('Springfield · 0 km');
    expect(screen.getByText('Showing providers near your location.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Near me' })).toHaveAttribute('aria-pressed', 'true');
    // Distance is offered as a sort once there is a point.
    expect(
      within(screen.getByLabelText('Sort by')).getByRole('option', { name: 'Nearest' }),
    ).toBeInTheDocument();
  });

  it('refused: says so and moves focus to the place picker', async () => {
    stubGeolocation((_success, failure) =>
      failure({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    );
    const { user, router } = await openResults();
    await user.click(screen.getByRole('button', { name: 'Near me' }));
    expect(await screen.findByText(DISCOVERY_MESSAGES.nearMeRefused)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Where' })).toHaveFocus();
    expect(router.state.location.search).toBe('');

    // The place picker then searches by city.
    await user.type(screen.getByRole('combobox', { name: 'Where' }), 'Spri');
    await user.click(await screen.findByRole('option', { name: /Springfield/ }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?placeId=${SPRINGFIELD.id}&place=Springfield`),
    );
    expect(lastSearch().get('placeId')).toBe(SPRINGFIELD.id);
  });
});

const openProvider = (path: string) => openAt(path, 'Ana Lopez', 1);

describe('/providers/:id public page', () => {
  it('shows services, location, policy, rating and the free times by day; title and description', async () => {
    const { user } = await openProvider(`/providers/${ana.listing.provider_id}`);
    const services = screen.getByRole('group', { name: 'Service' });
    expect(services).toHaveTextContent('Leak check');
    expect(services).toHaveTextContent('45 minutes');
    expect(services).toHaveTextContent('€35.00');
    expect(screen.getByText('Springfield, Illinois, US')).toBeInTheDocument();
    expect(screen.getByText('1 Main St')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Booking policy' })).toHaveTextContent(
      "Clients can't book less than 2 hours ahead",
    );
    expect(screen.getByRole('img', { name: '4.6 out of 5, 23 reviews' })).toBeInTheDocument();
    // No email for anonymous visitors.
    expect(
      within(screen.getByRole('region', { name: 'Ana Lopez' })).queryByRole('link', { name: /@/ }),
    ).toBeNull();
    expect(document.title).toBe('Ana Lopez · Plumber · Slotwise');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Ana Lopez, Plumber in Springfield\./,
    );

    const times = screen.getByRole('region', { name: 'Available Time Slots' });
    const days = within(times).getByRole('group', { name: 'Day' });
    expect(within(days).getByRole('button', { name: 'Fri, Jun 14, 2030' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(times).getByRole('button', { name: /10:00/ })).toBeInTheDocument();
    await user.click(within(days).getByRole('button', { name: 'Sat, Jun 15, 2030' }));
    expect(within(times).getByRole('button', { name: /09:00/ })).toBeInTheDocument();
    expect(within(times).queryByRole('button', { name: /10:00/ })).toBeNull();
  });

  it('signed out: choosing a slot keeps it in the URL and sign-in leads back to it, then books it', async () => {
    const slot = ana.slots[1]!;
    const { user, router } = await openProvider(`/providers/${ana.listing.provider_id}`);
    await user.click(screen.getByRole('button', { name: 'Sat, Jun 15, 2030' }));
    await user.click(screen.getByRole('button', { name: '09:00 Book Now' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?slot=${slot.id}`));
    const chosen = screen.getByRole('region', { name: 'Your booking' });
    expect(chosen).toHaveTextContent('Sat, Jun 15, 2030, 09:00');
    const here = `/providers/${ana.listing.provider_id}?slot=${slot.id}`;
    expect(within(chosen).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/register?next=${encodeURIComponent(here)}`,
    );
    await user.click(within(chosen).getByRole('link', { name: 'Sign in to book' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(here)}`);

    await screen.findByRole('heading', { name: 'Login' }, LAZY);
    await user.type(screen.getByLabelText('Email'), 'cleo@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(here),
    );
    expect(getSession()?.role).toBe('client');

    // 'Sign in to book' was pressed on this time: back signed in, it is booked without asking again.
    expect(
      await screen.findByText(/Booked: Sat, Jun 15, 2030, 09:00–09:45/, {}, LAZY),
    ).toBeInTheDocument();
    // Signed in now: the header leads to the client's area instead of 'Login'.
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'My account' }),
    ).toHaveAttribute('href', '/client');
    expect(callsTo(api.calls, 'POST', '/api/appointment/booking')[0]!.body).toEqual({
      timeslotId: slot.id,
    });
    expect(api.clientAppointments).toHaveLength(1);
    expect(router.state.location.search).toBe('');
  });

  it('carries the slot through registration and the verification mail', async () => {
    const here = `/providers/${ana.listing.provider_id}?slot=${ana.slots[0]!.id}`;
    const { user, router } = await openAt(
      `/register?next=${encodeURIComponent(here)}`,
      'Create Account',
    );
    await user.type(screen.getByLabelText('Full name'), 'Cleo Client');
    await user.type(screen.getByLabelText('Email'), 'cleo@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret123');
    await user.click(
      screen.getByRole('checkbox', { name: 'I agree to the Terms and Privacy Policy' }),
    );
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-verification'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(here)}`);

    // The mailed link opens without `next`: the browser kept it.
    api.answerNext('POST /api/auth/verify-email', () =>
      json(200, { message: MESSAGES.emailVerified }),
    );
    await act(() => router.navigate('/email-verification?token=abc'));
    const signIn = await screen.findByRole('link', { name: 'Sign in' }, LAZY);
    expect(signIn).toHaveAttribute('href', `/login?next=${encodeURIComponent(here)}`);
  });

  it('ignores a `next` that leaves the site', async () => {
    const { user, router } = await openAt('/login?next=%2F%2Fevil.example%2Fx', 'Login');
    await user.type(screen.getByLabelText('Email'), 'cleo@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/client'));
  });

  it('a signed-in provider is told that clients book', async () => {
    signInAs('provider');
    await openProvider(`/providers/${ana.listing.provider_id}?slot=${ana.slots[0]!.id}`);
    const chosen = await screen.findByRole('region', { name: 'Your booking' });
    await waitFor(() => expect(chosen).toHaveTextContent('Clients book appointments.'));
    expect(within(chosen).queryByRole('button', { name: 'Book Now' })).toBeNull();
  });

  it('says so when the chosen slot is gone', async () => {
    await openProvider(`/providers/${ana.listing.provider_id}?slot=${crypto.randomUUID()}`);
    expect(
      await screen.findByText('That time is no longer available. Please choose another.'),
    ).toBeInTheDocument();
  });
});

describe('landing search', () => {
  it('what + where lead to /providers?q=&placeId=', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    const form = screen.getByRole('search', { name: 'Find a provider' });
    await user.type(within(form).getByLabelText('What'), 'plumber');
    // "Where" becomes the place picker once reached (the landing page's JS budget).
    await user.click(within(form).getByLabelText('Where'));
    const where = await within(form).findByRole('combobox', { name: 'Where' }, LAZY);
    await waitFor(() => expect(where).toHaveFocus());
    await user.type(where, 'Spri');
    await user.click(await screen.findByRole('option', { name: /Springfield/ }));
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/providers'));
    expect(router.state.location.search).toBe(
      `?q=plumber&placeId=${SPRINGFIELD.id}&place=Springfield`,
    );
    await waitFor(() => expect(lastSearch().get('placeId')).toBe(SPRINGFIELD.id));
  });

  it('when: today in the evening leads to /providers?date=<today>&partOfDay=evening', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    const form = screen.getByRole('search', { name: 'Find a provider' });
    // The full When comes with the place picker, once the visitor reaches the form.
    await user.click(within(form).getByLabelText('What'));
    await within(form).findByRole('option', { name: 'Tomorrow' }, LAZY);
    await user.selectOptions(within(form).getByLabelText('Day'), 'Today');
    await user.selectOptions(within(form).getByLabelText('Time of day'), 'Evening');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/providers'));
    expect(router.state.location.search).toBe(`?date=${localDateKey()}&partOfDay=evening`);
    await waitFor(() => expect(lastSearch().get('partOfDay')).toBe('evening'));
    // The results page shows the same When.
    expect(await screen.findByLabelText('Day', {}, LAZY)).toHaveValue('today');
  });
});
