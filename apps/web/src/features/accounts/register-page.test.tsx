import { MESSAGES } from '@slotwise/shared/texts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectFieldError, expectNoFieldError } from '../../../test/field-error';
import { callsTo, deferred, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { renderRoute, LAZY_ROUTE } from '../../../test/render-route';
import { apiError } from '../../../test/contract';

const compression = vi.hoisted(() => ({
  compress: vi.fn(async (file: File, _options: unknown) => file),
}));
vi.mock('browser-image-compression', () => ({ default: compression.compress }));

const USER_ID = '7d3a5c7e-2a0b-4a43-9a3c-3f2f4b7f2e11';
let api: { calls: ApiCall[] };
let registerAnswer: () => Response | Promise<Response>;
let objectUrls: number;

beforeEach(() => {
  registerAnswer = () => json(201, { userId: USER_ID, message: MESSAGES.accountCreated });
  api = mockApi((call) => {
    if (call.method === 'POST' && call.path === '/api/auth/register') return registerAnswer();
    return undefined;
  });
  objectUrls = 0;
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => `blob:preview-${++objectUrls}`);
  URL.revokeObjectURL = vi.fn();
  compression.compress.mockReset();
  compression.compress.mockImplementation(async (file: File) => file);
});

async function openPage() {
  const user = userEvent.setup();
  const view = renderRoute('/register');
  await screen.findByRole('heading', { level: 1, name: 'Create Account' }, LAZY_ROUTE);
  return { user, ...view };
}

const field = {
  fullName: () => screen.getByLabelText('Full name'),
  email: () => screen.getByLabelText('Email'),
  password: () => screen.getByLabelText('Password'),
  confirm: () => screen.getByLabelText('Confirm password'),
  role: () => screen.getByLabelText('Role'),
  terms: () => screen.getByRole('checkbox', { name: 'I agree to the Terms and Privacy Policy' }),
  picture: () => screen.getByLabelText('Profile picture (optional)'),
};

/** Visits `control` and leaves it without typing (what shows a 'required' message). */
async function leaveEmpty(user: ReturnType<typeof userEvent.setup>, control: HTMLElement) {
  await user.click(control);
  await user.tab();
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>, role = 'client') {
  await user.type(field.fullName(), 'Ada King Lovelace');
  await user.type(field.email(), 'ada@example.com');
  await user.type(field.password(), 'Secret123');
  await user.type(field.confirm(), 'Secret123');
  await user.selectOptions(field.role(), role);
  await user.click(field.terms());
}

function png(name = 'me.png') {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
}

describe('registration form', () => {
  it('has every SPEC field, each with a visible label, and links to Terms, Privacy and login', async () => {
    await openPage();
    expect(field.fullName()).toHaveAttribute('type', 'text');
    expect(field.email()).toHaveAttribute('type', 'email');
    expect(field.password()).toHaveAttribute('type', 'password');
    expect(field.confirm()).toHaveAttribute('type', 'password');
    expect(field.role()).toHaveValue('client'); // SPEC: default client
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Client', 'Provider']);
    expect(field.terms()).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Terms' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('shows the required messages under each field on submit, and sends nothing', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expectFieldError(field.fullName(), MESSAGES.fullNameRequired));
    expectFieldError(field.email(), MESSAGES.emailRequired);
    expectFieldError(field.password(), MESSAGES.passwordRequired);
    expectFieldError(field.confirm(), MESSAGES.confirmPasswordRequired);
    expectFieldError(field.terms(), MESSAGES.termsRequired);
    expectNoFieldError(field.role());
    expect(api.calls).toEqual([]);
  });

  it('shows no error before a field is touched, then the error once it is left', async () => {
    const { user } = await openPage();
    await user.click(field.fullName());
    expectNoFieldError(field.fullName());
    await user.tab();
    await waitFor(() => expectFieldError(field.fullName(), MESSAGES.fullNameRequired));
    expectNoFieldError(field.email());
    await user.type(field.fullName(), 'Ada');
    await waitFor(() => expectNoFieldError(field.fullName()));
  });

  it('shows the email format message', async () => {
    const { user } = await openPage();
    await leaveEmpty(user, field.email());
    await waitFor(() => expectFieldError(field.email(), MESSAGES.emailRequired));
    await user.type(field.email(), 'not-an-email');
    await waitFor(() => expectFieldError(field.email(), MESSAGES.emailInvalid));
  });

  it('shows the password length messages', async () => {
    const { user } = await openPage();
    await user.type(field.password(), 'short');
    await user.tab();
    await waitFor(() => expectFieldError(field.password(), MESSAGES.passwordMin));
    await user.type(field.password(), 'abcdefghijk'); // 16 characters
    await waitFor(() => expectFieldError(field.password(), MESSAGES.passwordMax));
    await user.clear(field.password());
    await waitFor(() => expectFieldError(field.password(), MESSAGES.passwordRequired));
  });

  it('shows "Passwords must match" even before the terms are accepted', async () => {
    const { user } = await openPage();
    await leaveEmpty(user, field.confirm());
    await waitFor(() => expectFieldError(field.confirm(), MESSAGES.confirmPasswordRequired));
    await user.type(field.password(), 'Secret123');
    await user.type(field.confirm(), 'Secret124');
    await user.tab();
    await waitFor(() => expectFieldError(field.confirm(), MESSAGES.passwordsMustMatch));
  });

  it('shows "Role is required" when no role is selected', async () => {
    await openPage();
    // Not possible with the two options alone; a tampered or unsupported value gets here.
    fireEvent.change(field.role(), { target: { value: '' } });
    fireEvent.blur(field.role());
    await waitFor(() => expectFieldError(field.role(), MESSAGES.roleRequired));
  });

  it('shows "You must accept the terms" when the box is left unticked', async () => {
    const { user } = await openPage();
    await user.click(field.terms());
    await user.click(field.terms());
    await user.tab();
    await waitFor(() => expectFieldError(field.terms(), MESSAGES.termsRequired));
  });
});

describe('profile picture', () => {
  it('accepts image files only and rejects another type with the SPEC toast', async () => {
    await openPage();
    expect(field.picture()).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/jpg');
    fireEvent.change(field.picture(), {
      target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText(MESSAGES.imageTypeNotAllowed)).toBeInTheDocument();
    expect(compression.compress).not.toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: 'Profile picture preview' })).not.toBeInTheDocument();
  });

  it('compresses to 0.5 MB / 500 px, previews it and revokes replaced previews', async () => {
    const { user, unmount } = await openPage();
    await user.upload(field.picture(), png('one.png'));
    const preview = await screen.findByRole('img', { name: 'Profile picture preview' });
    expect(preview).toHaveAttribute('src', 'blob:preview-1');
    expect(compression.compress).toHaveBeenCalledWith(
      expect.any(File),
      expect.objectContaining({ maxSizeMB: 0.5, maxWidthOrHeight: 500, useWebWorker: false }),
    );

    await user.upload(field.picture(), png('two.png'));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Profile picture preview' })).toHaveAttribute(
        'src',
        'blob:preview-2',
      ),
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');

    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
  });

  it('toasts the SPEC message when compression fails', async () => {
    compression.compress.mockRejectedValueOnce(new Error('broken image'));
    const { user } = await openPage();
    await user.upload(field.picture(), png());
    expect(
      await screen.findByText('Failed to compress image. Try another one.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Profile picture preview' })).not.toBeInTheDocument();
  });
});

describe('submitting', () => {
  it('sends the multipart payload and takes a client to /email-verification with the email', async () => {
    const { user, router } = await openPage();
    await user.upload(field.picture(), png());
    await screen.findByRole('img', { name: 'Profile picture preview' });
    await fillValidForm(user, 'client');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText(MESSAGES.accountCreated)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-verification'));
    expect(router.state.location.state).toEqual({
      email: 'ada@example.com',
      mailSentAt: expect.any(Number),
    });

    const [call] = callsTo(api.calls, 'POST', '/api/auth/register');
    const form = call!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('firstName')).toBe('Ada');
    expect(form.get('lastName')).toBe('King Lovelace');
    expect(form.get('email')).toBe('ada@example.com');
    expect(form.get('password')).toBe('Secret123');
    expect(form.get('role')).toBe('client');
    expect(form.get('timezone')).toBe('America/New_York');
    expect(form.get('profilePic')).toBeInstanceOf(File);
    expect(form.has('confirmPassword')).toBe(false);
    expect(form.has('terms')).toBe(false);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1'); // preview reset
  });

  it('takes a provider to /register-provider with the userId and email; last name "-" when none', async () => {
    const { user, router } = await openPage();
    await user.type(field.fullName(), 'Cher');
    await user.type(field.email(), 'cher@example.com');
    await user.type(field.password(), 'Secret123');
    await user.type(field.confirm(), 'Secret123');
    await user.selectOptions(field.role(), 'provider');
    await user.click(field.terms());
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/register-provider'));
    expect(router.state.location.state).toEqual({
      userId: USER_ID,
      email: 'cher@example.com',
      mailSentAt: expect.any(Number),
    });
    const form = callsTo(api.calls, 'POST', '/api/auth/register')[0]!.body as FormData;
    expect(form.get('lastName')).toBe('-');
    expect(form.get('role')).toBe('provider');
    expect(form.has('profilePic')).toBe(false);
  });

  it('shows the loading overlay while submitting', async () => {
    const answer = deferred<Response>();
    registerAnswer = () => answer.promise;
    const { user, router } = await openPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('status', { name: 'Creating your account...' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    answer.resolve(json(201, { userId: USER_ID, message: MESSAGES.accountCreated }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-verification'));
  });

  it("shows the server's message and puts its field errors under the fields", async () => {
    registerAnswer = () =>
      apiError(409, 'EMAIL_TAKEN', MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
    const { user, router } = await openPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.emailTaken);
    expectFieldError(field.email(), MESSAGES.emailTaken);
    expect(router.state.location.pathname).toBe('/register');
    expect(
      screen.queryByRole('status', { name: 'Creating your account...' }),
    ).not.toBeInTheDocument();
  });

  it('says "Registration failed" when the server gives no message', async () => {
    registerAnswer = () => json(500);
    const { user } = await openPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.registrationFailed);
  });
});
