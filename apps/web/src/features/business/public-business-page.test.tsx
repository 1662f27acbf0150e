import { BUSINESS_MESSAGES, BUSINESS_TEXTS } from '@slotwise/shared/business-schemas';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { MESSAGES } from '@slotwise/shared/texts';
import { WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingApiForEachTest, makeProvider, makeSlot, signInAs } from '../../../test/booking-api';
import {
  BUSINESS_ID,
  OTHER_STAFF_ID,
  STAFF_ID,
  businessRoutes,
  emptyBusinessState,
  makePublicBusiness,
} from '../../../test/business-api';
import { freshForEachTest } from '../../../test/each-test';
import { callsTo, json } from '../../../test/mock-api';
import { LAZY_ROUTE, openRoute } from '../../../test/render-route';
import { tokenOf, userOf } from '../../../test/session-user';
import { formatInstantTime } from '../../lib/date-time-format';

/** /businesses/:id (docs/product.md §13): the public business page and booking from it. */

const ZONE = 'America/New_York';
const today = todayIn(ZONE);
/** Two free times today: Bea's at 15:00 UTC, Otto's at 16:00 UTC. */
const BEA_TIME = `${today}T15:00:00.000Z`;
const OTTO_TIME = `${today}T16:00:00.000Z`;

const business = freshForEachTest(emptyBusinessState);
const api = bookingApiForEachTest(undefined, undefined, (call, route) => {
  if (route === 'POST /api/auth/login') {
    const user = userOf('client', { firstName: 'Cleo', lastName: 'Client' });
    return json(200, { token: tokenOf(user), user, message: MESSAGES.loginSuccessful });
  }
  return businessRoutes(business)(call, route);
});

beforeEach(() => {
  business.public = makePublicBusiness();
  business.slots = (_serviceId, date) =>
    date === today
      ? [
          { starts_at: BEA_TIME, ends_at: `${today}T15:30:00.000Z`, provider_ids: [STAFF_ID] },
          {
            starts_at: OTTO_TIME,
            ends_at: `${today}T16:30:00.000Z`,
            provider_ids: [OTHER_STAFF_ID],
          },
        ]
      : [];
});

const PAGE = `/businesses/${BUSINESS_ID}`;
const openPage = (path = PAGE) => openRoute(path, 'Cut & Co');
const service = () => business.public!.services[0]!;

/** The time buttons shown, by their text. */
function shownTimes() {
  const times = screen.getByRole('region', { name: /Available times/ });
  return within(times)
    .queryAllByRole('button', { name: /Haircut$/ })
    .map((button) => button.textContent);
}

describe('the public business page', () => {
  it('shows the name, rating, staff and services; times come once a service is chosen', async () => {
    await openPage();
    const header = within(screen.getByRole('region', { name: 'Cut & Co' }));
    expect(header.getByRole('img', { name: /4\.5 out of 5, 2 reviews/ })).toBeInTheDocument();
    const team = within(screen.getByRole('region', { name: BUSINESS_TEXTS.staffCardsTitle }));
    expect(team.getByRole('article', { name: 'Bea Barber' })).toHaveTextContent('BB');
    expect(team.getByRole('article', { name: 'Otto Shears' })).toBeInTheDocument();
    const services = within(screen.getByRole('region', { name: BUSINESS_TEXTS.servicesTitle }));
    expect(services.getByText('Haircut')).toBeInTheDocument();
    expect(services.getByText(/\$30\.00/)).toBeInTheDocument();
    expect(screen.getByText(BUSINESS_TEXTS.chooseServiceFirst)).toBeInTheDocument();
    expect(callsTo(api.calls, 'GET', `/api/businesses/${BUSINESS_ID}/available-slots`)).toEqual([]);
  });

  it('offers today and the next 13 days, asks for the chosen day, and filters by person', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Choose Haircut' }));
    const days = within(screen.getByRole('group', { name: BUSINESS_TEXTS.dayLabel }));
    const dayButtons = days.getAllByRole('button');
    expect(dayButtons).toHaveLength(14);
    expect(dayButtons[0]).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(shownTimes()).toEqual([
        formatInstantTime(BEA_TIME, ZONE),
        formatInstantTime(OTTO_TIME, ZONE),
      ]),
    );
    const asked = callsTo(api.calls, 'GET', `/api/businesses/${BUSINESS_ID}/available-slots`);
    expect(new URL(asked[0]!.url, 'http://x').searchParams.get('serviceId')).toBe(service().id);
    expect(new URL(asked[0]!.url, 'http://x').searchParams.get('date')).toBe(today);

    await user.selectOptions(
      screen.getByLabelText(BUSINESS_TEXTS.staffChooserLabel),
      'Otto Shears',
    );
    expect(shownTimes()).toEqual([formatInstantTime(OTTO_TIME, ZONE)]);
    await user.selectOptions(
      screen.getByLabelText(BUSINESS_TEXTS.staffChooserLabel),
      BUSINESS_TEXTS.anyStaff,
    );
    expect(shownTimes()).toHaveLength(2);

    await user.click(dayButtons[3]!);
    expect(await screen.findByText(BUSINESS_TEXTS.noTimes)).toBeInTheDocument();
    const last = callsTo(api.calls, 'GET', `/api/businesses/${BUSINESS_ID}/available-slots`).at(
      -1,
    )!;
    expect(new URL(last.url, 'http://x').searchParams.get('date')).toBe(addDays(today, 3));
  });

  it('signed out: sign in to book and come back to the same choices, then book "any staff"', async () => {
    const { user, router } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Choose Haircut' }));
    await user.click(await screen.findByRole('button', { name: timeName(BEA_TIME) }));
    const chosen = await screen.findByRole('region', { name: /Your chosen time/ });
    const here = `${router.state.location.pathname}${router.state.location.search}`;
    expect(here).toContain(`service=${service().id}`);
    expect(here).toContain(`time=${encodeURIComponent(BEA_TIME)}`);
    await user.click(within(chosen).getByRole('link', { name: BUSINESS_TEXTS.signInToBook }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await screen.findByRole('heading', { name: 'Login' }, LAZY_ROUTE);
    await user.type(screen.getByLabelText('Email'), 'cleo@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(here),
    );

    const back = await screen.findByRole('region', { name: /Your chosen time/ }, LAZY_ROUTE);
    await user.click(within(back).getByRole('button', { name: BUSINESS_TEXTS.bookThisTime }));
    expect(await screen.findByText(/Booked: .* with Bea Barber\./)).toBeInTheDocument();
    expect(callsTo(api.calls, 'POST', '/api/appointment/booking')[0]!.body).toEqual({
      businessId: BUSINESS_ID,
      serviceId: service().id,
      startsAt: BEA_TIME,
    });
    expect(router.state.location.search).not.toContain('time=');
  });

  it('a chosen person: their own slot at that time is looked up and booked', async () => {
    signInAs('client');
    const otto = makeProvider({
      provider_id: OTHER_STAFF_ID,
      first_name: 'Otto',
      last_name: 'Shears',
    });
    const slot = makeSlot({ day: today, start_time: '16:00:00', end_time: '16:30:00' });
    otto.slots = [{ ...slot, starts_at: OTTO_TIME, ends_at: `${today}T16:30:00.000Z` }];
    api.providers = [otto];
    const { user } = await openPage(
      `${PAGE}?service=${service().id}&person=${OTHER_STAFF_ID}&time=${encodeURIComponent(OTTO_TIME)}`,
    );
    const chosen = await screen.findByRole('region', { name: /Your chosen time/ });
    await user.click(within(chosen).getByRole('button', { name: BUSINESS_TEXTS.bookThisTime }));
    expect(await screen.findByText(/Booked: .* with Otto Shears\./)).toBeInTheDocument();
    const lookup = callsTo(
      api.calls,
      'GET',
      `/api/search/providers/${OTHER_STAFF_ID}/available-slots`,
    )[0]!;
    const params = new URL(lookup.url, 'http://x').searchParams;
    expect([params.get('from'), params.get('to')]).toEqual([today, today]);
    expect(callsTo(api.calls, 'POST', '/api/appointment/booking')[0]!.body).toEqual({
      timeslotId: slot.id,
    });
  });

  it("offers 'Join the waitlist' for the person chosen, not for any staff", async () => {
    signInAs('client');
    api.providers = [
      makeProvider({ provider_id: OTHER_STAFF_ID, first_name: 'Otto', last_name: 'Shears' }),
    ];
    const { user } = await openPage(`${PAGE}?service=${service().id}`);
    await waitFor(() => expect(shownTimes()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: WAITLIST_TEXTS.join })).toBeNull();
    await user.selectOptions(
      screen.getByLabelText(BUSINESS_TEXTS.staffChooserLabel),
      'Otto Shears',
    );
    await user.click(await screen.findByRole('button', { name: WAITLIST_TEXTS.join }));
    expect(
      await screen.findByRole('dialog', { name: WAITLIST_TEXTS.join }),
    ).toHaveAccessibleDescription(/^Otto Shears\./);
  });

  it('a refused booking is explained and the times are asked again', async () => {
    signInAs('client');
    business.anyStaff = { refuse: 'RESOURCE_BUSY', message: BUSINESS_MESSAGES.resourceBusy };
    const { user } = await openPage(
      `${PAGE}?service=${service().id}&time=${encodeURIComponent(BEA_TIME)}`,
    );
    const chosen = await screen.findByRole('region', { name: /Your chosen time/ });
    const before = callsTo(api.calls, 'GET', `/api/businesses/${BUSINESS_ID}/available-slots`);
    await user.click(within(chosen).getByRole('button', { name: BUSINESS_TEXTS.bookThisTime }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BUSINESS_MESSAGES.resourceBusy);
    await waitFor(() =>
      expect(
        callsTo(api.calls, 'GET', `/api/businesses/${BUSINESS_ID}/available-slots`).length,
      ).toBeGreaterThan(before.length),
    );
    expect(screen.queryByText(/Booked:/)).toBeNull();
  });

  it('an unknown business says so', async () => {
    await openRoute(`/businesses/${crypto.randomUUID()}`, BUSINESS_MESSAGES.businessNotFound);
  });
});

/** A time button's name: its day and time as the page writes them, and the service. */
function timeName(iso: string) {
  return new RegExp(`${formatInstantTime(iso, ZONE)}, Haircut$`);
}
