import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  api,
  closeChecked,
  openSignedIn,
  PASSWORD,
  send,
  signUp,
  zoneWithRoomToday,
  type Session,
} from './harness/accounts';
import { describeBrowser, launchBrowser, type OpenedPage } from './harness/browser';
import { waitForMailedLink } from './harness/mail';
import { testServer } from './harness/test-server';

/**
 * Teams (docs/product.md §13) in the browser: an owner creates a business and invites a barber by
 * email; the barber signs in from the mailed link and joins; the owner sees them on the staff
 * list and switches the week calendar to them; a signed-out client books "any staff" from the
 * business page after signing in, and the barber's bell counts it live.
 */

const ZONE = zoneWithRoomToday();

/** The invitation link of the newest mail to `email` in the outbox, waiting for it. */
const waitForInvitationLink = (email: string) =>
  waitForMailedLink(testServer().dataDir, email, '/business/join', 20_000);

/** Signs in on the login screen the page is on. */
async function signInHere(page: Page, who: Session) {
  await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describeBrowser('teams and resources', () => {
  let browser: Browser;
  const opened: OpenedPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async (context) => {
    const failed = context.task.result?.state === 'fail';
    const pages = opened.splice(0);
    for (const [index, page] of pages.entries()) {
      // The join link is opened signed out first: the guard's redirect is expected.
      await closeChecked(page, `business-${index}`, failed, [/401|Unauthorized/]);
    }
  });

  it('an owner invites a barber, switches to their week, and a client books "any staff"', async () => {
    const suffix = randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 6);
    const businessName = `Cut and Co ${suffix}`;
    const owner = await signUp({
      role: 'provider',
      firstName: 'Olga',
      lastName: `Olsen${suffix}`,
      zone: ZONE,
    });
    const barberName = `Bert Barber${suffix}`;
    const barber = await signUp({
      role: 'provider',
      firstName: 'Bert',
      lastName: `Barber${suffix}`,
      zone: ZONE,
    });
    const client = await signUp({
      role: 'client',
      firstName: 'Cleo',
      lastName: `Client${suffix}`,
      zone: ZONE,
    });

    // The owner creates the business on the Settings page.
    const ownerTab = await openSignedIn(browser, owner, { timezoneId: ZONE });
    opened.push(ownerTab);
    const settings = ownerTab.page;
    await settings.goto('/dashboard/profile');
    const card = settings.getByRole('region', { name: 'Business', exact: true });
    await card.getByLabel('Business name').fill(businessName);
    await card.getByRole('button', { name: 'Create business' }).click();
    await card.getByText(businessName).waitFor();
    await card
      .getByRole('listitem', { name: `Olga Olsen${suffix}` })
      .getByText('Owner', { exact: true })
      .waitFor();

    // ... and invites the barber by email.
    await card.getByLabel('Email address').fill(barber.email);
    await card.getByRole('button', { name: 'Send invitation' }).click();
    await card.getByRole('list', { name: 'Pending invitations' }).getByText(barber.email).waitFor();
    const link = new URL(await waitForInvitationLink(barber.email));
    expect(link.pathname).toBe('/business/join');

    // The barber opens the mailed link signed out, signs in, comes back and joins.
    const barberTab = await openSignedIn(browser, null, { timezoneId: ZONE });
    opened.push(barberTab);
    const join = barberTab.page;
    await join.goto(`${link.pathname}${link.search}`);
    await signInHere(join, barber);
    await join.waitForURL(`**${link.pathname}${link.search}`);
    await join.getByRole('button', { name: 'Join the business' }).click();
    await join.getByText('You joined the business').waitFor();
    await join.getByText(`You are a member of ${businessName}`).waitFor();

    // A service of the business, and a free time of the barber's naming it (tomorrow, 10:00).
    const { service } = await send(
      'POST',
      '/services',
      { name: 'Haircut', duration_minutes: 30, price_cents: 2500, currency: 'USD' },
      owner.token,
    );
    const serviceId = (service as { id: string }).id;
    const day = addDays(todayIn(ZONE), 1);
    await send(
      'POST',
      '/timeslots/create',
      { day, startTime: '10:00:00', endTime: '10:30:00', serviceId },
      barber.token,
    );

    // The owner sees the barber on the staff list.
    await settings.reload();
    await card.getByRole('listitem', { name: barberName }).waitFor();
    await expect(
      card.getByRole('listitem', { name: barberName }).getByText('Owner', { exact: true }).count(),
    ).resolves.toBe(0);

    // The owner's week calendar, then the barber's: their free time shows up there only.
    await settings.goto('/dashboard/timeslots?view=week');
    await settings.getByRole('heading', { level: 1, name: 'Time Slots' }).waitFor();
    await settings.getByLabel('Go to date').fill(day);
    const barberSlot = settings.getByRole('button', { name: /^Available, Haircut, .*10:00/ });
    const staff = settings.getByLabel('Staff', { exact: true });
    await staff.waitFor();
    await expect(barberSlot.count()).resolves.toBe(0);
    await staff.selectOption({ label: barberName });
    await settings.waitForURL(/[?&]staff=/);
    await settings.getByLabel('Go to date').fill(day);
    await barberSlot.waitFor();

    // The barber watches their dashboard; the bell starts at nothing unread.
    await join.goto('/dashboard');
    const bell = join.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ });
    await bell.waitFor();
    await expect(bell.getAttribute('aria-label')).resolves.toBe('Notifications (0 unread)');

    // A signed-out client opens the business page, picks the service, the day, any staff, a time.
    const clientTab = await openSignedIn(browser, null, { timezoneId: ZONE });
    opened.push(clientTab);
    const page = clientTab.page;
    const { business } = await api('/business', { token: owner.token });
    const businessId = (business as { id: string }).id;
    await page.goto(`/businesses/${businessId}`);
    await page.getByRole('heading', { level: 1, name: businessName }).waitFor();
    await page.getByRole('article', { name: barberName }).waitFor();
    await page.getByRole('button', { name: 'Choose Haircut' }).click();
    const days = page.getByRole('group', { name: 'Day' });
    await expect.poll(() => days.getByRole('button').count()).toBe(14);
    await days.getByRole('button').nth(1).click();
    await expect(page.getByLabel('Staff', { exact: true }).inputValue()).resolves.toBe('');
    await page.getByRole('button', { name: /10:00, Haircut$/ }).click();
    const chosen = page.getByRole('region', { name: /Your chosen time/ });
    await chosen.getByRole('link', { name: 'Sign in to book' }).click();
    await signInHere(page, client);
    await page.waitForURL(`**/businesses/${businessId}?**`);

    // Back with the same choices: books, and the confirmation names the barber.
    await chosen.getByRole('button', { name: 'Book this time' }).click();
    await page.getByText(new RegExp(`Booked: .*10:00, Haircut with ${barberName}\\.`)).waitFor();

    // The barber's bell counts the booking without a reload.
    await join.getByRole('button', { name: 'Notifications (1 unread)' }).waitFor();
  });
});
