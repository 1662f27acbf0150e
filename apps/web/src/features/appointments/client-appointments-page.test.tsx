import { APPOINTMENT_LIST_MESSAGES } from '@slotwise/shared/appointments-schemas';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  makeClientAppointment,
  makeSlot,
  PROVIDER_ID,
  bookingApiForEachTest,
  providerForEachTest,
  holdNext,
} from '../../../test/booking-api';
import { deferred, json } from '../../../test/mock-api';
import { openRoute, LAZY_ROUTE } from '../../../test/render-route';
import { apiError } from '../../../test/contract';
import { cancelAndConfirm } from '../../../test/appointment-actions';
import { expectShown } from '../../../test/expect-texts';

const api = bookingApiForEachTest('client');
const ana = providerForEachTest(api, {
  provider_id: PROVIDER_ID,
  first_name: 'Ana',
  last_name: 'Lopez',
});

const openPage = (path = '/client/appointments') => openRoute(path, 'Your Appointments');

function card(name: RegExp | string) {
  return screen.getByRole('article', { name });
}

describe('client appointments: states', () => {
  it("shows 'Loading appointment details...', then the cards", async () => {
    const held = holdNext(api, 'GET /api/appointment/view');
    await openPage();
    expect(screen.getByText(MESSAGES.loadingAppointmentDetails)).toBeInTheDocument();
    held.resolve(json(200, { appointments: [makeClientAppointment()] }));
    expect(await screen.findByRole('article', { name: 'Ana Lopez' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.loadingAppointmentDetails)).toBeNull();
  });

  it("says 'Failed to fetch appointment details' when the list cannot load", async () => {
    api.answerNext('GET /api/appointment/view', () => json(403, { message: 'Forbidden' }));
    await openPage();
    expect(await screen.findByText(MESSAGES.fetchAppointmentDetailsFailed)).toBeInTheDocument();
  });

  it("says 'No appointments found' without any", async () => {
    await openPage();
    expect(await screen.findByText(MESSAGES.noAppointmentsFound)).toBeInTheDocument();
  });

  it('shows provider, specialty, date, time range and status on each card', async () => {
    api.clientAppointments = [
      makeClientAppointment({
        provider_first_name: 'Ana',
        provider_last_name: 'Lopez',
        provider_specialty: 'Plumber',
        day: '2030-11-24',
        start_time: '23:00:00',
        end_time: '23:30:00',
        starts_at: '2030-11-25T04:00:00.000Z',
        ends_at: '2030-11-25T04:30:00.000Z',
      }),
    ];
    await openPage();
    const item = await screen.findByRole('article', { name: 'Ana Lopez' });
    // The slot's own calendar date (not the UTC date, the day after).
    expectShown(item, ['Plumber', 'Sun, Nov 24, 2030', '23:00–23:30', 'booked']);
  });

  it('opens on Upcoming (Cancel and Reschedule); Past offers Book again instead (docs/product.md §14.4)', async () => {
    api.clientAppointments = [
      makeClientAppointment({ provider_first_name: 'Booked', status: 'booked' }),
      makeClientAppointment({ provider_first_name: 'Done', status: 'completed' }),
      makeClientAppointment({ provider_first_name: 'Gone', status: 'canceled' }),
      // Booked, but over: past even before the server calls it completed.
      makeClientAppointment({ provider_first_name: 'Ended', day: '2020-01-01' }),
    ];
    const { user, router } = await openPage();
    const tabs = screen.getByRole('navigation', { name: 'Appointment lists' });
    expect(within(tabs).getByRole('link', { name: 'Upcoming' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const booked = await screen.findByRole('article', { name: /^Booked/ });
    expect(within(booked).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(booked).getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    expect(within(booked).queryByRole('link', { name: 'Book again' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(1);

    await user.click(within(tabs).getByRole('link', { name: 'Past' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=past'));
    expect(within(tabs).getByRole('link', { name: 'Past' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      screen
        .getAllByRole('article')
        .map((article) => article.querySelector('h2')?.textContent)
        .sort(),
    ).toEqual(['Done Lopez', 'Ended Lopez', 'Gone Lopez']);
    for (const name of [/^Done/, /^Gone/, /^Ended/]) {
      const past = card(name);
      expect(within(past).queryByRole('button', { name: 'Reschedule' })).toBeNull();
      expect(within(past).queryByRole('button', { name: 'Cancel' })).toBeNull();
      expect(within(past).getByRole('link', { name: 'Book again' })).toHaveAttribute(
        'href',
        `/client/provider/${PROVIDER_ID}`,
      );
    }
    await user.click(within(card(/^Done/)).getByRole('link', { name: 'Book again' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/client/provider/${PROVIDER_ID}`),
    );
  });

  it("says which tab is empty; the Past tab opens straight from '?tab=past'", async () => {
    api.clientAppointments = [
      makeClientAppointment({ provider_first_name: 'Done', status: 'completed' }),
    ];
    const { user } = await openPage('/client/appointments?tab=past');
    expect(await screen.findByRole('article', { name: /^Done/ })).toBeInTheDocument();
    expect(screen.queryByText('No past appointments')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Upcoming' }));
    expect(await screen.findByText('No upcoming appointments')).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe("client appointments: '← Back'", () => {
  it('goes back to the previous page', async () => {
    const { user, router } = await openRoute(
      ['/client/provider/abc', '/client/appointments'],
      () => screen.findByRole('button', { name: 'Back' }, LAZY_ROUTE),
      { initialIndex: 1 },
    );
    const back = await screen.findByRole('button', { name: 'Back' }, { timeout: 5000 });
    expect(back).toHaveTextContent('← Back');
    await user.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/provider/abc'));
  });

  it('goes to /client when the page was opened directly', async () => {
    const { user, router } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/client'));
  });
});

describe('client appointments: cancel', () => {
  it('asks first, then cancels with the SPEC toast (5 s) and refreshes the card', async () => {
    const appointment = makeClientAppointment();
    api.clientAppointments = [appointment];
    const { user } = await openPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Ana Lopez' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel appointment' });
    expect(dialog).toHaveAccessibleDescription(MESSAGES.confirmCancelAppointment);
    // Focus starts on the safe choice.
    expect(within(dialog).getByRole('button', { name: 'Keep appointment' })).toHaveFocus();

    const success = vi.spyOn(toast, 'success');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText(MESSAGES.appointmentCancelledSuccessfully)).toBeInTheDocument();
    // docs/product.md §8: this toast stays 5 s.
    expect(success).toHaveBeenCalledWith(MESSAGES.appointmentCancelledSuccessfully, {
      autoClose: 5_000,
    });
    success.mockRestore();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Canceled, it leaves Upcoming for Past, where it offers Book again only.
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ana Lopez' })).toBeNull());
    await user.click(screen.getByRole('link', { name: 'Past' }));
    expect(
      within(await screen.findByRole('article', { name: 'Ana Lopez' })).getByText('canceled'),
    ).toBeInTheDocument();
    expect(within(card('Ana Lopez')).queryByRole('button')).toBeNull();
    expect(
      api.calls.some(
        (call) =>
          call.method === 'PATCH' &&
          call.path === `/api/appointment/cancel/${appointment.appointment_id}`,
      ),
    ).toBe(true);
  });

  it('keeps the appointment when the user says no', async () => {
    api.clientAppointments = [makeClientAppointment()];
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Keep appointment' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
    // Focus returns to the card's Cancel button.
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it("toasts 'Failed to cancel appointment: {message}' on failure", async () => {
    api.clientAppointments = [makeClientAppointment()];
    api.answerNext('PATCH /api/appointment/cancel/:id', () =>
      apiError(409, 'INVALID_STATE', BOOKING_MESSAGES.alreadyCanceled),
    );
    const { user } = await openPage();
    await cancelAndConfirm(user);
    expect(
      await screen.findByText(`Failed to cancel appointment: ${BOOKING_MESSAGES.alreadyCanceled}`),
    ).toBeInTheDocument();
  });
});

describe('client appointments: reschedule modal', () => {
  let current: ReturnType<typeof makeClientAppointment>;

  beforeEach(() => {
    current = makeClientAppointment({
      day: '2030-06-14',
      start_time: '10:00:00',
      end_time: '10:30:00',
      provider_specialty: 'Plumber',
    });
    api.clientAppointments = [current];
  });

  async function openModal() {
    const view = await openPage();
    await view.user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    return { ...view, dialog: screen.getByRole('dialog', { name: 'Reschedule Appointment' }) };
  }

  it('shows the current appointment and the free slots as a radio group', async () => {
    ana.slots = [
      makeSlot({ day: '2030-06-15', start_time: '09:00:00', end_time: '09:30:00' }),
      makeSlot({ day: '2030-06-14', start_time: '11:00:00', end_time: '11:30:00' }),
    ];
    const { dialog } = await openModal();
    const now = within(dialog).getByRole('region', { name: 'Current appointment' });
    expect(now).toHaveTextContent('Ana Lopez');
    expect(now).toHaveTextContent('Plumber');
    expect(now).toHaveTextContent('Fri, Jun 14, 2030, 10:00–10:30');
    const group = await within(dialog).findByRole('group', { name: 'Choose a new time slot' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual(['Fri, Jun 14, 2030, 11:00–11:30', 'Sat, Jun 15, 2030, 09:00–09:30']);
  });

  it("says 'No available slots found' when the provider has none", async () => {
    const { dialog } = await openModal();
    expect(await within(dialog).findByText(MESSAGES.noAvailableSlotsFound)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm Reschedule' })).toBeDisabled();
  });

  it("says 'Failed to load available slots: {message}' when they cannot load", async () => {
    api.answerNext('GET /api/search/providers/:id/available-slots', () =>
      json(404, { message: 'Provider not found', code: 'NOT_FOUND' }),
    );
    const { dialog } = await openModal();
    expect(
      await within(dialog).findByText('Failed to load available slots: Provider not found'),
    ).toBeInTheDocument();
  });

  it("asks 'Please select a time slot' without a choice", async () => {
    ana.slots = [makeSlot({ start_time: '11:00:00', end_time: '11:30:00' })];
    const { user, dialog } = await openModal();
    await within(dialog).findByRole('radio');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Reschedule' }));
    const error = await within(dialog).findByText(MESSAGES.selectTimeSlot);
    expect(within(dialog).getByRole('group', { name: 'Choose a new time slot' })).toHaveAttribute(
      'aria-describedby',
      error.id,
    );
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it("moves the appointment: 'Processing...', the SPEC toast, and the card shows the new time", async () => {
    const target = makeSlot({ day: '2030-06-16', start_time: '15:00:00', end_time: '15:45:00' });
    ana.slots = [target];
    const { user, dialog } = await openModal();
    await user.click(
      await within(dialog).findByRole('radio', { name: 'Sun, Jun 16, 2030, 15:00–15:45' }),
    );

    const held = deferred<void>();
    api.answerNext('PATCH /api/appointment/reschedule/:id', async () => {
      await held.promise;
      Object.assign(current, {
        day: target.day,
        start_time: target.start_time,
        end_time: target.end_time,
      });
      return json(200, { message: MESSAGES.appointmentRescheduled, appointment: current });
    });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Reschedule' }));
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    held.resolve();

    expect(await screen.findByText(MESSAGES.appointmentRescheduled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const item = card('Ana Lopez');
    await waitFor(() => expect(within(item).getByText('Sun, Jun 16, 2030')).toBeInTheDocument());
    expect(within(item).getByText('15:00–15:45')).toBeInTheDocument();
    const patch = api.calls.find((call) => call.method === 'PATCH')!;
    expect(patch.path).toBe(`/api/appointment/reschedule/${current.appointment_id}`);
    expect(patch.body).toEqual({ newTimeslotId: target.id });
  });

  it("toasts 'Failed to reschedule appointment: {message}' and stays open", async () => {
    ana.slots = [makeSlot({ start_time: '11:00:00', end_time: '11:30:00' })];
    api.answerNext('PATCH /api/appointment/reschedule/:id', () =>
      apiError(409, 'SLOT_TAKEN', BOOKING_MESSAGES.slotTaken),
    );
    const { user, dialog } = await openModal();
    await user.click(await within(dialog).findByRole('radio'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Reschedule' }));
    expect(
      await screen.findByText(`Failed to reschedule appointment: ${BOOKING_MESSAGES.slotTaken}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Reschedule Appointment' })).toBeInTheDocument();
  });

  it('is also the route /client/reschedule/:id; closing it lands on the list', async () => {
    ana.slots = [makeSlot({ start_time: '11:00:00', end_time: '11:30:00' })];
    const { user, router } = await openPage(`/client/reschedule/${current.appointment_id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Appointment' });
    expect(await within(dialog).findByRole('radio')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/appointments'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so on the route when the appointment is unknown', async () => {
    await openPage('/client/reschedule/99999999-9999-4999-8999-999999999999');
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Appointment' });
    expect(within(dialog).getByText(BOOKING_MESSAGES.appointmentNotFound)).toBeInTheDocument();
  });
});

describe('client appointments: pages (decision 052)', () => {
  /** Future appointments on consecutive days from 2030-01-01, soonest first. */
  function upcoming(count: number) {
    return Array.from({ length: count }, (_, i) =>
      makeClientAppointment({
        day: new Date(Date.UTC(2030, 0, 1 + i)).toISOString().slice(0, 10),
        provider_last_name: `Lopez${i}`,
      }),
    );
  }

  it("shows 20, then 'Load more' brings the next 20 and the last 5; the button leaves at the end", async () => {
    api.clientAppointments = upcoming(45);
    const { user } = await openPage();
    const list = await screen.findByRole('list', { name: 'Appointments' });
    expect(within(list).getAllByRole('article')).toHaveLength(20);
    expect(within(list).getAllByRole('article')[0]).toHaveAccessibleName('Ana Lopez0');
    await user.click(screen.getByRole('button', { name: APPOINTMENT_LIST_MESSAGES.loadMore }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(40));
    await user.click(screen.getByRole('button', { name: APPOINTMENT_LIST_MESSAGES.loadMore }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(45));
    const names = within(list)
      .getAllByRole('article')
      .map((article) => article.textContent);
    expect(new Set(names).size).toBe(45);
    expect(screen.queryByRole('button', { name: APPOINTMENT_LIST_MESSAGES.loadMore })).toBeNull();
  });

  it('asks for pages (limit and cursor), never for the whole list', async () => {
    api.clientAppointments = upcoming(25);
    const { user } = await openPage();
    await screen.findByRole('list', { name: 'Appointments' });
    await user.click(screen.getByRole('button', { name: APPOINTMENT_LIST_MESSAGES.loadMore }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(25));
    const urls = api.calls
      .filter((call) => call.path === '/api/appointment/view')
      .map((call) => call.url);
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/limit=20$/);
    expect(urls[1]).toMatch(/limit=20&cursor=/);
  });
});
