import { CATALOGUE_MESSAGES } from '@slotwise/shared/catalogue-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInAs, bookingApiForEachTest } from '../../../test/booking-api';
import { SPRINGFIELD, makeProfile, CATEGORY_NAMES } from '../../../test/catalogue-api';
import { expectFieldError } from '../../../test/field-error';
import { callsTo, json } from '../../../test/mock-api';
import { openRoute, LAZY_ROUTE } from '../../../test/render-route';

const USER_ID = '7d3a5c7e-2a0b-4a43-9a3c-3f2f4b7f2e11';
const api = bookingApiForEachTest();

const openOnboarding = () =>
  openRoute(
    { pathname: '/register-provider', state: { userId: USER_ID, email: 'pat@example.com' } },
    'Complete Your Provider Profile',
  );

const city = () => screen.getByRole('combobox', { name: 'City' });

describe('provider onboarding: category, city and service mode', () => {
  it('offers the eight categories without asking the server, and requires a category and a city', async () => {
    const { user } = await openOnboarding();
    const category = screen.getByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a category', ...CATEGORY_NAMES]);
    await user.type(screen.getByLabelText('Specialty'), 'Barber');
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    await waitFor(() => expectFieldError(category, CATALOGUE_MESSAGES.categoryRequired));
    expectFieldError(city(), CATALOGUE_MESSAGES.placeRequired);
    expect(api.calls).toEqual([]);
  }, 15_000);

  it('finds a city by keyboard (accents ignored), proposes its zone, and sends it with the travel radius', async () => {
    api.answerNext('POST /api/auth/register/provider', () =>
      json(200, { message: MESSAGES.providerProfileCompleted }),
    );
    const { user, router } = await openOnboarding();
    await user.type(screen.getByLabelText('Specialty'), 'Barber');
    await user.selectOptions(screen.getByLabelText('Category'), 'barber');

    await user.type(city(), 'sao');
    const option = await screen.findByRole('option', { name: /São Paulo/ });
    expect(city()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(city()).toHaveAttribute('aria-activedescendant', option.id);
    expect(option).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(city()).toHaveValue('São Paulo, São Paulo, Brazil');
    expect(city()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/Suggested time zone for São Paulo: America\/Sao_Paulo/)).toBeVisible();
    expect(callsTo(api.calls, 'GET', '/api/places')[0]!.url).toContain('q=sao');

    await user.type(screen.getByLabelText('Street address (optional)'), 'Rua Augusta 1');
    await user.click(screen.getByRole('radio', { name: 'I go to my clients' }));
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    const radius = await screen.findByLabelText('Travel radius (km)');
    await waitFor(() => expectFieldError(radius, CATALOGUE_MESSAGES.radiusRequired));
    await user.type(radius, '25');
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/email-verification'));
    expect(callsTo(api.calls, 'POST', '/api/auth/register/provider')[0]!.body).toEqual({
      userId: USER_ID,
      specialty: 'Barber',
      bio: '',
      category: 'barber',
      placeId: '3448439',
      address: 'Rua Augusta 1',
      serviceMode: 'at_client',
      radiusKm: 25,
    });
  }, 15_000);

  it('Escape closes the list, and typing again drops the picked city', async () => {
    const { user } = await openOnboarding();
    await user.type(city(), 'spri');
    await screen.findByRole('option', { name: /Springfield/ });
    await user.keyboard('{Escape}');
    expect(city()).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(city()).toHaveValue('Springfield, Illinois, United States');
    await user.type(city(), 'x');
    expect(screen.queryByText(/Suggested time zone/)).toBeNull();
  }, 15_000);
});

describe('Settings: the same fields in the Update Profile modal', () => {
  const profile = makeProfile({
    providerDetails: {
      specialty: 'Barber',
      bio: '',
      category: 'barber',
      placeId: SPRINGFIELD.id,
      address: '1 Main St',
      serviceMode: 'at_client',
      radiusKm: 20,
      location: {
        placeId: SPRINGFIELD.id,
        name: 'Springfield',
        region: 'Illinois',
        country: 'US',
        lat: SPRINGFIELD.lat,
        lng: SPRINGFIELD.lng,
        address: '1 Main St',
      },
    },
  });

  /** Settings as Pat, with the Update Profile modal open. */
  async function openUpdateProfile() {
    api.catalogue.profile = profile;
    signInAs('provider');
    const { user, found: region } = await openRoute('/dashboard/profile', () =>
      screen.findByRole('region', { name: 'Profile Information' }, LAZY_ROUTE),
    );
    await within(region).findByText('pat@example.com');
    await user.click(within(region).getByRole('button', { name: 'Update Profile' }));
    return { user, dialog: within(await screen.findByRole('dialog', { name: 'Update Profile' })) };
  }

  it('prefills them and sends the changes with the profile update', async () => {
    api.answerNext('PATCH /api/profile/update', () =>
      json(200, { message: MESSAGES.profileUpdated, profile }),
    );
    const { user, dialog } = await openUpdateProfile();
    expect(dialog.getByLabelText('Category')).toHaveValue('barber');
    expect(dialog.getByRole('combobox', { name: 'City' })).toHaveValue('Springfield, Illinois, US');
    expect(dialog.getByLabelText('Street address (optional)')).toHaveValue('1 Main St');
    expect(dialog.getByRole('radio', { name: 'I go to my clients' })).toBeChecked();
    expect(dialog.getByLabelText('Travel radius (km)')).toHaveValue(20);

    await user.selectOptions(dialog.getByLabelText('Category'), 'cleaner');
    await user.clear(dialog.getByLabelText('Street address (optional)'));
    await user.click(dialog.getByRole('radio', { name: 'Online' }));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(MESSAGES.profileUpdated)).toBeInTheDocument();
    const form = callsTo(api.calls, 'PATCH', '/api/profile/update')[0]!.body as FormData;
    expect(form.get('category')).toBe('cleaner');
    expect(form.get('placeId')).toBe(SPRINGFIELD.id);
    expect(form.get('address')).toBe('');
    expect(form.get('serviceMode')).toBe('online');
    expect(form.get('radiusKm')).toBe('');
  }, 15_000);

  it('refuses to blank a city already chosen', async () => {
    const { user, dialog } = await openUpdateProfile();
    await user.clear(dialog.getByRole('combobox', { name: 'City' }));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expectFieldError(
        dialog.getByRole('combobox', { name: 'City' }),
        CATALOGUE_MESSAGES.placeRequired,
      ),
    );
    expect(callsTo(api.calls, 'PATCH', '/api/profile/update')).toEqual([]);
  }, 15_000);
});
