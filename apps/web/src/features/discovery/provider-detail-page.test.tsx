import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  makeSlot,
  bookingApiForEachTest,
  providerForEachTest,
  holdNext,
} from '../../../test/booking-api';
import { deferred, json } from '../../../test/mock-api';
import { openRoute, LAZY_ROUTE } from '../../../test/render-route';

const api = bookingApiForEachTest('client');
const ana = providerForEachTest(
  api,
  { first_name: 'Ana', last_name: 'Lopez', specialty: 'Plumber', bio: 'Leaks fixed fast.' },
  'ana@example.com',
);

function openPage(providerId = ana.listing.provider_id) {
  // The first visit loads the lazy area layout and screen.
  return openRoute(`/client/provider/${providerId}`, () =>
    screen.findByRole('combobox', { name: 'Search providers' }, LAZY_ROUTE),
  );
}

function slotsSection() {
  return screen.getByRole('region', { name: 'Available Time Slots' });
}

describe('provider detail', () => {
  it("shows 'Loading provider details...', then picture, name, email, specialty and bio", async () => {
    const held = holdNext(api, 'GET /api/profile/providers/:id');
    await openPage();
    expect(screen.getByText(MESSAGES.loadingProviderDetails)).toBeInTheDocument();
    held.resolve(
      json(200, {
        provider: {
          provider_id: ana.listing.provider_id,
          firstName: 'Ana',
          lastName: 'Lopez',
          email: 'ana@example.com',
          specialty: 'Plumber',
          bio: 'Leaks fixed fast.',
          profileImageUrl: null,
          rating: null,
          reviewCount: 0,
          category: null,
          location: null,
          serviceMode: 'at_provider',
          radiusKm: null,
          services: [],
        },
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Lopez' })).toBeInTheDocument();
    // Without a picture: the initials, named for assistive technology.
    expect(screen.getByRole('img', { name: 'Ana Lopez' })).toHaveTextContent('AL');
    expect(screen.getByRole('link', { name: 'ana@example.com' })).toHaveAttribute(
      'href',
      'mailto:ana@example.com',
    );
    expect(screen.getByText('Plumber')).toBeInTheDocument();
    expect(screen.getByText('Leaks fixed fast.')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.loadingProviderDetails)).toBeNull();
  });

  it("says 'Provider not found' for an unknown provider", async () => {
    await openPage('99999999-9999-4999-8999-999999999999');
    expect(await screen.findByText(BOOKING_MESSAGES.providerNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Available Time Slots' })).toBeNull();
  });

  it("says 'No available time slots at the moment.' without slots", async () => {
    await openPage();
    await screen.findByRole('heading', { level: 1, name: 'Ana Lopez' });
    expect(
      await within(slotsSection()).findByText(MESSAGES.noAvailableTimeSlots),
    ).toBeInTheDocument();
  });

  it("groups a day's times Morning / Afternoon / Evening, each 'Book Now' named by its time", async () => {
    ana.slots = [
      makeSlot({ day: '2030-06-15', start_time: '09:00:00', end_time: '09:30:00' }),
      makeSlot({ day: '2030-06-14', start_time: '23:00:00', end_time: '23:45:00' }),
      makeSlot({ day: '2030-06-14', start_time: '12:00:00', end_time: '12:30:00' }),
      makeSlot({ day: '2030-06-14', start_time: '10:00:00', end_time: '10:30:00' }),
      makeSlot({ day: '2030-06-14', start_time: '17:00:00', end_time: '17:30:00' }),
    ];
    const { user } = await openPage();
    const section = await screen.findByRole('region', { name: 'Available Time Slots' });
    const days = await within(section).findByRole('group', { name: 'Day' });
    expect(
      within(days)
        .getAllByRole('button')
        .map((day) => day.textContent),
    ).toEqual(['Fri, Jun 14, 2030', 'Sat, Jun 15, 2030']);
    expect(within(days).getByRole('button', { name: 'Fri, Jun 14, 2030' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const parts = within(section).getAllByRole('heading', { level: 4 });
    expect(parts.map((part) => part.textContent)).toEqual(['Morning', 'Afternoon', 'Evening']);
    const evening = within(section).getByRole('region', { name: 'Evening' });
    expect(
      within(evening)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['17:00 Book Now', '23:00 Book Now']);
    const buttons = within(section).getAllByRole('button', { name: /Book Now$/ });
    expect(buttons.map((button) => button.getAttribute('aria-describedby'))).toHaveLength(4);
    expect(buttons[0]).toHaveAccessibleName('10:00 Book Now');
    expect(buttons[0]).toHaveAccessibleDescription('Fri, Jun 14, 2030, 10:00–10:30, Plumber');
    expect(within(section).getByText(MESSAGES.providerLocalTimeNote)).toBeInTheDocument();

    await user.click(within(days).getByRole('button', { name: 'Sat, Jun 15, 2030' }));
    expect(within(section).getAllByRole('button', { name: /Book Now$/ })).toHaveLength(1);
    expect(within(section).getByRole('button', { name: '09:00 Book Now' })).toBeInTheDocument();
  });

  it("books: the time's 'Book Now', then the summary's; 'Booking...' while busy, a toast, the slot goes", async () => {
    const slot = makeSlot({ day: '2030-06-14', start_time: '10:00:00', end_time: '10:30:00' });
    const other = makeSlot({ day: '2030-06-14', start_time: '11:00:00', end_time: '11:30:00' });
    ana.slots = [slot, other];
    const { user } = await openPage();
    const section = await screen.findByRole('region', { name: 'Available Time Slots' });
    await user.click(await within(section).findByRole('button', { name: '10:00 Book Now' }));
    const summary = within(section).getByRole('region', { name: 'Your booking' });
    expect(summary).toHaveTextContent('Fri, Jun 14, 2030, 10:00');
    expect(summary).toHaveTextContent('Free cancellation until the start time');

    const held = deferred<void>();
    api.answerNext('POST /api/appointment/booking', async (call) => {
      await held.promise;
      ana.slots = [other];
      return json(201, { message: MESSAGES.appointmentBooked, appointment: call.body });
    });
    await user.click(within(summary).getByRole('button', { name: 'Book Now' }));
    expect(await within(summary).findByRole('button', { name: 'Booking...' })).toBeDisabled();
    expect(within(section).getByRole('button', { name: '10:00 Booking...' })).toBeDisabled();
    // One booking at a time.
    expect(within(section).getByRole('button', { name: '11:00 Book Now' })).toBeDisabled();
    held.resolve();

    expect(await screen.findByText(MESSAGES.appointmentBooked)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(section).getAllByRole('button', { name: /Book Now$/ })).toHaveLength(1),
    );
    expect(within(section).queryByRole('button', { name: /^10:00/ })).toBeNull();
    expect(within(section).getByRole('status')).toHaveTextContent(
      'Booked: Fri, Jun 14, 2030, 10:00–10:30.',
    );
    expect(api.calls.find((call) => call.path === '/api/appointment/booking')?.body).toEqual({
      timeslotId: slot.id,
    });
  });

  it('drops a slot someone else took (409 SLOT_TAKEN) without a toast, and refetches', async () => {
    const taken = makeSlot({ start_time: '10:00:00', end_time: '10:30:00' });
    const free = makeSlot({ start_time: '11:00:00', end_time: '11:30:00' });
    ana.slots = [taken, free];
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openPage();
    const section = await screen.findByRole('region', { name: 'Available Time Slots' });
    await user.click(await within(section).findByRole('button', { name: '10:00 Book Now' }));
    const slotCalls = () =>
      api.calls.filter((call) => call.path.endsWith('/available-slots')).length;
    const before = slotCalls();

    api.answerNext('POST /api/appointment/booking', () => {
      ana.slots = [free]; // the server's view: someone else holds it
      const message = BOOKING_MESSAGES.slotTaken;
      return json(409, { message, error: message, code: 'SLOT_TAKEN' });
    });
    await user.click(within(section).getByRole('button', { name: 'Book Now' }));
    await waitFor(() =>
      expect(within(section).queryByRole('button', { name: /^10:00/ })).toBeNull(),
    );
    expect(within(section).getByRole('button', { name: '11:00 Book Now' })).toBeEnabled();
    await waitFor(() => expect(slotCalls()).toBe(before + 1));
    // docs/product.md §8: a booking failure is logged; the page says the time is gone.
    expect(consoleError).toHaveBeenCalledWith('[api]', BOOKING_MESSAGES.slotTaken);
    expect(screen.queryByText(BOOKING_MESSAGES.slotTaken)).toBeNull();
    expect(
      within(section).getByText('That time is no longer available. Please choose another.'),
    ).toBeInTheDocument();
    consoleError.mockRestore();
  });
});
