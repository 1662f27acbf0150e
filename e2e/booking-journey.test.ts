import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  describeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  type OpenedPage,
} from './harness/browser';
import { waitForVerificationLink } from './harness/mail';
import { formatDate } from '../apps/web/src/lib/date-time-format';
import { testServer } from './harness/test-server';

const ZONE = 'America/New_York';
const PASSWORD = 'Secret123';

interface Session {
  token: string;
  user: Record<string, unknown>;
}

async function api(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const response = await fetch(`${testServer().baseURL}/api${path}`, init);
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) {
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  }
  return body;
}

function postJson(path: string, body: unknown, token?: string) {
  return api(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/**
 * An account as the product makes one, through the API: register, (provider: complete the
 * profile), verify through the emailed link, log in.
 */
async function signUp(
  role: 'client' | 'provider',
  name: { firstName: string; lastName: string },
  provider?: { specialty: string; bio: string },
): Promise<Session> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const form = new FormData();
  form.set('firstName', name.firstName);
  form.set('lastName', name.lastName);
  form.set('email', email);
  form.set('password', PASSWORD);
  form.set('role', role);
  form.set('timezone', ZONE);
  const { userId } = await api('/auth/register', { method: 'POST', body: form });
  if (provider) await postJson('/auth/register/provider', { userId, ...provider });
  const link = new URL(await waitForVerificationLink(testServer().dataDir, email));
  await postJson('/auth/verify-email', { token: link.searchParams.get('token') });
  const login = await postJson('/auth/login', { email, password: PASSWORD });
  return { token: login.token as string, user: login.user as Record<string, unknown> };
}

/** Signed in as the login screen leaves it (docs/product.md §3): token in localStorage, user in sessionStorage. */
async function openSignedIn(browser: Browser, session: Session): Promise<OpenedPage> {
  const opened = await newPage(browser, { timezoneId: ZONE });
  await opened.context.addInitScript((s: Session) => {
    window.localStorage.setItem('token', s.token);
    window.sessionStorage.setItem('user', JSON.stringify(s.user));
  }, session);
  return opened;
}

async function toast(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

/** 'Tue, Nov 24' for '2026-11-24', as the screens show a slot's day (the web's one formatter). */
function slotDate(day: string): string {
  return formatDate(day);
}

/** No horizontal scrolling at the current viewport width. */
async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `page ${page.url()} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

function card(page: Page, name: string): Locator {
  return page.getByRole('article', { name });
}

describeBrowser('booking journey', () => {
  let browser: Browser;
  const opened: OpenedPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async (context) => {
    const pages = opened.splice(0);
    try {
      for (const [index, { page, problems }] of pages.entries()) {
        if (context.task.result?.state === 'fail') {
          await screenshot(page, `booking-${context.task.name}-${index}`);
        }
        expect(problems.pageErrors, 'uncaught page errors').toEqual([]);
        expect(problems.consoleErrors, 'console errors').toEqual([]);
        expect(problems.cspViolations, 'CSP violations').toEqual([]);
      }
    } finally {
      for (const { close } of pages) await close();
    }
  });

  it('a client finds a provider, books, reschedules and cancels; the provider sees it live', async () => {
    // A provider with two free slots the day after tomorrow (provider's zone).
    const suffix = randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 6);
    const lastName = `Quill${suffix}`;
    const providerName = `Olivia ${lastName}`;
    const provider = await signUp(
      'provider',
      { firstName: 'Olivia', lastName },
      { specialty: 'Plumber', bio: 'Burst pipes and leaky taps, fixed the same day.' },
    );
    const day = addDays(todayIn(ZONE), 2);
    for (const [startTime, endTime] of [
      ['10:00:00', '10:30:00'],
      ['11:00:00', '11:30:00'],
    ]) {
      await postJson('/timeslots/create', { day, startTime, endTime }, provider.token);
    }
    const client = await signUp('client', { firstName: 'Cleo', lastName: `Client${suffix}` });
    const clientName = `Cleo Client${suffix}`;

    // The provider watches their appointments.
    const providerTab = await openSignedIn(browser, provider);
    opened.push(providerTab);
    const dashboard = providerTab.page;
    await dashboard.goto('/dashboard/appointments');
    await dashboard.getByRole('heading', { level: 1, name: 'Appointments' }).waitFor();
    await dashboard.getByText('No Appointments booked.').waitFor();

    // The client searches by name and opens the provider with the keyboard.
    const clientTab = await openSignedIn(browser, client);
    opened.push(clientTab);
    const page = clientTab.page;
    await page.goto('/client');
    await page.getByRole('heading', { level: 2, name: "Today's Appointments" }).waitFor();
    const search = page.getByRole('combobox', { name: 'Search providers' });
    await expect(search.getAttribute('placeholder')).resolves.toBe(
      'Search Providers by name, specialty...',
    );
    await search.fill(`olivia ${lastName.slice(0, 8).toLowerCase()}`);
    const option = page.getByRole('option', { name: new RegExp(providerName) });
    await option.waitFor();
    await expect(search.getAttribute('aria-expanded')).resolves.toBe('true');
    await search.press('ArrowDown');
    await expect(option.getAttribute('aria-selected')).resolves.toBe('true');
    await search.press('Enter');
    await page.waitForURL('**/client/provider/*');
    await page.getByRole('heading', { level: 1, name: providerName }).waitFor();
    await page.getByText('Burst pipes and leaky taps, fixed the same day.').waitFor();

    // Books the first slot: its 'Book Now', then the summary's.
    const slots = page.getByRole('region', { name: 'Available Time Slots' });
    await slots.getByRole('group', { name: 'Day' }).waitFor();
    const bookButtons = slots.getByRole('button', { name: /Book Now$/ });
    await expect.poll(() => bookButtons.count()).toBe(2);
    await screenshot(page, 'booking-provider-detail');
    await slots.getByRole('button', { name: '10:00 Book Now' }).click();
    await slots
      .getByRole('region', { name: 'Your booking' })
      .getByRole('button', { name: 'Book Now', exact: true })
      .click();
    await toast(page, 'Appointment booked successfully');
    await expect.poll(() => bookButtons.count()).toBe(1);
    await expect(slots.getByRole('button', { name: /^10:00/ }).count()).resolves.toBe(0);

    // The provider sees it arrive without reloading (socket event → refetch).
    const providerCard = card(dashboard, clientName);
    await providerCard.getByText('10:00–10:30').waitFor();
    await providerCard.getByText(slotDate(day)).waitFor();

    // 'Your Appointments', through the profile menu.
    await page.getByRole('button', { name: clientName }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Appointments' }).click();
    await page.waitForURL('**/client/appointments');
    await page.getByRole('heading', { level: 1, name: 'Your Appointments' }).waitFor();
    const appointment = card(page, providerName);
    await appointment.getByText('10:00–10:30').waitFor();
    await appointment.getByText('Plumber').waitFor();
    await appointment.getByText('booked').waitFor();

    // Reschedules it to the other slot through the modal.
    await appointment.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
    await dialog
      .getByRole('region', { name: 'Current appointment' })
      .getByText(`${slotDate(day)}, 10:00–10:30`)
      .waitFor();
    await dialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
    await dialog.getByText('Please select a time slot').waitFor();
    await dialog.getByRole('radio', { name: `${slotDate(day)}, 11:00–11:30` }).check();
    await screenshot(page, 'booking-reschedule-modal');
    await dialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
    await toast(page, 'Appointment rescheduled successfully');
    await dialog.waitFor({ state: 'detached' });
    await appointment.getByText('11:00–11:30').waitFor();
    await providerCard.getByText('11:00–11:30').waitFor();
    await screenshot(dashboard, 'booking-provider-appointments');

    // Phones: nothing scrolls sideways at 360 px.
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'booking-client-appointments-360');

    // Cancels it, after confirming.
    await appointment.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel appointment' });
    await confirm.getByText('Are you sure you want to cancel this appointment?').waitFor();
    await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
    await toast(page, 'Appointment cancelled successfully');
    // Canceled, it leaves Upcoming for the Past tab, with no Cancel or Reschedule (§14.4).
    await appointment.waitFor({ state: 'detached' });
    await page.goto('/client/appointments?tab=past');
    await appointment.getByText('canceled').waitFor();
    await expect(appointment.getByRole('button').count()).resolves.toBe(0);

    // ... and it leaves the provider's list of booked appointments.
    await dashboard.getByText('No Appointments booked.').waitFor();

    // Both slots are free again on the provider page, which also fits a phone.
    await page.goto(`/client/provider/${String(provider.user.providerId)}`);
    await expect.poll(() => bookButtons.count()).toBe(2);
    await expectNoHorizontalScroll(page);
    await page.goto('/client');
    await page.getByRole('region', { name: 'Meet our top specialists' }).waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'booking-client-home-360');
  });
});
