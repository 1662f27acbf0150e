import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { addDays, clockIn } from '@slotwise/shared/timeslot-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './harness/a11y';
import {
  book,
  closeChecked,
  createSlot,
  openSignedIn,
  send,
  signUp,
  zoneWithRoomToday,
  type Session,
} from './harness/accounts';
import { describeBrowser, launchBrowser, screenshot, type OpenedPage } from './harness/browser';

/**
 * axe-core on every SPEC §2 route — signed out, as a client and as a provider — and with every
 * modal, dropdown and menu open, at desktop size (the phone size is checked screen by screen in
 * responsive.test.ts). Zero violations of WCAG 2.0/2.1/2.2 A and AA (plus the landmark and
 * heading rules listed in harness/a11y.ts).
 */

const ZONE = zoneWithRoomToday();
const hh = (hour: number) => String(hour).padStart(2, '0');

function picture(): Promise<Buffer> {
  return sharp({
    create: { width: 160, height: 160, channels: 3, background: { r: 14, g: 116, b: 144 } },
  })
    .png()
    .toBuffer();
}

/** Navigates and waits for the page's level-1 heading. */
async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Puts React Router navigation state on the current URL (as a navigate(…, {state}) would). */
async function visitWithState(page: Page, path: string, state: Record<string, string>) {
  await page.goto(path);
  await page.evaluate((usr) => {
    window.history.replaceState({ usr, key: 'a11y', idx: 0 }, '');
  }, state);
  await page.reload();
}

/** No 'Loading…' status left on the page. */
async function loaded(page: Page) {
  await page
    .getByRole('status')
    .filter({ hasText: /^Loading/ })
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await expect.poll(() => page.getByText(/^Loading .*\.\.\.$/).count()).toBe(0);
}

describeBrowser('accessibility: axe on every screen', () => {
  let browser: Browser;
  let provider: Session;
  let client: Session;
  let providerId: string;
  let bookedTomorrow: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const [withPicture, other, clientSession] = await Promise.all([
      signUp({
        role: 'provider',
        firstName: 'Olivia',
        lastName: 'Quill',
        zone: ZONE,
        specialty: 'Plumber',
        bio: 'Burst pipes and leaky taps, fixed the same day.',
        picture: await picture(),
      }),
      signUp({
        role: 'provider',
        firstName: 'Bram',
        lastName: 'Stone',
        zone: ZONE,
        specialty: 'Electrician',
      }),
      signUp({ role: 'client', firstName: 'Cleo', lastName: 'Client', zone: ZONE }),
    ]);
    provider = withPicture;
    client = clientSession;
    providerId = String(provider.user.providerId);

    const clock = clockIn(ZONE);
    const h = Number(clock.time.slice(0, 2)) + 1;
    const tomorrow = addDays(clock.today, 1);
    const todayBooked = await createSlot(provider, clock.today, `${hh(h)}:00`, `${hh(h)}:30`);
    await createSlot(provider, clock.today, `${hh(h + 1)}:00`, `${hh(h + 1)}:45`);
    const tomorrowBooked = await createSlot(provider, tomorrow, '10:00', '10:30');
    await createSlot(provider, tomorrow, '11:00', '11:30');
    const toCancel = await createSlot(provider, tomorrow, '12:00', '12:30');
    await createSlot(other, tomorrow, '09:00', '10:00');

    await book(client, todayBooked);
    bookedTomorrow = await book(client, tomorrowBooked);
    const canceled = await book(client, toCancel);
    // The provider cancels one: the client gets a notification, the provider has them too.
    await send('PATCH', `/appointment/provider/cancel/${canceled}`, {}, provider.token);
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe('signed out', () => {
    let opened: OpenedPage;
    let page: Page;
    let failed = false;
    beforeAll(async () => {
      opened = await openSignedIn(browser, null, { timezoneId: ZONE });
      page = opened.page;
    });
    afterAll(async () => {
      await closeChecked(opened, 'a11y-signed-out', failed, [
        /status of 401/, // the failed login
        /status of 400/, // the bad verification token
      ]);
    });
    const check = async (what: string) => {
      try {
        await expectAccessible(page, what);
      } catch (error) {
        failed = true;
        throw error;
      }
    };

    it('landing page', async () => {
      await visit(page, '/', 'Book Trusted Services Near You');
      await check('landing');
    });

    it('landing page on a phone with the mobile menu open', async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      try {
        await visit(page, '/', 'Book Trusted Services Near You');
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
        await check('landing, mobile menu open');
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    });

    it('about page', async () => {
      await visit(page, '/about', /./);
      await check('about');
    });

    it('registration, empty and with every error shown', async () => {
      await visit(page, '/register', 'Create Account');
      await check('register');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText('Full name is required').waitFor();
      await check('register with errors');
    });

    it('provider profile completion, with and without the registration state', async () => {
      await visit(page, '/register-provider', 'Complete Your Provider Profile');
      await check('register-provider without state');
      await visitWithState(page, '/register-provider', {
        userId: '00000000-0000-4000-8000-000000000000',
        email: 'someone@example.test',
      });
      await page.getByLabel('Specialty').waitFor();
      await page.getByRole('button', { name: 'Complete Profile' }).click();
      await page.getByText('Specialty is required').waitFor();
      await check('register-provider with errors');
    });

    it('email verification: notice, resend form and a failed link', async () => {
      await visit(page, '/email-verification', /Verify Your Email|Email Verification/);
      await check('email-verification without state');
      await visitWithState(page, '/email-verification', { email: 'someone@example.test' });
      await page.getByText('someone@example.test').waitFor();
      await check('email-verification with an email');
      await page.goto('/email-verification?token=not-a-real-token');
      await page.getByRole('alert').first().waitFor();
      await check('email-verification with a bad token');
    });

    it('login, empty and after a failed attempt', async () => {
      await visit(page, '/login', 'Login');
      await check('login');
      await page.getByLabel('Email', { exact: true }).fill('nobody@example.test');
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('alert').filter({ hasText: /failed/i }).first().waitFor();
      await check('login failed');
    });

    it('page not found', async () => {
      await visit(page, '/no-such-page', 'Page not found');
      await check('not found');
    });
  });

  describe('as a client', () => {
    let opened: OpenedPage;
    let page: Page;
    let failed = false;
    beforeAll(async () => {
      opened = await openSignedIn(browser, client, { timezoneId: ZONE });
      page = opened.page;
    });
    afterAll(async () => {
      await closeChecked(opened, 'a11y-client', failed, [/status of 404/]);
    });
    const check = async (what: string) => {
      try {
        await expectAccessible(page, what);
      } catch (error) {
        failed = true;
        await screenshot(page, `a11y-${what}`);
        throw error;
      }
    };

    it('client home', async () => {
      await visit(page, '/client', /Welcome/);
      await page.getByRole('region', { name: 'Meet our top specialists' }).waitFor();
      await loaded(page);
      await check('client home');
    });

    it('search results listbox open', async () => {
      await visit(page, '/client', /Welcome/);
      await page.getByRole('combobox', { name: 'Search providers' }).fill('Quill');
      await page.getByRole('option', { name: /Olivia Quill/ }).waitFor();
      await check('client search listbox');
    });

    it('profile menu open', async () => {
      await visit(page, '/client', /Welcome/);
      await page.getByRole('button', { name: 'Cleo Client' }).click();
      await page.getByRole('menu').waitFor();
      await check('client profile menu');
    });

    it('notification dropdown open', async () => {
      await visit(page, '/client', /Welcome/);
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('region', { name: /^Notifications \(/ }).waitFor();
      await check('client notification dropdown');
    });

    it('provider detail, with and without a picture, and not found', async () => {
      await visit(page, `/client/provider/${providerId}`, 'Olivia Quill');
      await page.getByRole('button', { name: 'Book Now' }).first().waitFor();
      await check('provider detail');
      await page.goto('/client/provider/00000000-0000-4000-8000-000000000000');
      await page.getByText('Provider not found').waitFor();
      await check('provider detail, not found');
    });

    it('client appointments, cancel confirmation and reschedule modal', async () => {
      await visit(page, '/client/appointments', 'Your Appointments');
      await loaded(page);
      await check('client appointments');

      await page.getByRole('button', { name: 'Cancel' }).first().click();
      const confirm = page.getByRole('dialog', { name: 'Cancel appointment' });
      await confirm.waitFor();
      await check('client cancel confirmation');
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Reschedule' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
      await dialog.getByRole('radio').first().waitFor();
      await check('reschedule modal');
      await dialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
      await dialog.getByText('Please select a time slot').waitFor();
      await check('reschedule modal with its error');
    });

    it('reschedule route', async () => {
      await page.goto(`/client/reschedule/${bookedTomorrow}`);
      await page
        .getByRole('dialog', { name: 'Reschedule Appointment' })
        .getByRole('radio')
        .first()
        .waitFor();
      await check('reschedule route');
    });

    it('all notifications', async () => {
      await visit(page, '/notifications', 'Notifications');
      await loaded(page);
      await check('client notifications');
    });
  });

  describe('as a provider', () => {
    let opened: OpenedPage;
    let page: Page;
    let failed = false;
    beforeAll(async () => {
      opened = await openSignedIn(browser, provider, { timezoneId: ZONE });
      page = opened.page;
    });
    afterAll(async () => {
      await closeChecked(opened, 'a11y-provider', failed);
    });
    const check = async (what: string) => {
      try {
        await expectAccessible(page, what);
      } catch (error) {
        failed = true;
        await screenshot(page, `a11y-${what}`);
        throw error;
      }
    };

    it('dashboard', async () => {
      await visit(page, '/dashboard', 'Provider Dashboard');
      await loaded(page);
      await page.getByRole('region', { name: /Weekly Summary/ }).waitFor();
      await check('provider dashboard');
    });

    it('notification dropdown open', async () => {
      await visit(page, '/dashboard', 'Provider Dashboard');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('region', { name: /^Notifications \(/ }).waitFor();
      await check('provider notification dropdown');
      await page.keyboard.press('Escape');
    });

    it('time slots with the create, update and delete dialogs', async () => {
      await visit(page, '/dashboard/timeslots', 'Time Slots');
      await loaded(page);
      await check('time slots');

      await page.getByRole('button', { name: '+ Create Slot' }).click();
      let dialog = page.getByRole('dialog', { name: 'Create Time Slot' });
      await dialog.waitFor();
      await check('create slot modal');
      await dialog.getByLabel('Start time').fill('14:00');
      await dialog.getByLabel('End time').fill('13:00');
      await dialog.getByText('End time must be after start time').waitFor();
      await check('create slot modal with an error');
      await dialog.getByText('Several slots').click();
      await dialog.getByLabel('From date').waitFor();
      await check('create slot modal, several slots');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: /^Update .* slot/ }).first().click();
      dialog = page.getByRole('dialog', { name: 'Update Time Slot' });
      await dialog.waitFor();
      await check('update slot modal');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: /^Delete .* slot/ }).first().click();
      dialog = page.getByRole('dialog', { name: 'Delete time slot' });
      await dialog.waitFor();
      await check('delete slot confirmation');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it('appointments with the cancel confirmation', async () => {
      await visit(page, '/dashboard/appointments', 'Appointments');
      await loaded(page);
      await check('provider appointments');
      await page.getByRole('button', { name: 'Cancel' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await check('provider cancel confirmation');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it('analytics', async () => {
      await visit(page, '/dashboard/analytics', 'Analytics');
      await loaded(page);
      await check('analytics');
    });

    it('profile with the update profile modal', async () => {
      await visit(page, '/dashboard/profile', 'Profile Information');
      await loaded(page);
      await check('provider profile');
      await page.getByRole('button', { name: 'Update Profile' }).click();
      const dialog = page.getByRole('dialog', { name: /Update Profile/ });
      await dialog.waitFor();
      await check('update profile modal');
      await dialog.getByLabel('First name').fill('');
      await dialog.getByLabel(/New password/).fill('abc');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.getByText('First name is required').waitFor();
      await check('update profile modal with errors');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it('all notifications', async () => {
      await visit(page, '/notifications', 'Notifications');
      await loaded(page);
      await check('provider notifications');
    });

    it('on a phone, with the navigation drawer open', async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      try {
        await visit(page, '/dashboard', 'Provider Dashboard');
        await loaded(page);
        await check('provider dashboard, phone');
        await page.getByRole('button', { name: 'Show navigation' }).click();
        await page.getByRole('complementary', { name: 'Sidebar' }).waitFor();
        await check('provider navigation drawer');
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    });
  });
});
