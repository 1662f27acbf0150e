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

  it("lists the slots by date with their time range, on the provider's wall clock", async () => {
    ana.slots = [
      makeSlot({ day: '2030-06-15', start_time: '09:00:00', end_time: '09:30:00' }),
      makeSlot({ day: '2030-06-14', start_time: '23:00:00', end_time: '23:45:00' }),
      makeSlot({ day: '2030-06-14', start_time: '10:00:00', end_time: '10:30:00' }),
    ];
    await openPage();
    const section = await screen.findByRole('region', { name: 'Available Time Slots' });
    await within(section).findByRole('region', { name: 'Fri, 14 Jun 2030' });
    const days = within(section).getAllByRole('heading', { level: 3 });
    expect(days.map((day) => day.textContent)).toEqual(['Fri, 14 Jun 2030', 'Sat, 15 Jun 2030']);
    const buttons = within(section).getAllByRole('button', { name: 'Book Now' });
    // Each 'Book Now' is described by its slot's date and time, in order.
    expect(buttons.map((button) => button.getAttribute('aria-describedby') && button)).toHaveLength(
      3,
    );
    expect(buttons[0]).toHaveAccessibleDescription('Fri, 14 Jun 2030, 10:00–10:30');
    expect(buttons[1]).toHaveAccessibleDescription('Fri, 14 Jun 2030, 23:00–23:45');
    expect(buttons[2]).toHaveAccessibleDescription('Sat, 15 Jun 2030, 09:00–09:30');
    expect(within(section).getByText(MESSAGES.providerLocalTimeNote)).toBeInTheDocument();
  });

  it("books: 'Booking...' while busy, the server's message as a toast, and the slot goes", async () => {
    const slot = makeSlot({ day: '2030-06-14', start_time: '10:00:00', end_time: '10:30:00' });
    const other = makeSlot({ day: '2030-06-14', start_time: '11:00:00', end_time: '11:30:00' });
    ana.slots = [slot, other];
    const { user } = await openPage();
    const section = await screen.findByRole('region', { name: 'Available Time Slots' });
    const [first] = await within(section).findAllByRole('button', { name: 'Book Now' });

    const held = deferred<void>();
    api.answerNext('POST /api/appointment/booking', async (call) => {
      await held.promise;
      ana.slots = [other];
      return json(201, { message: MESSAGES.appointmentBooked, appointment: call.body });
    });
    await user.click(first!);
    expect(await within(section).findByRole('button', { name: 'Booking...' })).toBeDisabled();
    // One booking at a time.
    expect(within(section).getByRole('button', { name: 'Book Now' })).toBeDisabled();
    held.resolve();

    expect(await screen.findByText(MESSAGES.appointmentBooked)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(section).getAllByRole('button', { name: 'Book Now' })).toHaveLength(1),
    );
    expect(within(section).queryByText('10:00–10:30')).toBeNull();
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
    const [first] = await within(section).findAllByRole('button', { name: 'Book Now' });
    const slotCalls = () =>
      api.calls.filter((call) => call.path.endsWith('/available-slots')).length;
    const before = slotCalls();

    api.answerNext('POST /api/appointment/booking', () => {
      ana.slots = [free]; // the server's view: someone else holds it
      const message = BOOKING_MESSAGES.slotTaken;
      return json(409, { message, error: message, code: 'SLOT_TAKEN' });
    });
    await user.click(first!);
    await waitFor(() => expect(within(section).queryByText('10:00–10:30')).toBeNull());
    expect(within(section).getByText('11:00–11:30')).toBeInTheDocument();
    await waitFor(() => expect(slotCalls()).toBe(before + 1));
    // docs/product.md §8: a booking failure is logged only.
    expect(consoleError).toHaveBeenCalledWith('[api]', BOOKING_MESSAGES.slotTaken);
    expect(screen.queryByText(BOOKING_MESSAGES.slotTaken)).toBeNull();
    expect(within(section).getByRole('button', { name: 'Book Now' })).toBeEnabled();
    consoleError.mockRestore();
  });
});
