import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { addDays, clockIn } from '@slotwise/shared/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, formReport } from './harness/a11y';
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
 * axe-core on every docs/product.md §2 route — signed out, as a client and as a provider — and with every
 * modal, dropdown and menu open, at desktop size (the phone size is checked screen by screen in
 * responsive.test.ts). Zero violations of WCAG 2.0/2.1/2.2 A and AA (plus the landmark and
 * heading rules listed in harness/a11y.ts). Also: a descriptive page title on every route,
 * labelled form controls whose errors are tied to them and announced, the loading overlay and
 * toasts announced politely, and a text alternative (or a fallback) for every person's picture.
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

/** Navigates, waits for the page's level-1 heading and checks the document title. */
async function visit(page: Page, path: string, heading: string | RegExp, title: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await expect.poll(() => page.title(), { message: `title of ${path}` }).toBe(title);
}

/** Puts React Router navigation state on the current URL (as a navigate(…, {state}) would). */
async function visitWithState(page: Page, path: string, state: Record<string, string>) {
  await page.goto(path);
  await page.evaluate((usr) => {
    window.history.replaceState({ usr, key: 'a11y', idx: 0 }, '');
  }, state);
  await page.reload();
}

/** No 'Loading…' text left on the page. */
async function loaded(page: Page) {
  await expect.poll(() => page.getByText(/^Loading .*\.\.\.$/).count()).toBe(0);
}

/**
 * Every control under `scope` is labelled; at least `atLeast` are invalid, and each invalid one
 * points (aria-describedby) at its error text, which is announced (a live region).
 */
async function expectFormErrorsTied(page: Page, scope: string, atLeast: number) {
  const report = await formReport(page, scope);
  expect(report.unlabelled, `unlabelled controls in ${scope}`).toEqual([]);
  expect(report.invalid.length, `invalid controls in ${scope}`).toBeGreaterThanOrEqual(atLeast);
  for (const field of report.invalid) {
    expect(field.described, `${field.control} names its error`).not.toBe('');
    expect(field.announced, `${field.control}'s error is announced`).toBe(true);
  }
}

/** The page's controls are all labelled (no errors expected). */
async function expectFormLabelled(page: Page, scope = 'body') {
  expect((await formReport(page, scope)).unlabelled, `unlabelled controls in ${scope}`).toEqual([]);
}

/** A picture that loaded (not a broken image). */
async function expectLoaded(page: Page, name: string) {
  const image = page.getByRole('img', { name, exact: true }).first();
  await image.waitFor();
  await expect
    .poll(() =>
      image.evaluate(
        (element) =>
          element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
      ),
    )
    .toBe(true);
}

describeBrowser('accessibility: axe on every screen', () => {
  let browser: Browser;
  let provider: Session;
  let other: Session;
  let client: Session;
  let providerId: string;
  let bookedTomorrow: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    [provider, other, client] = await Promise.all([
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

  /** One page per role, reused by its tests; a failing check saves a screenshot. */
  function pageFor(
    role: 'visitor' | 'client' | 'provider',
    expectedErrors: RegExp[] = [],
  ): { page: () => Page; check: (what: string) => Promise<void> } {
    let opened: OpenedPage;
    let failed = false;
    beforeAll(async () => {
      const session = role === 'client' ? client : role === 'provider' ? provider : null;
      opened = await openSignedIn(browser, session, { timezoneId: ZONE });
    });
    afterAll(async () => {
      if (opened) await closeChecked(opened, `a11y-${role}`, failed, expectedErrors);
    });
    return {
      page: () => opened.page,
      check: async (what: string) => {
        try {
          await expectAccessible(opened.page, what);
        } catch (error) {
          failed = true;
          await screenshot(opened.page, `a11y-${what}`);
          throw error;
        }
      },
    };
  }

  describe('signed out', () => {
    // The failed login and the bad verification link are logged (docs/product.md §8).
    const { page: current, check } = pageFor('visitor', [
      /status of 40[01]/,
      /status of 500/,
      /\[api\] Invalid email or password/,
      /\[api\] This verification link is invalid/,
      /\[api\] Request failed/,
    ]);

    it('landing page', async () => {
      const page = current();
      await visit(
        page,
        '/',
        'Book Trusted Services Near You',
        'Slotwise · Book Trusted Services Near You',
      );
      await check('landing');
    });

    it('landing page on a phone with the mobile menu open', async () => {
      const page = current();
      await page.setViewportSize({ width: 360, height: 740 });
      try {
        await visit(
          page,
          '/',
          'Book Trusted Services Near You',
          'Slotwise · Book Trusted Services Near You',
        );
        const menu = page.getByRole('button', { name: 'Menu' });
        expect(await menu.getAttribute('aria-expanded')).toBe('false');
        await menu.click();
        await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
        expect(await menu.getAttribute('aria-expanded')).toBe('true');
        await check('landing, mobile menu open');
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    });

    it('about page', async () => {
      await visit(current(), '/about', /./, 'About · Slotwise');
      await check('about');
    });

    it('registration: labelled fields, errors tied and announced, the overlay and the error announced', async () => {
      const page = current();
      await visit(page, '/register', 'Create Account', 'Create Account · Slotwise');
      await expectFormLabelled(page);
      await check('register');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText('Full name is required').waitFor();
      // Full name, email, password, confirm password and terms.
      await expectFormErrorsTied(page, 'form', 5);
      await check('register with errors');

      // While the account is created: the overlay, announced politely. Then the server's
      // failure, announced as an alert.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/auth/register', async (route) => {
        await held;
        await route.fulfill({ status: 500, json: {} });
      });
      await page.getByLabel('Full name').fill('Ada Lovelace');
      await page.getByLabel('Email', { exact: true }).fill('ada@example.test');
      await page.getByLabel('Password', { exact: true }).fill('Secret123');
      await page.getByLabel('Confirm password').fill('Secret123');
      await page.getByRole('checkbox', { name: /I agree/ }).check();
      await page.getByRole('button', { name: 'Create Account' }).click();
      const overlay = page.getByRole('status', { name: 'Creating your account...' });
      await overlay.waitFor();
      expect(await overlay.getAttribute('aria-live')).toBe('polite');
      await check('register, loading overlay');
      release();
      await overlay.waitFor({ state: 'detached' });
      await page.getByRole('alert').filter({ hasText: 'Registration failed' }).waitFor();
      await page.unroute('**/api/auth/register');
      await check('register, failed');
    });

    it('provider profile completion, with and without the registration state', async () => {
      const page = current();
      const title = 'Complete Your Provider Profile · Slotwise';
      await visit(page, '/register-provider', 'Complete Your Provider Profile', title);
      await check('register-provider without state');
      await visitWithState(page, '/register-provider', {
        userId: '00000000-0000-4000-8000-000000000000',
        email: 'someone@example.test',
      });
      await page.getByLabel('Specialty').waitFor();
      await expectFormLabelled(page);
      await page.getByRole('button', { name: 'Complete Profile' }).click();
      await page.getByText('Specialty is required').waitFor();
      await expectFormErrorsTied(page, 'form', 1);
      await check('register-provider with errors');
    });

    it('email verification: notice, resend form and a failed link', async () => {
      const page = current();
      const title = 'Verify Your Email · Slotwise';
      await visit(page, '/email-verification', /Verify Your Email|Email Verification/, title);
      await expectFormLabelled(page);
      await check('email-verification without state');
      await visitWithState(page, '/email-verification', { email: 'someone@example.test' });
      await page.getByText('someone@example.test').waitFor();
      await check('email-verification with an email');
      await page.goto('/email-verification?token=not-a-real-token');
      await page.getByRole('alert').first().waitFor();
      await check('email-verification with a bad token');
    });

    it('login, empty and after a failed attempt', async () => {
      const page = current();
      await visit(page, '/login', 'Login', 'Login · Slotwise');
      await expectFormLabelled(page);
      await check('login');
      const toggle = page.getByRole('button', { name: 'Show password' });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await page.getByRole('button', { name: 'Sign In' }).click();
      // The login form loads its validation on first use (decision 053): wait for its errors.
      await page.locator('form [aria-invalid="true"]').nth(1).waitFor();
      await expectFormErrorsTied(page, 'form', 2);
      await page.getByLabel('Email', { exact: true }).fill('nobody@example.test');
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
      // The 'Login Failed' toast: a polite status message.
      await page.getByRole('status').filter({ hasText: 'Login Failed' }).waitFor();
      await check('login failed, with its toast');
    });

    it('page not found', async () => {
      await visit(current(), '/no-such-page', 'Page not found', 'Page not found · Slotwise');
      await check('not found');
    });
  });

  describe('as a client', () => {
    const { page: current, check } = pageFor('client', [
      /status of 404/,
      /\[api\] Provider not found/,
      /net::ERR_FAILED \(.*\/uploads\//, // the picture made to fail on purpose
    ]);

    it('client home, with every picture named or beside its name', async () => {
      const page = current();
      await visit(page, '/client', /Welcome/, 'Home · Slotwise');
      const carousel = page.getByRole('region', { name: 'Meet our top specialists' });
      await carousel.getByText('Olivia Quill').waitFor();
      await loaded(page);
      // In the carousel the picture (or the initials) sits beside the name: decorative.
      const olivia = carousel.getByRole('listitem').filter({ hasText: 'Olivia Quill' });
      expect(await olivia.locator('img').getAttribute('alt')).toBe('');
      const bram = carousel.getByRole('listitem').filter({ hasText: 'Bram Stone' });
      await bram.getByText('BS', { exact: true }).waitFor();
      await check('client home');
    });

    it('search results listbox open', async () => {
      const page = current();
      await visit(page, '/client', /Welcome/, 'Home · Slotwise');
      const search = page.getByRole('combobox', { name: 'Search providers' });
      await search.fill('Quill');
      await page.getByRole('option', { name: /Olivia Quill/ }).waitFor();
      expect(await search.getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('status').filter({ hasText: '1 provider found' }).waitFor();
      await check('client search listbox');
    });

    it('profile menu open', async () => {
      const page = current();
      await visit(page, '/client', /Welcome/, 'Home · Slotwise');
      await page.getByRole('button', { name: 'Cleo Client' }).click();
      await page.getByRole('menu', { name: 'Cleo Client' }).waitFor();
      await check('client profile menu');
    });

    it('notification dropdown open', async () => {
      const page = current();
      await visit(page, '/client', /Welcome/, 'Home · Slotwise');
      await page.getByRole('button', { name: 'Notifications (1 unread)' }).click();
      const panel = page.getByRole('region', { name: /^Notifications \(/ });
      await panel.getByRole('listitem').first().waitFor();
      await check('client notification dropdown');
    });

    it('provider detail, with and without a picture, a broken picture, and not found', async () => {
      const page = current();
      await visit(
        page,
        `/client/provider/${providerId}`,
        'Olivia Quill',
        'Olivia Quill · Slotwise',
      );
      await page.getByRole('button', { name: 'Book Now' }).first().waitFor();
      await expectLoaded(page, 'Olivia Quill');
      await check('provider detail');

      // Without a picture: the initials, named after the provider.
      await visit(
        page,
        `/client/provider/${String(other.user.providerId)}`,
        'Bram Stone',
        'Bram Stone · Slotwise',
      );
      const initials = page.getByRole('img', { name: 'Bram Stone', exact: true });
      expect(await initials.textContent()).toBe('BS');

      // A picture that fails to load falls back to the initials too.
      await page.route('**/uploads/**', (route) => route.abort());
      try {
        await visit(
          page,
          `/client/provider/${providerId}`,
          'Olivia Quill',
          'Olivia Quill · Slotwise',
        );
        const fallback = page.getByRole('img', { name: 'Olivia Quill', exact: true });
        await expect.poll(() => fallback.textContent()).toBe('OQ');
      } finally {
        await page.unroute('**/uploads/**');
      }

      await page.goto('/client/provider/00000000-0000-4000-8000-000000000000');
      await page.getByText('Provider not found').waitFor();
      await expect.poll(() => page.title()).toBe('Provider not found · Slotwise');
      await check('provider detail, not found');
    });

    it('client appointments, cancel confirmation and reschedule modal', async () => {
      const page = current();
      await visit(
        page,
        '/client/appointments',
        'Your Appointments',
        'Your Appointments · Slotwise',
      );
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
      await expectFormLabelled(page, '[role="dialog"]');
      await check('reschedule modal');
      await dialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
      const error = dialog.getByRole('alert').filter({ hasText: 'Please select a time slot' });
      await error.waitFor();
      // The radio group is described by the error.
      const errorId = await error.getAttribute('id');
      expect(await dialog.getByRole('group').getAttribute('aria-describedby')).toBe(errorId);
      await check('reschedule modal with its error');
    });

    it('reschedule route', async () => {
      const page = current();
      await page.goto(`/client/reschedule/${bookedTomorrow}`);
      await page
        .getByRole('dialog', { name: 'Reschedule Appointment' })
        .getByRole('radio')
        .first()
        .waitFor();
      await expect.poll(() => page.title()).toBe('Your Appointments · Slotwise');
      await check('reschedule route');
    });

    it('all notifications', async () => {
      const page = current();
      await visit(page, '/notifications', 'Notifications', 'Notifications · Slotwise');
      await loaded(page);
      await check('client notifications');
    });
  });

  describe('as a provider', () => {
    const { page: current, check } = pageFor('provider');

    it('dashboard, with the pictures in the sidebar and header beside the name', async () => {
      const page = current();
      await visit(page, '/dashboard', 'Provider Dashboard', 'Provider Dashboard · Slotwise');
      await loaded(page);
      await page.locator('[data-testid="weekly-summary-chart"] svg').first().waitFor();
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      expect(await sidebar.locator('img').getAttribute('alt')).toBe('');
      await sidebar.getByText('Olivia Quill').waitFor();
      await check('provider dashboard');
    });

    it('notification dropdown open', async () => {
      const page = current();
      await visit(page, '/dashboard', 'Provider Dashboard', 'Provider Dashboard · Slotwise');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const panel = page.getByRole('region', { name: /^Notifications \(/ });
      await panel.getByRole('listitem').first().waitFor();
      await check('provider notification dropdown');
      await page.keyboard.press('Escape');
    });

    it('time slots with the create, update and delete dialogs', async () => {
      const page = current();
      // The list (`?view=list`, this week) has the cards with Update and Delete (§14.3).
      await visit(page, '/dashboard/timeslots?view=list', 'Time Slots', 'Time Slots · Slotwise');
      await loaded(page);
      await check('time slots');

      await page.getByRole('button', { name: '+ Create Slot' }).click();
      let dialog = page.getByRole('dialog', { name: 'Create Time Slot' });
      await dialog.waitFor();
      await expectFormLabelled(page, '[role="dialog"]');
      await check('create slot modal');
      await dialog.getByLabel('Start time').fill('14:00');
      await dialog.getByLabel('End time').fill('13:00');
      await dialog.getByText('End time must be after start time').waitFor();
      await expectFormErrorsTied(page, '[role="dialog"]', 1);
      await check('create slot modal with an error');
      await dialog.getByText('Several slots').click();
      await dialog.getByLabel('From date').waitFor();
      await expectFormLabelled(page, '[role="dialog"]');
      await check('create slot modal, several slots');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page
        .getByRole('button', { name: /^Update .* slot/, disabled: false })
        .first()
        .click();
      dialog = page.getByRole('dialog', { name: 'Update Time Slot' });
      await dialog.waitFor();
      await check('update slot modal');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page
        .getByRole('button', { name: /^Delete .* slot/, disabled: false })
        .first()
        .click();
      dialog = page.getByRole('dialog', { name: 'Delete time slot' });
      await dialog.waitFor();
      await check('delete slot confirmation');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it('appointments with the cancel confirmation', async () => {
      const page = current();
      await visit(page, '/dashboard/appointments', 'Appointments', 'Appointments · Slotwise');
      await loaded(page);
      await check('provider appointments');
      await page.getByRole('button', { name: 'Cancel' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
      await dialog.waitFor();
      await check('provider cancel confirmation');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it('analytics', async () => {
      const page = current();
      await visit(page, '/dashboard/analytics', 'Analytics', 'Analytics · Slotwise');
      await loaded(page);
      await check('analytics');
    });

    it('profile with the update profile modal', async () => {
      const page = current();
      await visit(page, '/dashboard/profile', 'Profile Information', 'Settings · Slotwise');
      await loaded(page);
      const profile = page.getByRole('region', { name: 'Profile Information' });
      await expectLoaded(page, 'Profile picture');
      await profile.getByText('Olivia Quill').waitFor();
      await check('provider profile');
      await page.getByRole('button', { name: 'Update Profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Update Profile' });
      await dialog.waitFor();
      await expectLoaded(page, 'Current profile picture');
      await expectFormLabelled(page, '[role="dialog"]');
      await check('update profile modal');
      await dialog.getByLabel('First name').fill('');
      await dialog.getByLabel('New password').fill('abc');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.getByText('First name is required').waitFor();
      await expectFormErrorsTied(page, '[role="dialog"]', 2);
      await check('update profile modal with errors');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it('all notifications', async () => {
      const page = current();
      await visit(page, '/notifications', 'Notifications', 'Notifications · Slotwise');
      await loaded(page);
      await check('provider notifications');
    });

    it('on a phone, with the navigation drawer open', async () => {
      const page = current();
      await page.setViewportSize({ width: 360, height: 740 });
      try {
        await visit(page, '/dashboard', 'Provider Dashboard', 'Provider Dashboard · Slotwise');
        await loaded(page);
        await page.getByRole('button', { name: 'Show navigation' }).click();
        await page.getByRole('complementary', { name: 'Sidebar' }).waitFor();
        await check('provider navigation drawer');
      } finally {
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    });
  });
});
