import { MESSAGES } from '@slotwise/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  makeClientAppointment,
  makeProvider,
  signInAs,
  bookingApiForEachTest,
  holdNext,
} from '../../../test/booking-api';
import { json } from '../../../test/mock-api';
import { openRoute } from '../../../test/render-route';

const api = bookingApiForEachTest('client');

const openHome = () => openRoute('/client');

function todaySection() {
  return screen.getByRole('region', { name: "Today's Appointments" });
}

describe("client home: Today's Appointments", () => {
  it("lists the appointments on today's LOCAL date, with provider and time range", async () => {
    // 03:30 UTC on 25 Nov is 22:30 on 24 Nov in New York (the test zone): today is the 24th.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T03:30:00Z') });
    signInAs('client'); // a token that is valid at the faked time
    api.clientAppointments = [
      makeClientAppointment({
        day: '2026-11-24',
        start_time: '23:00:00',
        end_time: '23:30:00',
        provider_first_name: 'Ana',
        provider_last_name: 'Lopez',
      }),
      makeClientAppointment({
        day: '2026-11-24',
        start_time: '09:00:00',
        end_time: '09:45:00',
        provider_first_name: 'Zoe',
        provider_last_name: '-',
      }),
      // The UTC date, which is not today here.
      makeClientAppointment({ day: '2026-11-25', provider_first_name: 'Tom' }),
    ];
    await openHome();
    const section = await screen.findByRole('region', { name: "Today's Appointments" });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Zoe09:00–09:45Status: booked',
      'Ana Lopez23:00–23:30Status: booked',
    ]);
    expect(within(section).queryByText(/Tom/)).toBeNull();
  });

  it("says 'No appointments for today' and links to every appointment", async () => {
    api.clientAppointments = [makeClientAppointment({ day: '2030-01-01' })];
    const { user, router } = await openHome();
    expect(await screen.findByText(MESSAGES.noAppointmentsForToday)).toBeInTheDocument();
    const link = within(todaySection()).getByRole('link', { name: 'View all appointments' });
    expect(link).toHaveAttribute('href', '/client/appointments');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/appointments'));
  });

  it('shows a loading line, then a failure line', async () => {
    const held = holdNext(api, 'GET /api/appointment/view');
    await openHome();
    expect(screen.getByText(MESSAGES.loadingTodaysAppointments)).toBeInTheDocument();
    // A 4xx: not retried by the query client.
    held.resolve(json(403, { message: 'Forbidden' }));
    expect(await screen.findByText(MESSAGES.fetchAppointmentDetailsFailed)).toBeInTheDocument();
  });
});

describe("client home: 'Meet our top specialists'", () => {
  const names = ['Ana', 'Ben', 'Cal', 'Dee', 'Eve', 'Fay', 'Gus'];

  beforeEach(() => {
    api.providers = names.map((first) =>
      makeProvider({ first_name: first, last_name: 'Pro', bio: `${first} bio` }),
    );
  });

  async function carousel() {
    const region = await screen.findByRole('region', { name: 'Meet our top specialists' });
    await within(region).findByText('Ana Pro');
    return region;
  }

  const shownNames = (region: HTMLElement) =>
    within(region)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);

  it('shows three cards at a time (picture or initials, name, specialty, bio)', async () => {
    await openHome();
    const region = await carousel();
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(shownNames(region)).toEqual(['Ana Pro', 'Ben Pro', 'Cal Pro']);
    const card = within(region).getByText('Ana Pro').closest('li')!;
    expect(within(card).getByText('Plumber')).toBeInTheDocument();
    expect(within(card).getByText('Ana bio')).toBeInTheDocument();
    expect(card.textContent).toContain('AP'); // initials without a picture
  });

  it('pages with next/previous (wrapping) and the dots (aria-current on the shown page)', async () => {
    const { user } = await openHome();
    const region = await carousel();
    const dots = within(region).getAllByRole('button', { name: /^Specialists page/ });
    expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual([
      'Specialists page 1 of 3',
      'Specialists page 2 of 3',
      'Specialists page 3 of 3',
    ]);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');

    await user.click(within(region).getByRole('button', { name: 'Next specialists' }));
    expect(shownNames(region)).toEqual(['Dee Pro', 'Eve Pro', 'Fay Pro']);
    expect(dots[1]).toHaveAttribute('aria-current', 'true');
    expect(dots[0]).not.toHaveAttribute('aria-current');

    await user.click(dots[2]!);
    expect(shownNames(region)).toEqual(['Gus Pro']);
    await user.click(within(region).getByRole('button', { name: 'Next specialists' }));
    expect(shownNames(region)).toEqual(['Ana Pro', 'Ben Pro', 'Cal Pro']);
    await user.click(within(region).getByRole('button', { name: 'Previous specialists' }));
    expect(shownNames(region)).toEqual(['Gus Pro']);
  });

  it('shows one card at a time on a phone', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: false,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
    await openHome();
    const region = await carousel();
    expect(shownNames(region)).toEqual(['Ana Pro']);
    expect(within(region).getAllByRole('button', { name: /^Specialists page/ })).toHaveLength(7);
  });

  it('opens /client/provider/{provider_id} from a card', async () => {
    const { user, router } = await openHome();
    const region = await carousel();
    await user.click(within(region).getByRole('link', { name: 'Ben Pro' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/client/provider/${api.providers[1]!.listing.provider_id}`,
      ),
    );
  });
});
