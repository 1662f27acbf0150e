import { MESSAGES } from '@slotwise/shared/texts';
import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/field-error';
import { callsTo, deferred, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { getSession, getStoredUser } from '../../lib/session';
import { openRoute } from '../../../test/render-route';
import { userOf, tokenOf } from '../../../test/session-user';
import { apiError } from '../../../test/contract';

function loginAnswer(role: 'client' | 'provider') {
  const user = userOf(role);
  return json(200, { token: tokenOf(user), user, message: MESSAGES.loginSuccessful });
}

let api: { calls: ApiCall[] };
let answer: () => Response | Promise<Response>;
let resendAnswer: () => Response;

beforeEach(() => {
  answer = () => loginAnswer('client');
  resendAnswer = () => json(200, { message: MESSAGES.resendSucceeded });
  api = mockApi((call) => {
    if (call.method === 'POST' && call.path === '/api/auth/login') return answer();
    if (call.method === 'POST' && call.path === '/api/verify-email') return resendAnswer();
    return undefined;
  });
});

async function openPage(state: unknown = null) {
  return openRoute({ pathname: '/login', state }, 'Login');
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');

async function signIn(user: ReturnType<typeof userEvent.setup>, pwd = 'Secret123') {
  await user.type(email(), 'ada@example.com');
  await user.type(password(), pwd);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login form', () => {
  it('has an email-type field, a password with a show/hide toggle and a link to /register', async () => {
    const { user } = await openPage();
    expect(email()).toHaveAttribute('type', 'email');
    expect(password()).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(password()).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  it('requires both fields', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expectFieldError(email(), MESSAGES.emailRequired));
    expectFieldError(password(), MESSAGES.passwordRequired);
    expect(api.calls).toEqual([]);
  });
});

describe('signing in', () => {
  it("shows 'Signing In...', then saves the session, toasts and takes a provider to /dashboard", async () => {
    const held = deferred<Response>();
    answer = () => held.promise;
    const { user, router } = await openPage();
    await signIn(user);
    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
    held.resolve(loginAnswer('provider'));

    expect(await screen.findByText(MESSAGES.loginSuccessful)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.state).toEqual({ user: userOf('provider') });
    expect(getSession()?.role).toBe('provider');
    expect(getStoredUser()).toEqual(userOf('provider'));
    expect(callsTo(api.calls, 'POST', '/api/auth/login')[0]!.body).toEqual({
      email: 'ada@example.com',
      password: 'Secret123',
    });
  });

  it('takes a client to /client with the user in navigation state', async () => {
    const { user, router } = await openPage();
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/client'));
    expect(router.state.location.state).toEqual({ user: userOf('client') });
  });

  it('returns to the page the guard stopped them at when it belongs to their role', async () => {
    const { user, router } = await openPage({ from: '/client/appointments?tab=past' });
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/appointments'));
    expect(router.state.location.search).toBe('?tab=past');
  });

  it("ignores a `from` in the other role's area", async () => {
    const { user, router } = await openPage({ from: '/dashboard/timeslots' });
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/client'));
  });

  it("treats an answer without a token as 'Invalid login response'", async () => {
    answer = () => json(200, { user: userOf('client'), message: 'ok' });
    const { user, router } = await openPage();
    await signIn(user);
    expect(await screen.findByText(MESSAGES.loginFailedToast)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.invalidLoginResponse)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession()).toBeNull();
  });
});

describe('failing to sign in', () => {
  it("toasts 'Login Failed' and shows the server's message inline", async () => {
    answer = () => apiError(401, 'UNAUTHENTICATED', MESSAGES.invalidCredentials);
    const { user, router } = await openPage();
    await signIn(user, 'wrong-password');
    expect(await screen.findByText(MESSAGES.loginFailedToast)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.invalidCredentials)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it("shows 'Login failed' inline when the server gives no message", async () => {
    answer = () => json(500);
    const { user } = await openPage();
    await signIn(user);
    expect(await screen.findByText(MESSAGES.loginFailedInline)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.loginFailedToast)).toBeInTheDocument();
  });

  it('offers to resend the verification email to an unverified account', async () => {
    answer = () => apiError(403, 'EMAIL_NOT_VERIFIED', MESSAGES.emailNotVerified);
    const { user } = await openPage();
    await signIn(user);
    expect(await screen.findByText(MESSAGES.emailNotVerified)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    // Announced (role=status); toasts are status messages too, hence the text lookup.
    await waitFor(() =>
      expect(screen.getByText(MESSAGES.resendSucceeded)).toHaveAttribute('role', 'status'),
    );
    expect(callsTo(api.calls, 'POST', '/api/verify-email')[0]!.body).toEqual({
      email: 'ada@example.com',
    });
  });

  it('reports a failed resend', async () => {
    answer = () => json(403, { message: MESSAGES.emailNotVerified, code: 'EMAIL_NOT_VERIFIED' });
    resendAnswer = () => json(500);
    const { user } = await openPage();
    await signIn(user);
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    // Announced (role=status); toasts are status messages too, hence the text lookup.
    await waitFor(() =>
      expect(screen.getByText(MESSAGES.resendFailed)).toHaveAttribute('role', 'status'),
    );
  });
});
