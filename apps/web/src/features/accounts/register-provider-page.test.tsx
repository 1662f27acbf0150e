import { placesResponseSchema } from '@slotwise/shared/catalogue-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/field-error';
import { contractJson, apiError } from '../../../test/contract';
import { callsTo, deferred, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { SPRINGFIELD } from '../../../test/catalogue-api';
import { openRoute } from '../../../test/render-route';

const USER_ID = '7d3a5c7e-2a0b-4a43-9a3c-3f2f4b7f2e11';
let api: { calls: ApiCall[] };
let answer: () => Response | Promise<Response>;

beforeEach(() => {
  answer = () => json(200, { message: MESSAGES.providerProfileCompleted });
  api = mockApi((call) => {
    if (call.method === 'POST' && call.path === '/api/auth/register/provider') return answer();
    if (call.method === 'GET' && call.path === '/api/places') {
      return contractJson('GET /api/places', placesResponseSchema, 200, { places: [SPRINGFIELD] });
    }
    return undefined;
  });
});

/** The catalogue fields the form requires besides SPEC's specialty (docs/product.md §11.1). */
async function chooseCategoryAndCity(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText('Category'), 'barber');
  await user.type(screen.getByRole('combobox', { name: 'City' }), 'spring');
  await user.click(await screen.findByRole('option', { name: /Springfield/ }));
}

/** /register-provider as /register leaves it: with {userId, email} in the navigation state. */
const openPage = (state: unknown = { userId: USER_ID, email: 'pat@example.com' }) =>
  openRoute({ pathname: '/register-provider', state }, 'Complete Your Provider Profile');

const specialty = () => screen.getByLabelText('Specialty');
const bio = () => screen.getByLabelText('Bio (optional)');

describe('provider profile completion', () => {
  it('has a specialty field and a four-row bio', async () => {
    await openPage();
    expect(specialty()).toHaveAttribute('type', 'text');
    expect(bio().tagName).toBe('TEXTAREA');
    expect(bio()).toHaveAttribute('rows', '4');
  });

  it('shows "Specialty is required" under the field, on leaving it and on submit', async () => {
    const { user } = await openPage();
    await user.click(specialty());
    await user.tab();
    await waitFor(() => expectFieldError(specialty(), MESSAGES.specialtyRequired));
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expectFieldError(specialty(), MESSAGES.specialtyRequired);
    expect(api.calls).toEqual([]);
  });

  it('sends userId, specialty and bio, toasts, and goes to /email-verification with the email', async () => {
    const held = deferred<Response>();
    answer = () => held.promise;
    const { user, router } = await openPage();
    await user.type(specialty(), 'Barber');
    await user.type(bio(), 'Sharp cuts since 2010.');
    await chooseCategoryAndCity(user);
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    held.resolve(json(200, { message: MESSAGES.providerProfileCompleted }));

    expect(await screen.findByText(MESSAGES.providerProfileCompleted)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-verification'));
    expect(router.state.location.state).toEqual({ email: 'pat@example.com', mailSentAt: null });
    expect(callsTo(api.calls, 'POST', '/api/auth/register/provider')[0]!.body).toEqual({
      userId: USER_ID,
      specialty: 'Barber',
      bio: 'Sharp cuts since 2010.',
      category: 'barber',
      placeId: SPRINGFIELD.id,
      serviceMode: 'at_provider',
    });
  });

  it('toasts "Something went wrong" and shows the server message on failure', async () => {
    answer = () => apiError(403, 'FORBIDDEN', MESSAGES.providerProfileNotAllowed);
    const { user, router } = await openPage();
    await user.type(specialty(), 'Barber');
    await chooseCategoryAndCity(user);
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    expect(await screen.findByText(MESSAGES.somethingWentWrong)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.providerProfileNotAllowed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register-provider');
  });

  it('explains and links back to /register when opened without a userId', async () => {
    await openPage(null);
    expect(screen.getByText(MESSAGES.registrationDetailsMissing)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to registration' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.queryByLabelText('Specialty')).not.toBeInTheDocument();
  });
});
