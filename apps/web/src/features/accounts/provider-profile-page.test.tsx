import type { Profile } from '@slotwise/shared/accounts-types';
import { MESSAGES } from '@slotwise/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProfile as providerProfile } from '../../../test/catalogue-api';
import { expectFieldError } from '../../../test/field-error';
import { callsTo, deferred, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { renderRoute, LAZY_ROUTE } from '../../../test/render-route';
import { getStoredUser } from '../../lib/session';
import { formatDate, localDateKey } from '../../lib/date-time-format';
import { userOf, signInUser } from '../../../test/session-user';
import { apiError } from '../../../test/contract';

vi.mock('browser-image-compression', () => ({ default: async (file: File) => file }));

/** Pat's profile before any change: no specialty yet. */
function makeProfile(overrides: Partial<Profile> = {}): Profile {
  const base = { id: 'user-1', updatedAt: '2025-01-01T00:00:00.000Z' };
  return providerProfile({ ...base, providerDetails: { specialty: null, bio: '' }, ...overrides });
}

let api: { calls: ApiCall[] };
let profile: Profile;
let getAnswer: () => Response;
let updateAnswer: (call: ApiCall) => Response | Promise<Response>;

beforeEach(() => {
  profile = makeProfile();
  getAnswer = () => json(200, { profile });
  updateAnswer = (call) => {
    const form = call.body as FormData;
    profile = {
      ...profile,
      firstName: String(form.get('firstName')),
      lastName: String(form.get('lastName')),
      providerDetails: {
        specialty: (form.get('specialty') as string | null) ?? profile.providerDetails!.specialty,
        bio: (form.get('bio') as string | null) ?? profile.providerDetails!.bio,
      },
      profileImageUrl: form.has('profilePic') ? '/uploads/new-image' : profile.profileImageUrl,
    };
    return json(200, { message: MESSAGES.profileUpdated, profile });
  };
  api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/api/profile') return getAnswer();
    if (call.method === 'PATCH' && call.path === '/api/profile/update') return updateAnswer(call);
    return undefined;
  });
  signInUser(
    userOf('provider', {
      id: 'user-1',
      firstName: 'Pat',
      lastName: 'Slots',
      email: 'pat@example.com',
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:new-photo');
  URL.revokeObjectURL = vi.fn();
});

async function openPage() {
  const user = userEvent.setup();
  const view = renderRoute('/dashboard/profile');
  await screen.findByRole('heading', { level: 1, name: 'Profile Information' }, LAZY_ROUTE);
  return { user, ...view };
}

/** The page's own content (the area layout around it shows the user's name too). */
function page() {
  return within(screen.getByRole('region', { name: 'Profile Information' }));
}

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await page().findByText(profile.email);
  await user.click(page().getByRole('button', { name: 'Update Profile' }));
  return screen.findByRole('dialog', { name: 'Update Profile' });
}

describe('profile information', () => {
  it('shows the avatar fallback, role badge, name, email, SPEC placeholders and today', async () => {
    await openPage();
    expect(await page().findByText('Pat Slots')).toBeInTheDocument();
    expect(page().getByText('pat@example.com')).toBeInTheDocument();
    expect(page().getByText('PROVIDER')).toBeInTheDocument();
    expect(page().getByRole('img', { name: 'Profile picture' })).toHaveAttribute(
      'src',
      '/default-avatar.svg',
    );
    expect(page().getByText('Specialty')).toBeInTheDocument();
    expect(page().getByText('Not specified')).toBeInTheDocument();
    expect(page().getByText('Bio')).toBeInTheDocument();
    expect(page().getByText('No bio available')).toBeInTheDocument();
    const today = formatDate(localDateKey());
    expect(page().getByText(`Last updated: ${today}`)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.profileFetched)).toBeInTheDocument();
  });

  it('shows the picture, specialty and bio when set', async () => {
    profile = makeProfile({
      profileImageUrl: '/uploads/abc',
      providerDetails: { specialty: 'Barber', bio: 'Sharp cuts.' },
    });
    await openPage();
    expect(await page().findByText('Barber')).toBeInTheDocument();
    expect(page().getByText('Sharp cuts.')).toBeInTheDocument();
    expect(page().getByRole('img', { name: 'Profile picture' })).toHaveAttribute(
      'src',
      '/uploads/abc',
    );
  });

  it("says 'Failed to load profile data' and toasts when the profile cannot be fetched", async () => {
    getAnswer = () => json(404, { message: 'Profile not found', code: 'NOT_FOUND' });
    await openPage();
    expect(await page().findByText(MESSAGES.loadProfileFailed)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.fetchProfileFailed)).toBeInTheDocument();
    expect(page().getByRole('button', { name: 'Update Profile' })).toBeDisabled();
  });
});

describe('update profile modal', () => {
  it('has a close button, photo, names, new password, specialty, a four-row bio and no email input', async () => {
    profile = makeProfile({ providerDetails: { specialty: 'Barber', bio: 'Hi' } });
    const { user } = await openPage();
    const dialog = within(await openModal(user));
    expect(dialog.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(dialog.getByLabelText('Change photo')).toHaveAttribute('type', 'file');
    expect(dialog.getByLabelText('First name')).toHaveValue('Pat');
    expect(dialog.getByLabelText('Last name')).toHaveValue('Slots');
    expect(dialog.getByLabelText('New password')).toHaveValue('');
    expect(dialog.getByLabelText('Specialty')).toHaveValue('Barber');
    expect(dialog.getByLabelText('Bio')).toHaveAttribute('rows', '4');
    expect(dialog.queryByLabelText(/email/i)).toBeNull();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it('shows every profile-update message under its field on submit and sends nothing', async () => {
    profile = makeProfile({ providerDetails: { specialty: 'Barber', bio: '' } });
    const { user } = await openPage();
    const dialog = within(await openModal(user));
    await user.clear(dialog.getByLabelText('First name'));
    await user.clear(dialog.getByLabelText('Last name'));
    await user.type(dialog.getByLabelText('New password'), 'abc');
    await user.clear(dialog.getByLabelText('Specialty'));
    // Not checked before submit (docs/product.md §5: checked on submit).
    expect(dialog.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() =>
      expectFieldError(dialog.getByLabelText('First name'), MESSAGES.firstNameRequired),
    );
    expectFieldError(dialog.getByLabelText('Last name'), MESSAGES.lastNameRequired);
    expectFieldError(dialog.getByLabelText('New password'), MESSAGES.profilePasswordMin);
    expectFieldError(dialog.getByLabelText('Specialty'), MESSAGES.specialtyRequired);
    expect(callsTo(api.calls, 'PATCH', '/api/profile/update')).toEqual([]);
  });

  it.each([
    ['', MESSAGES.emailRequired],
    ['not-an-email', MESSAGES.emailInvalidFormat],
  ])('checks the (hidden) email %j: %s', async (email, message) => {
    profile = makeProfile({ email, providerDetails: { specialty: 'Barber', bio: '' } });
    const { user } = await openPage();
    await page().findByText('Pat Slots');
    await user.click(page().getByRole('button', { name: 'Update Profile' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Profile' }));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(message);
    expect(callsTo(api.calls, 'PATCH', '/api/profile/update')).toEqual([]);
  });

  it("is busy while saving: 'Saving...', both buttons disabled, Escape does not close", async () => {
    profile = makeProfile({ providerDetails: { specialty: 'Barber', bio: '' } });
    const held = deferred<Response>();
    const real = updateAnswer;
    updateAnswer = async (call) => {
      await held.promise;
      return real(call);
    };
    const { user } = await openPage();
    const dialogElement = await openModal(user);
    const dialog = within(dialogElement);
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await dialog.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(dialogElement).toBeInTheDocument();

    held.resolve(json(200));
    await waitFor(() => expect(dialogElement).not.toBeInTheDocument());
  });

  it('sends the current email, the filled fields and the photo; toasts, closes, refetches and updates the session user', async () => {
    profile = makeProfile({ providerDetails: { specialty: 'Barber', bio: '' } });
    const { user } = await openPage();
    const dialogElement = await openModal(user);
    const dialog = within(dialogElement);
    await user.upload(
      dialog.getByLabelText('Change photo'),
      new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }),
    );
    expect(await dialog.findByRole('img', { name: 'Profile picture preview' })).toHaveAttribute(
      'src',
      'blob:new-photo',
    );
    await user.clear(dialog.getByLabelText('First name'));
    await user.type(dialog.getByLabelText('First name'), 'Patricia');
    await user.type(dialog.getByLabelText('New password'), 'NewSecret1');
    await user.type(dialog.getByLabelText('Bio'), 'Twenty years of sharp cuts.');
    const fetchesBefore = callsTo(api.calls, 'GET', '/api/profile').length;
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(MESSAGES.profileUpdated)).toBeInTheDocument();
    await waitFor(() => expect(dialogElement).not.toBeInTheDocument());
    const form = callsTo(api.calls, 'PATCH', '/api/profile/update')[0]!.body as FormData;
    expect(form.get('firstName')).toBe('Patricia');
    expect(form.get('lastName')).toBe('Slots');
    expect(form.get('email')).toBe('pat@example.com');
    expect(form.get('password')).toBe('NewSecret1');
    expect(form.get('specialty')).toBe('Barber');
    expect(form.get('bio')).toBe('Twenty years of sharp cuts.');
    expect(form.get('profilePic')).toBeInstanceOf(File);

    expect(await page().findByText('Patricia Slots')).toBeInTheDocument();
    expect(page().getByText('Twenty years of sharp cuts.')).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(api.calls, 'GET', '/api/profile').length).toBeGreaterThan(fetchesBefore),
    );
    expect(getStoredUser()).toMatchObject({
      firstName: 'Patricia',
      lastName: 'Slots',
      profileImageUrl: '/uploads/new-image',
    });
  });

  it('leaves out a blank password and bio', async () => {
    profile = makeProfile({ providerDetails: { specialty: 'Barber', bio: '' } });
    const { user } = await openPage();
    const dialog = within(await openModal(user));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(callsTo(api.calls, 'PATCH', '/api/profile/update')).toHaveLength(1));
    const form = callsTo(api.calls, 'PATCH', '/api/profile/update')[0]!.body as FormData;
    expect(form.has('password')).toBe(false);
    expect(form.has('bio')).toBe(false);
    expect(form.has('profilePic')).toBe(false);
  });

  it("shows the server's message in the modal, else 'Failed to update profile'", async () => {
    profile = makeProfile({ providerDetails: { specialty: 'Barber', bio: '' } });
    updateAnswer = () =>
      apiError(400, 'VALIDATION_FAILED', MESSAGES.emailChangeNotAllowed, {
        email: MESSAGES.emailChangeNotAllowed,
      });
    const { user } = await openPage();
    const dialog = within(await openModal(user));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.emailChangeNotAllowed);

    updateAnswer = () => json(500);
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(dialog.getByRole('alert')).toHaveTextContent(MESSAGES.updateProfileFailed),
    );
    expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it('closes with Cancel and with the close button, without saving', async () => {
    const { user } = await openPage();
    await user.click(within(await openModal(user)).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(within(await openModal(user)).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(api.calls, 'PATCH', '/api/profile/update')).toEqual([]);
  });
});
