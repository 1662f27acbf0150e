import { CATALOGUE_MESSAGES } from '@slotwise/shared/catalogue-schemas';
import { PAYMENT_MESSAGES } from '@slotwise/shared/payments-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingApiForEachTest } from '../../../test/booking-api';
import { makeService, makeProfile } from '../../../test/catalogue-api';
import { expectFieldError } from '../../../test/field-error';
import { callsTo } from '../../../test/mock-api';
import { openRoute, LAZY_ROUTE } from '../../../test/render-route';
import { PRICE_FORMAT_MESSAGE } from './components/service-form-modal';

const api = bookingApiForEachTest('provider');

beforeEach(() => {
  api.catalogue.profile = makeProfile();
});

async function openSettings() {
  const { user, found } = await openRoute('/dashboard/profile', () =>
    screen.findByRole('region', { name: 'Services' }, LAZY_ROUTE),
  );
  return { user, services: within(found) };
}

describe('services on the Settings page', () => {
  it('lists each service with its duration and price in its currency, archived ones marked', async () => {
    api.catalogue.services = [
      makeService({ name: 'Haircut', duration_minutes: 45, price_cents: 3550, currency: 'USD' }),
      makeService({ name: 'Shave', duration_minutes: 30, price_cents: 2500, currency: 'JPY' }),
      makeService({ name: 'Old perm', active: false }),
    ];
    const { services } = await openSettings();
    const haircut = await services.findByRole('article', { name: 'Haircut' });
    expect(haircut).toHaveTextContent('45 min · $35.50');
    expect(services.getByRole('article', { name: 'Shave' })).toHaveTextContent('30 min · ¥2,500');
    const old = services.getByRole('article', { name: 'Old perm' });
    expect(old).toHaveTextContent('Archived');
    expect(within(old).getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(within(haircut).queryByText('Archived')).toBeNull();
  }, 15_000);

  it('says so when there are none', async () => {
    const { services } = await openSettings();
    expect(await services.findByText(/No services yet/)).toBeInTheDocument();
  }, 15_000);

  it('adds a service: the price typed in units is sent in cents; bad input is explained', async () => {
    const { user, services } = await openSettings();
    await services.findByText(/No services yet/);
    await user.click(services.getByRole('button', { name: 'Add service' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add service' }));
    await user.type(dialog.getByLabelText('Service name'), 'Beard trim');
    await user.clear(dialog.getByLabelText('Duration (minutes)'));
    await user.type(dialog.getByLabelText('Duration (minutes)'), '10');
    await user.type(dialog.getByLabelText('Price'), '12.345');
    await user.click(dialog.getByRole('button', { name: 'Add service' }));
    await waitFor(() =>
      expectFieldError(
        dialog.getByLabelText('Duration (minutes)'),
        CATALOGUE_MESSAGES.durationInvalid,
      ),
    );
    expectFieldError(dialog.getByLabelText('Price'), PRICE_FORMAT_MESSAGE);
    expect(callsTo(api.calls, 'POST', '/api/services')).toEqual([]);

    await user.clear(dialog.getByLabelText('Duration (minutes)'));
    await user.type(dialog.getByLabelText('Duration (minutes)'), '20');
    await user.clear(dialog.getByLabelText('Price'));
    await user.type(dialog.getByLabelText('Price'), '12.5');
    await user.click(dialog.getByRole('button', { name: 'Add service' }));

    expect(await screen.findByText(CATALOGUE_MESSAGES.serviceCreated)).toBeInTheDocument();
    expect(callsTo(api.calls, 'POST', '/api/services')[0]!.body).toEqual({
      name: 'Beard trim',
      duration_minutes: 20,
      price_cents: 1250,
      currency: 'USD',
      description: '',
      payment_mode: 'none',
      deposit_cents: null,
    });
    expect(await services.findByRole('article', { name: 'Beard trim' })).toHaveTextContent(
      '20 min · $12.50',
    );
  }, 15_000);

  it('edits a service (prefilled) and shows the new price', async () => {
    const haircut = makeService({ name: 'Haircut', price_cents: 3500 });
    api.catalogue.services = [haircut];
    const { user, services } = await openSettings();
    const card = await services.findByRole('article', { name: 'Haircut' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit service' }));
    expect(dialog.getByLabelText('Price')).toHaveValue('35.00');
    expect(dialog.getByLabelText('Duration (minutes)')).toHaveValue(45);
    await user.clear(dialog.getByLabelText('Price'));
    await user.type(dialog.getByLabelText('Price'), '40');
    await user.click(dialog.getByRole('button', { name: 'Save service' }));

    expect(await screen.findByText(CATALOGUE_MESSAGES.serviceUpdated)).toBeInTheDocument();
    const patch = callsTo(api.calls, 'PATCH', `/api/services/${haircut.id}`)[0]!;
    expect(patch.body).toMatchObject({ price_cents: 4000, currency: 'USD' });
    await waitFor(() =>
      expect(services.getByRole('article', { name: 'Haircut' })).toHaveTextContent('$40.00'),
    );
  }, 15_000);

  it('removes a never-booked service, and archives a booked one (shown as archived)', async () => {
    const fresh = makeService({ name: 'Fresh' });
    const booked = makeService({ name: 'Booked one' });
    api.catalogue.services = [fresh, booked];
    api.catalogue.bookedServiceIds.add(booked.id);
    const { user, services } = await openSettings();

    await user.click(
      within(await services.findByRole('article', { name: 'Fresh' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    let dialog = within(await screen.findByRole('dialog', { name: 'Remove service' }));
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(CATALOGUE_MESSAGES.serviceDeleted)).toBeInTheDocument();
    await waitFor(() => expect(services.queryByRole('article', { name: 'Fresh' })).toBeNull());

    await user.click(
      within(services.getByRole('article', { name: 'Booked one' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    dialog = within(await screen.findByRole('dialog', { name: 'Remove service' }));
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(CATALOGUE_MESSAGES.serviceArchived)).toBeInTheDocument();
    await waitFor(() =>
      expect(services.getByRole('article', { name: 'Booked one' })).toHaveTextContent('Archived'),
    );
    expect(callsTo(api.calls, 'DELETE', `/api/services/${booked.id}`)).toHaveLength(1);
  }, 15_000);

  it('takes a deposit (docs/product.md §16): shown for deposit only, at most the price', async () => {
    const haircut = makeService({ name: 'Haircut', price_cents: 3500 });
    api.catalogue.services = [haircut];
    const { user, services } = await openSettings();
    const card = await services.findByRole('article', { name: 'Haircut' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit service' }));
    expect(dialog.getByLabelText('Payment')).toHaveValue('none');
    expect(dialog.queryByLabelText('Deposit amount')).toBeNull();

    await user.selectOptions(dialog.getByLabelText('Payment'), 'Deposit');
    const deposit = dialog.getByLabelText('Deposit amount');
    await user.type(deposit, '40');
    await user.click(dialog.getByRole('button', { name: 'Save service' }));
    await waitFor(() => expectFieldError(deposit, PAYMENT_MESSAGES.depositInvalid));
    expect(callsTo(api.calls, 'PATCH', `/api/services/${haircut.id}`)).toEqual([]);

    await user.clear(deposit);
    await user.type(deposit, '10');
    await user.click(dialog.getByRole('button', { name: 'Save service' }));
    expect(await screen.findByText(CATALOGUE_MESSAGES.serviceUpdated)).toBeInTheDocument();
    const patch = callsTo(api.calls, 'PATCH', `/api/services/${haircut.id}`)[0]!;
    expect(patch.body).toMatchObject({ payment_mode: 'deposit', deposit_cents: 1000 });
    await waitFor(() =>
      expect(services.getByRole('article', { name: 'Haircut' })).toHaveTextContent(
        '45 min · $35.00 · Deposit $10.00',
      ),
    );
  }, 15_000);

  it('sends a full prepayment without a deposit', async () => {
    const haircut = makeService({ name: 'Haircut', payment_mode: 'deposit', deposit_cents: 500 });
    api.catalogue.services = [haircut];
    const { user, services } = await openSettings();
    const card = await services.findByRole('article', { name: 'Haircut' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit service' }));
    expect(dialog.getByLabelText('Deposit amount')).toHaveValue('5.00');
    await user.selectOptions(dialog.getByLabelText('Payment'), 'Full prepayment');
    expect(dialog.queryByLabelText('Deposit amount')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Save service' }));
    expect(await screen.findByText(CATALOGUE_MESSAGES.serviceUpdated)).toBeInTheDocument();
    const patch = callsTo(api.calls, 'PATCH', `/api/services/${haircut.id}`)[0]!;
    expect(patch.body).toMatchObject({ payment_mode: 'prepay', deposit_cents: null });
  }, 15_000);
});
