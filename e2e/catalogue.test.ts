import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  closeChecked,
  openSignedIn,
  PASSWORD,
  send,
  signUp,
  type Session,
} from './harness/accounts';
import { expectAccessible } from './harness/a11y';
import { describeBrowser, launchBrowser, newPage, type OpenedPage } from './harness/browser';
import { waitForVerificationLink } from './harness/mail';
import { testServer } from './harness/test-server';

/**
 * The catalogue (docs/product.md §11.1): a new provider completes onboarding with a
 * category and a city, adds two priced services, creates a slot for one of them; a client sees
 * the service and its price on the provider page and, after booking, on the appointments page.
 */

const ZONE = 'America/New_York';

async function toast(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

describeBrowser('catalogue: categories, places and priced services', () => {
  let browser: Browser;
  const opened: OpenedPage[] = [];
  let provider: Session;
  let providerId: string;
  const day = addDays(todayIn(ZONE), 2);

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async (context) => {
    const failed = context.task.result?.state === 'fail';
    for (const [index, page] of opened.splice(0).entries()) {
      await closeChecked(page, `catalogue-${context.task.name}-${index}`, failed, [
        // A booked slot's list is refetched; nothing else may log an error.
        /status of 404/,
      ]);
    }
  });

  it('a new provider completes onboarding with a category and a city', async () => {
    const page = await newPage(browser, { timezoneId: ZONE }).then((o) => {
      opened.push(o);
      return o.page;
    });
    const email = `cat-provider-${randomUUID().slice(0, 8)}@example.test`;
    await page.goto('/register');
    await page.getByLabel('Full name').fill('Carla Catalogue');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByLabel('Role').selectOption('provider');
    await page.getByRole('checkbox', { name: 'I agree to the Terms and Privacy Policy' }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/register-provider');

    await page.getByLabel('Specialty').fill('Barber');
    await page.getByLabel('Category').selectOption('barber');
    // The city box is a keyboard-usable combobox: type, arrow down, Enter.
    const city = page.getByRole('combobox', { name: 'City' });
    await city.fill('Philadelph');
    await page
      .getByRole('option', { name: /^Philadelphia/ })
      .first()
      .waitFor();
    await expectAccessible(page, 'onboarding with the city suggestions open');
    await city.press('ArrowDown');
    await city.press('Enter');
    expect(await city.inputValue()).toBe('Philadelphia, Pennsylvania, United States');
    await page.getByText('Suggested time zone for Philadelphia: America/New_York.').waitFor();
    await page.getByRole('radio', { name: 'I go to my clients' }).check();
    await page.getByLabel('Travel radius (km)').fill('15');
    await expectAccessible(page, 'provider onboarding with the catalogue fields');
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await page.waitForURL('**/email-verification');
    await toast(page, 'Provider profile completed!');

    const link = new URL(await waitForVerificationLink(testServer().dataDir, email));
    await send('POST', '/auth/verify-email', { token: link.searchParams.get('token') });
    const login = await send('POST', '/auth/login', { email, password: PASSWORD });
    provider = { token: login.token as string, user: login.user as Record<string, unknown>, email };
    providerId = (login.user as { providerId: string }).providerId;
  });

  it('the provider adds two services and creates a slot for one of them', async () => {
    const o = await openSignedIn(browser, provider, { timezoneId: ZONE });
    opened.push(o);
    const { page } = o;
    await page.goto('/dashboard/profile');
    const profile = page.getByRole('region', { name: 'Profile Information' });
    await profile.getByText('Barber', { exact: true }).waitFor();
    const services = page.getByRole('region', { name: 'Services' });
    await services.getByText(/No services yet/).waitFor();

    for (const [name, minutes, price] of [
      ['Haircut', '45', '35'],
      ['Beard trim', '20', '15.50'],
    ] as const) {
      await services.getByRole('button', { name: 'Add service' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add service' });
      await dialog.getByLabel('Service name').fill(name);
      await dialog.getByLabel('Duration (minutes)').fill(minutes);
      await dialog.getByLabel('Price').fill(price);
      if (name === 'Haircut') await expectAccessible(page, 'the Add service dialog');
      await dialog.getByRole('button', { name: 'Add service' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await services.getByRole('article', { name: 'Haircut' }).getByText('45 min · $35.00').waitFor();
    await services
      .getByRole('article', { name: 'Beard trim' })
      .getByText('20 min · $15.50')
      .waitFor();
    await expectAccessible(page, 'Settings with the services');

    await page.getByRole('link', { name: 'Time Slots' }).click();
    await page.getByRole('button', { name: '+ Create Slot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Time Slot' });
    await dialog.getByLabel('Service').selectOption({ label: 'Haircut (45 min, $35.00)' });
    await dialog.getByLabel('Date').fill(day);
    await dialog.getByLabel('Start time').fill('10:00');
    // The end time follows the service's 45 minutes.
    await expect.poll(() => dialog.getByLabel('End time').inputValue()).toBe('10:45');
    await expectAccessible(page, 'the Create Time Slot modal with a service');
    await dialog.getByRole('button', { name: 'Create Slot' }).click();
    await toast(page, 'Time slot created successfully!');
    // The slot's card is in the list of its week (docs/product.md §14.3).
    await page.goto(`/dashboard/timeslots?view=list&week=${day}`);
    // Titled by its service; the week window carries no price (the client's page shows it below).
    const card = page.getByRole('article', { name: 'Haircut' });
    await card.getByText('10:00–10:45').waitFor();
    await card.getByText('Available').waitFor();
  });

  it('a client sees the service and price on the provider page and after booking', async () => {
    const client = await signUp({
      role: 'client',
      firstName: 'Cody',
      lastName: 'Client',
      zone: ZONE,
    });
    const o = await openSignedIn(browser, client, { timezoneId: ZONE });
    opened.push(o);
    const { page } = o;
    await page.goto(`/client/provider/${providerId}`);
    const slots = page.getByRole('region', { name: 'Available Time Slots' });
    // The booking page (docs/product.md §14.1): a time, then its summary with service and price.
    await slots.getByRole('button', { name: /^10:00 Haircut Book Now$/ }).click();
    const summary = slots.getByRole('region', { name: 'Your booking' });
    await summary.getByText('Haircut').waitFor();
    await summary.getByText('$35.00').waitFor();
    await expectAccessible(page, 'the provider page with priced slots');
    await summary.getByRole('button', { name: 'Book Now', exact: true }).click();
    await toast(page, 'Appointment booked');

    await page.goto('/client/appointments');
    const card = page.getByRole('article', { name: 'Carla Catalogue' });
    await card.getByText('Haircut', { exact: true }).waitFor();
    await card.getByText('$35.00').waitFor();
    await expectAccessible(page, 'the client appointments with the booked price');
  });
});
