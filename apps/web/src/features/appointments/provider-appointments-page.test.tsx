import { APPOINTMENT_LIST_MESSAGES } from '@slotwise/shared/appointments-schemas';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  makeProviderAppointment,
  bookingApiForEachTest,
  holdNext,
} from '../../../test/booking-api';
import { json } from '../../../test/mock-api';
import { openRoute } from '../../../test/render-route';
import { apiError } from '../../../test/contract';
import { cancelAndConfirm } from '../../../test/appointment-actions';
import { expectShown } from '../../../test/expect-texts';

const api = bookingApiForEachTest('provider', { firstName: 'Pat', lastName: 'Slots' });

const openPage = () => openRoute('/dashboard/appointments', 'Appointments');

function bookedList() {
  return screen.getByRole('list', { name: 'Booked appointments' });
}

describe('provider appointments', () => {
  it("says 'No Appointments booked.' without booked appointments", async () => {
    const held = holdNext(api, 'GET /api/appointment/provider/view');
    await openPage();
    expect(screen.getByText(MESSAGES.loadingAppointments)).toBeInTheDocument();
    held.resolve(json(200, { appointments: [] }));
    expect(await screen.findByText(MESSAGES.noProviderAppointments)).toBeInTheDocument();
  });

  it('lists booked appointments first (client, service, date, time, status); the rest apart', async () => {
    api.providerAppointments = [
      makeProviderAppointment({ client_first_name: 'Old', status: 'completed', day: '2020-01-01' }),
      makeProviderAppointment({
        client_first_name: 'Cleo',
        client_last_name: 'Client',
        service_type: 'Haircut',
        day: '2030-11-24',
        start_time: '23:00:00',
        end_time: '23:30:00',
      }),
      makeProviderAppointment({ client_first_name: 'Gone', status: 'canceled' }),
    ];
    await openPage();
    const item = await screen.findByRole('article', { name: 'Cleo Client' });
    expectShown(item, ['Haircut', 'Sun, Nov 24, 2030', '23:00–23:30', 'booked']);
    expect(within(bookedList()).getAllByRole('article')).toHaveLength(1);

    const past = screen.getByRole('list', { name: 'Past and canceled appointments', hidden: true });
    expect(within(past).getAllByRole('article', { hidden: true })).toHaveLength(2);
    // No Cancel on what is not booked.
    expect(within(past).queryAllByRole('button', { hidden: true })).toHaveLength(0);
    expect(screen.getByText('Past and canceled (2)')).toBeInTheDocument();
  });

  it("cancels after confirmation with the toast 'Appointment Canceled'; it leaves the list", async () => {
    const appointment = makeProviderAppointment({ client_first_name: 'Cleo' });
    api.providerAppointments = [appointment];
    const { user } = await openPage();
    const item = await screen.findByRole('article', { name: 'Cleo Client' });
    await user.click(within(item).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel appointment' });
    expect(dialog).toHaveAccessibleDescription(MESSAGES.confirmCancelAppointment);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));

    expect(await screen.findByText(MESSAGES.appointmentCanceledToast)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.noProviderAppointments)).toBeInTheDocument();
    expect(
      api.calls.some(
        (call) =>
          call.method === 'PATCH' &&
          call.path === `/api/appointment/provider/cancel/${appointment.appointment_id}`,
      ),
    ).toBe(true);
  });

  it("toasts the server's message when cancelling fails", async () => {
    api.providerAppointments = [makeProviderAppointment()];
    api.answerNext('PATCH /api/appointment/provider/cancel/:id', () =>
      apiError(409, 'INVALID_STATE', BOOKING_MESSAGES.alreadyCompleted),
    );
    const { user } = await openPage();
    await cancelAndConfirm(user);
    expect(await screen.findByText(BOOKING_MESSAGES.alreadyCompleted)).toBeInTheDocument();
  });

  it("toasts 'Failed to cancel appointment' when the server gives no message", async () => {
    api.providerAppointments = [makeProviderAppointment()];
    api.answerNext('PATCH /api/appointment/provider/cancel/:id', () => json(500));
    const { user } = await openPage();
    await cancelAndConfirm(user);
    expect(await screen.findByText(MESSAGES.cancelAppointmentFailed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('provider appointments: pages (decision 052)', () => {
  const dayOf = (offset: number) =>
    new Date(Date.UTC(2030, 0, 1 + offset)).toISOString().slice(0, 10);

  it('loads the booked ones 20 at a time; the past section appears once they are all in, and pages on while open', async () => {
    api.providerAppointments = [
      ...Array.from({ length: 25 }, (_, i) =>
        makeProviderAppointment({ client_first_name: `Booked${i}`, day: dayOf(i) }),
      ),
      ...Array.from({ length: 23 }, (_, i) =>
        makeProviderAppointment({
          client_first_name: `Past${i}`,
          status: i % 2 ? 'canceled' : 'completed',
          day: `2020-01-${String(i + 1).padStart(2, '0')}`,
        }),
      ),
    ];
    const { user } = await openPage();
    await waitFor(() => expect(within(bookedList()).getAllByRole('article')).toHaveLength(20));
    expect(screen.queryByText(/Past and canceled/)).toBeNull();
    await user.click(screen.getByRole('button', { name: APPOINTMENT_LIST_MESSAGES.loadMore }));
    // The second page: the last 5 booked and the 15 most recent past ones.
    await waitFor(() => expect(within(bookedList()).getAllByRole('article')).toHaveLength(25));
    expect(screen.getByText('Past and canceled (15+)')).toBeInTheDocument();
    const past = screen.getByRole('list', { name: 'Past and canceled appointments', hidden: true });
    expect(within(past).getAllByRole('article', { hidden: true })[0]).toHaveTextContent('Past22');
    await user.click(screen.getByText('Past and canceled (15+)'));
    await user.click(screen.getByRole('button', { name: APPOINTMENT_LIST_MESSAGES.loadMore }));
    await waitFor(() => expect(screen.getByText('Past and canceled (23)')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: APPOINTMENT_LIST_MESSAGES.loadMore })).toBeNull();
  });

  it('a status filter pages too (?status=&limit=&cursor=)', async () => {
    api.providerAppointments = Array.from({ length: 30 }, (_, i) =>
      makeProviderAppointment({
        client_first_name: `Gone${i}`,
        status: 'canceled',
        day: dayOf(i),
      }),
    );
    const { user } = await openPage();
    await user.selectOptions(screen.getByLabelText(/Filter by status/i), 'canceled');
    const list = await screen.findByRole('list', { name: 'Canceled appointments' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: APPOINTMENT_LIST_MESSAGES.loadMore }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(30));
    const urls = api.calls
      .filter((call) => call.path === '/api/appointment/provider/view')
      .map((call) => call.url);
    expect(urls.filter((url) => url.includes('status=canceled'))).toHaveLength(2);
    expect(urls.at(-1)).toMatch(/cursor=/);
  });
});
