import { EMAIL_MESSAGES, MAIL_COOLDOWN_SECONDS } from '@slotwise/shared/email-schemas';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { renderRoute, LAZY_ROUTE } from '../../../test/render-route';

const RESEND = "Didn't receive it? Resend Email";

let api: { calls: ApiCall[] };
let resendAnswer: () => Response;

beforeEach(() => {
  api = mockApi((call) => {
    if (call.method === 'POST' && call.path === '/api/verify-email') return resendAnswer();
    return undefined;
  });
});

async function openNotice() {
  const user = userEvent.setup();
  const view = renderRoute('/email-verification');
  await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' }, LAZY_ROUTE);
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  return { user, ...view };
}

describe('honest resend on the verification screen', () => {
  it("within the cooldown shows the server's message and counts its seconds down on the button", async () => {
    resendAnswer = () =>
      json(200, { message: EMAIL_MESSAGES.resendCoolingDown, retryAfterSeconds: 42 });
    const { user } = await openNotice();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });

    await user.click(screen.getByRole('button', { name: RESEND }));
    expect(await screen.findByRole('button', { name: 'Resend in 42 s' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent(EMAIL_MESSAGES.resendCoolingDown);
    expect(screen.getByRole('status')).not.toHaveTextContent(EMAIL_MESSAGES.resendSent);

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByRole('button', { name: 'Resend in 40 s' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(40_000));
    expect(screen.getByRole('button', { name: RESEND })).toBeEnabled();
    expect(callsTo(api.calls, 'POST', '/api/verify-email')).toHaveLength(1);
  });

  it('after an actual send says so and waits the minute before the next one', async () => {
    resendAnswer = () => json(200, { message: EMAIL_MESSAGES.resendSent, retryAfterSeconds: 60 });
    const { user } = await openNotice();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });

    await user.click(screen.getByRole('button', { name: RESEND }));
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Verification email resent successfully.');

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await user.click(screen.getByRole('button', { name: RESEND }));
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
    expect(callsTo(api.calls, 'POST', '/api/verify-email')).toHaveLength(2);
  });

  it("opened right after registration, counts the first mail's cooldown down before offering a resend", async () => {
    resendAnswer = () => json(200, { message: EMAIL_MESSAGES.resendSent, retryAfterSeconds: 60 });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // Registration sent the mail 5 seconds before this screen opened.
    renderRoute({
      pathname: '/email-verification',
      state: { email: 'ada@example.com', mailSentAt: Date.now() - 5_000 },
    });
    await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' }, LAZY_ROUTE);
    expect(
      screen.getByRole('button', { name: `Resend in ${MAIL_COOLDOWN_SECONDS - 5} s` }),
    ).toBeDisabled();
    expect(screen.queryByRole('button', { name: RESEND })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync((MAIL_COOLDOWN_SECONDS - 5) * 1000));
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('button', { name: RESEND }));
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
    expect(callsTo(api.calls, 'POST', '/api/verify-email')).toHaveLength(1);
  });

  it('opened without a fresh registration offers the resend at once', async () => {
    renderRoute({ pathname: '/email-verification', state: { email: 'ada@example.com' } });
    expect(await screen.findByRole('button', { name: RESEND }, LAZY_ROUTE)).toBeEnabled();
  });
});
