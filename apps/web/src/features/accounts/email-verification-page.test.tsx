import { MESSAGES } from '@slotwise/shared/messages';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/field-error';
import { callsTo, deferred, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { AppProviders } from '../../app/providers';
import { routes } from '../../app/router';

/** The screens are lazy routes: their first render may wait for a chunk on a busy machine. */
const LAZY_ROUTE = { timeout: 5000 };

let api: { calls: ApiCall[] };
let resendAnswer: () => Response | Promise<Response>;
let verifyAnswer: () => Response | Promise<Response>;

beforeEach(() => {
  resendAnswer = () => json(200, { message: MESSAGES.resendSucceeded });
  verifyAnswer = () => json(200, { message: MESSAGES.emailVerified });
  api = mockApi((call) => {
    if (call.method === 'POST' && call.path === '/api/verify-email') return resendAnswer();
    if (call.method === 'POST' && call.path === '/api/auth/verify-email') return verifyAnswer();
    return undefined;
  });
});

/** Rendered as in main.tsx: under StrictMode, which mounts effects twice in development. */
function openPage(path: string, state: unknown = null) {
  const user = userEvent.setup();
  const [pathname, search = ''] = path.split('?');
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname, search: search ? `?${search}` : '', state }],
  });
  render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { user, router };
}

const resendButton = () => screen.getByRole('button', { name: "Didn't receive it? Resend Email" });

describe('verification notice', () => {
  it('names the address from the navigation state and links to /login', async () => {
    openPage('/email-verification', { email: 'ada@example.com' });
    await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' }, LAZY_ROUTE);
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText(/sent a verification link to/)).toBeInTheDocument();
    expect(screen.getByText(/inbox and your spam\/junk folder/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it("resends: 'Resending...' while loading, then the success message", async () => {
    const held = deferred<Response>();
    resendAnswer = () => held.promise;
    const { user } = openPage('/email-verification', { email: 'ada@example.com' });
    await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' }, LAZY_ROUTE);
    await user.click(resendButton());
    expect(await screen.findByRole('button', { name: 'Resending...' })).toBeDisabled();
    held.resolve(json(200, { message: MESSAGES.resendSucceeded }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.resendSucceeded),
    );
    expect(callsTo(api.calls, 'POST', '/api/verify-email')[0]!.body).toEqual({
      email: 'ada@example.com',
    });
    expect(resendButton()).toBeEnabled();
  });

  it('reports a failed resend', async () => {
    resendAnswer = () => json(429, { message: 'Too many requests', code: 'RATE_LIMITED' });
    const { user } = openPage('/email-verification', { email: 'ada@example.com' });
    await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' }, LAZY_ROUTE);
    await user.click(resendButton());
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.resendFailed),
    );
  });

  it('asks for the address when it is not known, with the email-form messages', async () => {
    const { user } = openPage('/email-verification');
    await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' }, LAZY_ROUTE);
    expect(screen.getByText(/your email address/)).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    await user.click(resendButton());
    await waitFor(() => expectFieldError(email, MESSAGES.emailRequired));
    await user.type(email, 'nope');
    await waitFor(() => expectFieldError(email, MESSAGES.emailInvalid));
    expect(api.calls).toEqual([]);
    await user.clear(email);
    await user.type(email, 'ada@example.com');
    await user.click(resendButton());
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.resendSucceeded),
    );
    expect(callsTo(api.calls, 'POST', '/api/verify-email')[0]!.body).toEqual({
      email: 'ada@example.com',
    });
  });
});

describe('confirmation from the emailed link', () => {
  it('verifies once (even under StrictMode), showing progress then success with a Sign in link', async () => {
    const held = deferred<Response>();
    verifyAnswer = () => held.promise;
    openPage('/email-verification?token=abc_DEF-123');
    expect(await screen.findByText(MESSAGES.verifyingEmail, {}, LAZY_ROUTE)).toHaveAttribute(
      'role',
      'status',
    );
    held.resolve(json(200, { message: MESSAGES.emailVerified }));
    expect(await screen.findByText(MESSAGES.emailVerified)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    const verifications = callsTo(api.calls, 'POST', '/api/auth/verify-email');
    expect(verifications).toHaveLength(1);
    expect(verifications[0]!.body).toEqual({ token: 'abc_DEF-123' });
  });

  it('says the link is invalid or expired and offers to resend', async () => {
    verifyAnswer = () =>
      json(400, {
        message: MESSAGES.verificationLinkInvalid,
        error: MESSAGES.verificationLinkInvalid,
        code: 'INVALID_TOKEN',
      });
    const { user } = openPage('/email-verification?token=used');
    expect(await screen.findByRole('alert', {}, LAZY_ROUTE)).toHaveTextContent(
      MESSAGES.verificationLinkInvalid,
    );
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(resendButton());
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.resendSucceeded),
    );
    expect(callsTo(api.calls, 'POST', '/api/auth/verify-email')).toHaveLength(1);
  });

  it('offers a retry when the server could not answer', async () => {
    verifyAnswer = () => json(503);
    const { user } = openPage('/email-verification?token=abc');
    expect(await screen.findByRole('alert', {}, LAZY_ROUTE)).toHaveTextContent(
      MESSAGES.verificationFailed,
    );
    verifyAnswer = () => json(200, { message: MESSAGES.emailVerified });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(MESSAGES.emailVerified)).toBeInTheDocument();
  });
});
