import { MESSAGES } from '@slotwise/shared/texts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/field-error';
import { callsTo, deferred, json, routesForEachTest } from '../../../test/mock-api';
import { LAZY_ROUTE, renderRoute } from '../../../test/render-route';
import { apiError } from '../../../test/contract';

const RESEND = 'POST /api/verify-email';
const VERIFY = 'POST /api/auth/verify-email';
const api = routesForEachTest({
  [RESEND]: () => json(200, { message: MESSAGES.resendSucceeded }),
  [VERIFY]: () => json(200, { message: MESSAGES.emailVerified }),
});

/** Rendered as in main.tsx: under StrictMode, which mounts effects twice in development. */
function openPage(path: string, state: unknown = null) {
  const user = userEvent.setup();
  const [pathname, search = ''] = path.split('?');
  const entry = { pathname, search: search ? `?${search}` : '', state };
  return { user, router: renderRoute(entry, { strictMode: true }).router };
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
    api.answers[RESEND] = () => held.promise;
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
    api.answers[RESEND] = () => json(429, { message: 'Too many requests', code: 'RATE_LIMITED' });
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
  it('verifies once (even under StrictMode), showing progress then success with the sign-in form', async () => {
    const held = deferred<Response>();
    api.answers[VERIFY] = () => held.promise;
    openPage('/email-verification?token=abc_DEF-123');
    expect(await screen.findByText(MESSAGES.verifyingEmail, {}, LAZY_ROUTE)).toHaveAttribute(
      'role',
      'status',
    );
    held.resolve(json(200, { message: MESSAGES.emailVerified }));
    expect(await screen.findByText(MESSAGES.emailVerified)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in to continue' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    const verifications = callsTo(api.calls, 'POST', '/api/auth/verify-email');
    expect(verifications).toHaveLength(1);
    expect(verifications[0]!.body).toEqual({ token: 'abc_DEF-123' });
  });

  it('says the link is invalid or expired and offers to resend', async () => {
    api.answers[VERIFY] = () => apiError(400, 'INVALID_TOKEN', MESSAGES.verificationLinkInvalid);
    const { user } = openPage('/email-verification?token=used');
    expect(await screen.findByRole('alert', {}, LAZY_ROUTE)).toHaveTextContent(
      MESSAGES.verificationLinkInvalid,
    );
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(resendButton());
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.resendSucceeded),
    );
    expect(callsTo(api.calls, 'POST', '/api/auth/verify-email')).toHaveLength(1);
  });

  it('offers a retry when the server could not answer', async () => {
    api.answers[VERIFY] = () => json(503);
    const { user } = openPage('/email-verification?token=abc');
    expect(await screen.findByRole('alert', {}, LAZY_ROUTE)).toHaveTextContent(
      MESSAGES.verificationFailed,
    );
    api.answers[VERIFY] = () => json(200, { message: MESSAGES.emailVerified });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(MESSAGES.emailVerified)).toBeInTheDocument();
  });
});
