import { randomUUID } from 'node:crypto';
import ical, { type VEvent } from 'node-ical';
import type { Browser } from 'playwright-core';
import { addDays, clockIn } from '@slotwise/shared/dates';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './harness/a11y';
import {
  api,
  book,
  closeChecked,
  createSlot,
  openSignedIn,
  PASSWORD,
  send,
  signUp,
  zoneWithRoomToday,
} from './harness/accounts';
import { describeBrowser, launchBrowser, newPage, type OpenedPage } from './harness/browser';
import { waitForMailedLink } from './harness/mail';
import { testServer } from './harness/test-server';

/**
 * Email and calendars in the browser: forgot password end to end through the outbox, the
 * honest resend countdown on the verification screen, and the calendar feed copied from the
 * profile screen. axe on every new screen.
 */

const ZONE = zoneWithRoomToday();
const NEW_PASSWORD = 'Fresh-Pass9';

/** The password-reset link of the newest mail to `email` in the outbox, waiting for it. */
const waitForResetLink = (email: string) =>
  waitForMailedLink(testServer().dataDir, email, '/reset-password', 20_000);

async function loginStatus(email: string, password: string): Promise<number> {
  const response = await fetch(`${testServer().baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

/** The feed as a calendar app reads it: no token, parsed by a real iCalendar parser. */
async function feedEvents(url: string): Promise<VEvent[]> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/calendar');
  return Object.values(ical.sync.parseICS(await response.text())).filter(
    (component): component is VEvent => component?.type === 'VEVENT',
  );
}

describeBrowser('email and calendars', () => {
  let browser: Browser;
  let opened: OpenedPage | undefined;
  let expectedErrors: RegExp[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async (context) => {
    if (!opened) return;
    const current = opened;
    opened = undefined;
    try {
      await closeChecked(
        current,
        `password-reset-${context.task.name}`,
        context.task.result?.state === 'fail',
        expectedErrors,
      );
    } finally {
      expectedErrors = [];
    }
  });

  it('forgot password: the mailed link sets a new password; the old one stops working', async () => {
    const client = await signUp({
      role: 'client',
      firstName: 'Fay',
      lastName: 'Gotten',
      zone: ZONE,
    });
    opened = await newPage(browser, { timezoneId: ZONE });
    const { page } = opened;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();
    expect(await page.title()).toBe('Forgot Password · Slotwise');
    await expectAccessible(page, 'forgot password');
    await page.getByLabel('Email').fill(client.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account exists' }).waitFor();
    await expectAccessible(page, 'forgot password, sent');

    const link = new URL(await waitForResetLink(client.email));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor();
    await expectAccessible(page, 'reset password');
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('Passwords must match').waitFor();
    await expectAccessible(page, 'reset password with errors');

    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your password has been changed').first().waitFor();

    await page.getByLabel('Email').fill(client.email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/client');

    expect(await loginStatus(client.email, PASSWORD)).toBe(401);
    // The earlier session was revoked with the reset.
    const earlier = await fetch(`${testServer().baseURL}/api/profile`, {
      headers: { Authorization: `Bearer ${client.token}` },
    });
    expect(earlier.status).toBe(401);

    // The link is single use.
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password').fill('Another-Pass1');
    await page.getByLabel('Confirm password').fill('Another-Pass1');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'invalid or has expired' }).waitFor();
    expectedErrors = [/password reset link is invalid/, /status of 400 .*reset-password/];
  });

  it('verification screen: an immediate resend counts the cooldown down on the button', async () => {
    const email = `client-${randomUUID().slice(0, 8)}@example.test`;
    const form = new FormData();
    form.set('firstName', 'Rhea');
    form.set('lastName', 'Sender');
    form.set('email', email);
    form.set('password', PASSWORD);
    form.set('role', 'client');
    await api('/auth/register', { method: 'POST', body: form });

    opened = await newPage(browser, { timezoneId: ZONE });
    const { page } = opened;
    await page.goto('/email-verification');
    await page.getByRole('heading', { level: 1, name: 'Verify Your Email' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: "Didn't receive it? Resend Email" }).click();

    // The registration mail went out seconds ago: nothing is sent, and the screen says so.
    await page.getByRole('status').filter({ hasText: 'less than a minute ago' }).waitFor();
    const countdown = page.getByRole('button', { name: /^Resend in \d+ s$/ });
    await countdown.waitFor();
    expect(await countdown.isDisabled()).toBe(true);
    const first = Number(/\d+/.exec((await countdown.textContent()) ?? '')![0]);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(60);
    await expect
      .poll(async () => Number(/\d+/.exec((await countdown.textContent()) ?? '0')?.[0] ?? 0), {
        timeout: 10_000,
      })
      .toBeLessThan(first);
    await expect(page.getByText('Verification email resent successfully.').count()).resolves.toBe(
      0,
    );
    await expectAccessible(page, 'verification screen counting down');
  });

  it('calendar feed: copied from the profile screen, lists a booking and drops it when canceled', async () => {
    const [provider, client] = await Promise.all([
      signUp({ role: 'provider', firstName: 'Cal', lastName: 'Endar', zone: ZONE }),
      signUp({ role: 'client', firstName: 'Fee', lastName: 'Der', zone: ZONE }),
    ]);
    const tomorrow = addDays(clockIn(ZONE).today, 1);
    const appointmentId = await book(
      client,
      await createSlot(provider, tomorrow, '11:00', '11:30'),
    );

    opened = await openSignedIn(browser, client, {
      timezoneId: ZONE,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const { page } = opened;
    await page.goto('/client');
    await page.getByRole('button', { name: 'Fee Der' }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.waitForURL('**/client/account');
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    await page.getByRole('switch', { name: 'Appointment reminders' }).waitFor();
    await page.getByLabel('Calendar feed URL').waitFor();
    await expectAccessible(page, 'client account settings');

    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Link copied to the clipboard.').waitFor();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]+\.ics$/);

    const uid = `appointment-${appointmentId}@slotwise`;
    expect((await feedEvents(url)).map((event) => event.uid)).toContain(uid);

    await send('PATCH', `/appointment/cancel/${appointmentId}`, {}, client.token);
    expect((await feedEvents(url)).map((event) => event.uid)).not.toContain(uid);

    // Preferences persist through the screen.
    await page.getByRole('switch', { name: 'Appointment reminders' }).click();
    await page.getByText('Notification preferences saved').first().waitFor();
    const saved = await api('/profile/notification-preferences', { token: client.token });
    expect(saved.preferences).toMatchObject({ emailReminders: false, emailBookingUpdates: true });
  });
});
