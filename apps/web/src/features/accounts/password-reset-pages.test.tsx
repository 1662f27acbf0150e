import { EMAIL_MESSAGES } from '@slotwise/shared/email-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/field-error';
import { callsTo, deferred, json, routesForEachTest } from '../../../test/mock-api';
import { renderRoute, LAZY_ROUTE } from '../../../test/render-route';

const FORGOT = 'POST /api/auth/forgot-password';
const RESET = 'POST /api/auth/reset-password';
const api = routesForEachTest({
  [FORGOT]: () => json(200, { message: EMAIL_MESSAGES.forgotPasswordSent }),
  [RESET]: () => json(200, { message: EMAIL_MESSAGES.passwordResetDone }),
});

describe('forgot password', () => {
  it("is linked from /login as 'Forgot password?'", async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }, LAZY_ROUTE));
    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' }, LAZY_ROUTE);
    expect(router.state.location.pathname).toBe('/forgot-password');
    expect(document.title).toBe('Forgot Password · Slotwise');
  });

  it('checks the address, sends it, and shows the same answer the server gives everyone', async () => {
    const user = userEvent.setup();
    const held = deferred<Response>();
    api.answers[FORGOT] = () => held.promise;
    renderRoute('/forgot-password');
    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' }, LAZY_ROUTE);

    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expectFieldError(screen.getByLabelText('Email'), MESSAGES.emailRequired);
    expect(callsTo(api.calls, 'POST', '/api/auth/forgot-password')).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    held.resolve(json(200, { message: EMAIL_MESSAGES.forgotPasswordSent }));

    expect(await screen.findByRole('status')).toHaveTextContent(EMAIL_MESSAGES.forgotPasswordSent);
    expect(callsTo(api.calls, 'POST', '/api/auth/forgot-password')[0]!.body).toEqual({
      email: 'ada@example.com',
    });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's refusal (too many requests)", async () => {
    const user = userEvent.setup();
    api.answers[FORGOT] = () => json(429, { message: 'Too many requests', code: 'RATE_LIMITED' });
    renderRoute('/forgot-password');
    await user.type(await screen.findByLabelText('Email', {}, LAZY_ROUTE), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
  });
});

describe('reset password', () => {
  async function openReset(path = '/reset-password?token=abcdefghijklmnopqrstuvwxyz') {
    const user = userEvent.setup();
    const view = renderRoute(path);
    await screen.findByRole('heading', { level: 1, name: 'Reset Password' }, LAZY_ROUTE);
    return { user, ...view };
  }

  it("applies the registration password rules (8–15, confirmation) with SPEC's messages", async () => {
    const { user } = await openReset();
    expect(document.title).toBe('Reset Password · Slotwise');
    const password = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm password');

    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expectFieldError(password, MESSAGES.passwordRequired);
    expectFieldError(confirm, MESSAGES.confirmPasswordRequired);

    await user.type(password, 'short');
    await user.type(confirm, 'short');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expectFieldError(password, MESSAGES.passwordMin);

    await user.clear(password);
    await user.type(password, 'a'.repeat(16));
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expectFieldError(password, MESSAGES.passwordMax);

    await user.clear(password);
    await user.type(password, 'NewSecret9');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expectFieldError(confirm, MESSAGES.passwordsMustMatch);
    expect(callsTo(api.calls, 'POST', '/api/auth/reset-password')).toHaveLength(0);
  });

  it('sends the token and the new password, then goes to /login with the server message', async () => {
    const { user, router } = await openReset();
    await user.type(screen.getByLabelText('New password'), 'NewSecret9');
    await user.type(screen.getByLabelText('Confirm password'), 'NewSecret9');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(callsTo(api.calls, 'POST', '/api/auth/reset-password')[0]!.body).toEqual({
      token: 'abcdefghijklmnopqrstuvwxyz',
      password: 'NewSecret9',
    });
    expect(await screen.findByText(EMAIL_MESSAGES.passwordResetDone)).toBeInTheDocument();
  });

  it('says so when the link is used or expired, and offers a new one', async () => {
    api.answers[RESET] = () =>
      json(400, {
        message: EMAIL_MESSAGES.resetLinkInvalid,
        error: 'Bad Request',
        code: 'INVALID_TOKEN',
      });
    const { user } = await openReset();
    await user.type(screen.getByLabelText('New password'), 'NewSecret9');
    await user.type(screen.getByLabelText('Confirm password'), 'NewSecret9');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_MESSAGES.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('without a token there is no form, only the way to ask for a link', async () => {
    await openReset('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(EMAIL_MESSAGES.resetLinkInvalid);
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toBeInTheDocument();
  });
});
