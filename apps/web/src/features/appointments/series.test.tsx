import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  makeClientAppointment,
  PROVIDER_ID,
  bookingApiForEachTest,
  providerForEachTest,
} from '../../../test/booking-api';
import { json } from '../../../test/mock-api';
import { openRoute } from '../../../test/render-route';

/**
 * Repeat and series cancel on the client's Upcoming list (docs/decisions/067-seats-and-series.md):
 * "Repeat every [n] weeks, [m] times" makes the booking the first of a series and says what was
 * booked and why a week was not; an occurrence of a series cancels this one, the following, or all.
 */

const api = bookingApiForEachTest('client');
providerForEachTest(api, { provider_id: PROVIDER_ID, first_name: 'Ana', last_name: 'Lopez' });

const openPage = () => openRoute('/client/appointments', 'Your Appointments');
const SERIES_ID = '44444444-4444-4444-8444-444444444444';

describe('Repeat', () => {
  it('makes this booking the first of a series every two weeks and shows the result', async () => {
    const booked = makeClientAppointment({ day: '2030-06-14' });
    api.clientAppointments = [booked];
    let sent: unknown;
    api.answerNext('POST /api/appointment/series', (call) => {
      sent = call.body;
      return json(201, {
        message: 'Series booked',
        series: { id: SERIES_ID, interval_weeks: 2, count: 3 },
        appointments: ['2030-06-14', '2030-06-28'].map((day) =>
          makeClientAppointment({ day, series_id: SERIES_ID }),
        ),
        conflicts: [{ date: '2030-07-12', reason: 'time_off' }],
      });
    });
    const { user } = await openPage();
    const card = await screen.findByRole('article', { name: 'Ana Lopez' });
    await user.click(within(card).getByRole('button', { name: 'Repeat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Repeat this appointment' });
    await user.selectOptions(within(dialog).getByLabelText('Repeat every'), '2 weeks');
    const times = within(dialog).getByLabelText('Times');
    await user.clear(times);
    await user.type(times, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Book series' }));
    expect(await within(dialog).findByText('Repeat 2 to 26 times')).toBeInTheDocument();
    await user.clear(times);
    await user.type(times, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Book series' }));
    const status = await within(dialog).findByRole('status');
    // The appointment's own slot: the server makes it the first occurrence.
    expect(sent).toEqual({ timeslotId: booked.timeslot_id, intervalWeeks: 2, count: 3 });
    expect(status).toHaveTextContent(/^2 booked: Fri, Jun 14, 2030, Fri, Jun 28, 2030/);
    expect(within(status).getByRole('listitem')).toHaveTextContent(
      'Fri, Jul 12, 2030: the provider is away',
    );
  });
});

describe('canceling an occurrence of a series', () => {
  const occurrence = (day: string) =>
    makeClientAppointment({ day, series_id: SERIES_ID, provider_first_name: day });

  it.each([
    ['This and following', { fromAppointmentId: 'second' }],
    ['Whole series', {}],
  ] as const)("'%s' cancels through the series", async (choice, body) => {
    const list = [occurrence('2030-06-14'), occurrence('2030-06-21')];
    api.clientAppointments = list;
    let sent: { path: string; body: unknown } | null = null;
    api.answerNext('PATCH /api/appointment/series/:id/cancel', (call) => {
      sent = { path: call.path, body: call.body };
      return json(200, { message: 'Series canceled', canceled: [list[1]!.appointment_id] });
    });
    const { user } = await openPage();
    const card = await screen.findByRole('article', { name: /^2030-06-21/ });
    // A series occurrence offers no Repeat of its own.
    expect(within(card).queryByRole('button', { name: 'Repeat' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    expect(within(dialog).getByRole('button', { name: 'Keep appointment' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: choice }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toEqual({
      path: `/api/appointment/series/${SERIES_ID}/cancel`,
      body: 'fromAppointmentId' in body ? { fromAppointmentId: list[1]!.appointment_id } : {},
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'Cancel this one' is the ordinary cancel", async () => {
    const list = [occurrence('2030-06-14')];
    api.clientAppointments = list;
    const { user } = await openPage();
    const card = await screen.findByRole('article', { name: /^2030-06-14/ });
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel this one' }));
    await waitFor(() =>
      expect(
        api.calls.some(
          (call) =>
            call.method === 'PATCH' &&
            call.path === `/api/appointment/cancel/${list[0]!.appointment_id}`,
        ),
      ).toBe(true),
    );
  });
});
