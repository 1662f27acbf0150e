import { addDays, todayIn } from '@slotwise/shared/dates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  makeClientAppointment,
  makeProvider,
  makeSlot,
  signInAs,
  bookingApiForEachTest,
} from '../../../test/booking-api';
import { makeService } from '../../../test/catalogue-api';
import { callsTo } from '../../../test/mock-api';
import { renderRoute, openRoute } from '../../../test/render-route';
import { mondayOf } from './calendar/week-layout';

const api = bookingApiForEachTest();
const day = addDays(todayIn(undefined), 3);

/** The provider's Time Slots page with its Create Time Slot dialog open. */
async function openCreateSlot() {
  signInAs('provider');
  const { user } = await openRoute('/dashboard/timeslots', 'Time Slots');
  await user.click(screen.getByRole('button', { name: '+ Create Slot' }));
  return { user, dialog: within(await screen.findByRole('dialog', { name: 'Create Time Slot' })) };
}

describe('slots for a service (docs/product.md §11.1)', () => {
  it("offers the provider's active services; picking one names the slot and prefills its end", async () => {
    const haircut = makeService({ name: 'Haircut', duration_minutes: 45, price_cents: 3500 });
    api.catalogue.services = [
      haircut,
      makeService({ name: 'Colour', duration_minutes: 90, price_cents: 8000 }),
      makeService({ name: 'Retired', active: false }),
    ];
    const { user, dialog } = await openCreateSlot();
    const select = await dialog.findByLabelText('Service');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No service', 'Haircut (45 min, $35.00)', 'Colour (90 min, $80.00)']);

    fireEvent.change(dialog.getByLabelText('Date'), { target: { value: day } });
    fireEvent.change(dialog.getByLabelText('Start time'), { target: { value: '09:30' } });
    await user.selectOptions(select, haircut.id);
    await waitFor(() => expect(dialog.getByLabelText('End time')).toHaveValue('10:15'));
    // The end follows the start while a service is chosen.
    fireEvent.change(dialog.getByLabelText('Start time'), { target: { value: '11:00' } });
    await waitFor(() => expect(dialog.getByLabelText('End time')).toHaveValue('11:45'));
    await user.click(dialog.getByRole('button', { name: 'Create Slot' }));

    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', '/api/timeslots/create')).toHaveLength(1),
    );
    expect(callsTo(api.calls, 'POST', '/api/timeslots/create')[0]!.body).toEqual({
      day,
      startTime: '11:00:00',
      endTime: '11:45:00',
      serviceId: haircut.id,
      type: 'Haircut',
    });
    // The list, on the week holding `day` (docs/product.md §14.3: a week a page).
    await user.click(screen.getByRole('radio', { name: 'List' }));
    if (mondayOf(day) !== mondayOf(todayIn(undefined))) {
      await user.click(await screen.findByRole('button', { name: 'Next week' }));
    }
    const card = await screen.findByRole('article', { name: 'Haircut' });
    expect(card).toHaveTextContent('$35.00');
    // Many steps on a lazily loaded screen: more than the default 5 s on a loaded machine.
  }, 20_000);

  it('shows no service select when the provider has no active service', async () => {
    const { dialog } = await openCreateSlot();
    await waitFor(() => expect(callsTo(api.calls, 'GET', '/api/services')).toHaveLength(1));
    expect(dialog.queryByLabelText('Service')).toBeNull();
  });

  it("shows the service and price on the provider page's slots and on the client's appointment", async () => {
    const ana = makeProvider({ first_name: 'Ana', last_name: 'Lopez' });
    ana.slots = [
      makeSlot({
        day,
        type: 'Haircut',
        service_id: crypto.randomUUID(),
        price_cents: 3500,
        currency: 'USD',
      }),
    ];
    api.providers = [ana];
    signInAs('client');
    const user = userEvent.setup();
    renderRoute(`/client/provider/${ana.listing.provider_id}`);
    const slots = await screen.findByRole(
      'region',
      { name: 'Available Time Slots' },
      { timeout: 5000 },
    );
    // The booking page (docs/product.md §14.1): the time, then its summary with service and price.
    const time = await within(slots).findByRole('button', { name: /Book Now$/ });
    expect(time).toHaveAccessibleDescription(/Haircut, \$35\.00$/);
    await user.click(time);
    const summary = within(slots).getByRole('region', { name: 'Your booking' });
    expect(summary).toHaveTextContent('Haircut');
    expect(summary).toHaveTextContent('$35.00');
    await user.click(within(summary).getByRole('button', { name: 'Book Now' }));
    await waitFor(() => expect(api.clientAppointments).toHaveLength(1));
    expect(api.clientAppointments[0]).toMatchObject({
      service_name: 'Haircut',
      price_cents: 3500,
      currency: 'USD',
    });
  });

  it("the client's appointment card shows the service and price as booked", async () => {
    api.clientAppointments = [
      makeClientAppointment({
        day,
        service_type: 'Haircut',
        service_name: 'Haircut',
        price_cents: 4250,
        currency: 'EUR',
      }),
    ];
    signInAs('client');
    renderRoute('/client/appointments');
    const card = await screen.findByRole('article', { name: 'Ana Lopez' }, { timeout: 5000 });
    expect(card).toHaveTextContent('Haircut');
    expect(card).toHaveTextContent('€42.50');
  });
});
