import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { MESSAGES } from '@slotwise/shared/texts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './harness/a11y';
import {
  api,
  closeChecked,
  openSignedIn,
  PASSWORD,
  send,
  signUp,
  type Session,
  signUpListedProvider,
  createService,
} from './harness/accounts';
import {
  describeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  type OpenedPage,
} from './harness/browser';
import { waitForVerificationLink } from './harness/mail';
import { testServer } from './harness/test-server';

/**
 * The booking page (docs/product.md §14.1) at 1280 and 390 px: a client picks a service, a day
 * from the strip and an evening time and books it; a signed-out visitor's 'Book Now' registers,
 * verifies and comes back to that time; both routes stay within three phone screens for a
 * provider with two weeks of times (8 a day × 14 days); axe clean; screenshots.
 */

const ZONE = 'America/New_York';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const WIDTHS = [DESKTOP, PHONE] as const;

interface Barber {
  session: Session;
  providerId: string;
  name: string;
}

/** The day strip's label of `day` as formatDayName writes it ('Sat, Nov 28'). */
function dayChip(day: string, today: string): string {
  if (day === today) return 'Today';
  if (day === addDays(today, 1)) return 'Tomorrow';
  const date = new Date(`${day}T12:00:00Z`);
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(date);
}

/** A barber in Philadelphia with two services, a one-day cancel cut-off and 14 days × 8 slots. */
async function createBarber(): Promise<Barber> {
  const suffix = randomUUID().slice(0, 6).replace(/\d/g, 'x');
  const { places } = await api('/places?q=Philadelphia&limit=1');
  const place = (places as { id: string }[])[0]!;
  const session = await signUpListedProvider({
    firstName: 'Bruno',
    lastName: `Shears${suffix}`,
    zone: ZONE,
    specialty: 'Barber',
    bio: 'Classic cuts and beard trims.',
    category: 'barber',
    placeId: place.id,
    address: '1500 Market St',
  });
  const serviceIds: Record<string, string> = {};
  for (const [name, minutes, cents] of [
    ['Haircut', 30, 3000],
    ['Color', 60, 6000],
  ] as const) {
    serviceIds[name] = await createService(session, {
      name,
      duration_minutes: minutes,
      price_cents: cents,
      currency: 'USD',
    });
  }
  await api('/provider/policy', {
    method: 'PUT',
    token: session.token,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      minNoticeMinutes: 0,
      maxAdvanceDays: 90,
      bufferMinutes: 0,
      maxPerDay: null,
      cancelCutoffMinutes: 24 * 60,
    }),
  });
  const times = [
    ['09:00', '09:30', 'Haircut'],
    ['10:00', '11:00', 'Color'],
    ['11:00', '11:30', 'Haircut'],
    ['13:00', '13:30', 'Haircut'],
    ['15:00', '16:00', 'Color'],
    ['17:30', '18:00', 'Haircut'],
    ['18:30', '19:30', 'Color'],
    ['19:30', '20:00', 'Haircut'],
  ] as const;
  const today = todayIn(ZONE);
  for (let offset = 1; offset <= 14; offset += 1) {
    for (const [start, end, service] of times) {
      await send(
        'POST',
        '/timeslots/create',
        {
          day: addDays(today, offset),
          startTime: `${start}:00`,
          endTime: `${end}:00`,
          serviceId: serviceIds[service],
        },
        session.token,
      );
    }
  }
  return {
    session,
    providerId: session.providerId,
    name: `Bruno Shears${suffix}`,
  };
}

describeBrowser('the booking page', () => {
  let browser: Browser;
  let barber: Barber;
  const opened: OpenedPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    barber = await createBarber();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async (context) => {
    const failed = context.task.result?.state === 'fail';
    for (const [index, page] of opened.splice(0).entries()) {
      await closeChecked(page, `booking-page-${context.task.name}-${index}`, failed);
    }
  });

  async function timesShown(page: Page) {
    await page
      .getByRole('region', { name: 'Available Time Slots' })
      .getByRole('button', { name: /Book Now$/ })
      .first()
      .waitFor();
  }

  it('both routes stay within three phone screens, axe clean at 1280 and 390 px', async () => {
    const client = await signUp({
      role: 'client',
      firstName: 'Hana',
      lastName: 'Height',
      zone: ZONE,
    });
    const routes = [
      ['public', `/providers/${barber.providerId}`, null],
      ['client', `/client/provider/${barber.providerId}`, client],
    ] as const;
    for (const [label, path, session] of routes) {
      for (const viewport of WIDTHS) {
        const tab = await openSignedIn(browser, session, { timezoneId: ZONE, viewport });
        opened.push(tab);
        const { page } = tab;
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: barber.name }).waitFor();
        await timesShown(page);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        console.log(`booking page ${label} at ${viewport.width}×${viewport.height}: ${height} px`);
        if (viewport === PHONE) expect(height).toBeLessThanOrEqual(3 * PHONE.height);
        expect(await page.title()).toBe(`${barber.name} · Barber · Slotwise`);
        const map = page.getByRole('link', { name: /Show on map/ });
        expect(await map.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\//);
        expect(await map.getAttribute('target')).toBe('_blank');
        expect(await map.getAttribute('rel')).toContain('noopener');
        // No day of the strip is cut off: every chip lies inside the viewport.
        const chips = page.getByRole('group', { name: 'Day' }).getByRole('button');
        for (const box of await chips.evaluateAll((all) =>
          all.map((chip) => chip.getBoundingClientRect().toJSON() as DOMRect),
        )) {
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.right).toBeLessThanOrEqual(viewport.width);
        }
        await expectAccessible(page, `the booking page (${label}, ${viewport.width} px)`);
        await screenshot(page, `booking-page-${label}-${viewport.width}`);

        // A chosen time: the summary (the phone's bottom bar) is accessible too.
        await page.getByRole('button', { name: /^17:30 .*Book Now$/ }).click();
        const summary = page.getByRole('region', { name: 'Your booking' });
        await summary.getByText('Free cancellation until 1 day before').waitFor();
        const chosenHeight = await page.evaluate(() => document.documentElement.scrollHeight);
        console.log(
          `booking page ${label} at ${viewport.width}×${viewport.height}, a time chosen: ${chosenHeight} px`,
        );
        if (viewport === PHONE) expect(chosenHeight).toBeLessThanOrEqual(3 * PHONE.height);
        await expectAccessible(
          page,
          `the booking page with a time (${label}, ${viewport.width} px)`,
        );
        await screenshot(page, `booking-page-${label}-${viewport.width}-chosen`);
      }
    }
  }, 120_000);

  it('a client picks a service, a day and an evening time and books it (4 actions)', async () => {
    const client = await signUp({
      role: 'client',
      firstName: 'Cleo',
      lastName: 'Booker',
      zone: ZONE,
    });
    const today = todayIn(ZONE);
    for (const [index, viewport] of WIDTHS.entries()) {
      const tab = await openSignedIn(browser, client, { timezoneId: ZONE, viewport });
      opened.push(tab);
      const { page } = tab;
      await page.goto(`/client/provider/${barber.providerId}`);
      await timesShown(page);
      const section = page.getByRole('region', { name: 'Available Time Slots' });
      let actions = 0;
      await section.getByRole('radio', { name: /^Haircut/ }).check();
      actions += 1;
      const day = addDays(today, 2 + index);
      await section.getByRole('button', { name: dayChip(day, today), exact: true }).click();
      actions += 1;
      const evening = section.getByRole('region', { name: 'Evening' });
      // Haircut's evening times only (and none of Color's).
      await expect
        .poll(() => evening.getByRole('button').allTextContents())
        .toEqual(['17:30 Book Now', '19:30 Book Now']);
      await evening.getByRole('button', { name: '17:30 Book Now' }).click();
      actions += 1;
      const summary = page.getByRole('region', { name: 'Your booking' });
      await summary.getByText('$30.00').waitFor();
      await summary.getByRole('button', { name: 'Book Now', exact: true }).click();
      actions += 1;
      await page
        .getByRole('status')
        .filter({ hasText: MESSAGES.appointmentBooked })
        .first()
        .waitFor();
      await section
        .getByRole('status')
        .filter({ hasText: /^Booked: / })
        .waitFor();
      console.log(`booked at ${viewport.width} px in ${actions} actions`);
      expect(actions).toBe(4);
      await expect
        .poll(() => evening.getByRole('button').allTextContents())
        .toEqual(['19:30 Book Now']);
    }
    const { appointments } = await api('/appointment/view', { token: client.token });
    expect(appointments as unknown[]).toHaveLength(2);
  }, 120_000);

  it("signed out, 'Book Now' → register → verify and sign in → back at that time, booked", async () => {
    const today = todayIn(ZONE);
    for (const [index, viewport] of WIDTHS.entries()) {
      const tab = await newPage(browser, { timezoneId: ZONE, viewport });
      opened.push(tab);
      const { page } = tab;
      await page.goto(`/providers/${barber.providerId}`);
      await timesShown(page);
      const day = addDays(today, 5 + index);
      // A phone's strip shows 4 days: the next ones are a 'Later days' away.
      if (viewport === PHONE) await page.getByRole('button', { name: 'Later days' }).click();
      await page.getByRole('button', { name: dayChip(day, today), exact: true }).click();
      await page.getByRole('button', { name: /^19:30 .*Book Now$/ }).click();
      await page.waitForURL(/\?slot=/);
      const slotUrl = page.url();
      const summary = page.getByRole('region', { name: 'Your booking' });
      // Once on a loaded CI machine the click was lost: 30 s later the page was still there, the
      // link in place (its screenshot). Cause not found; the journey clicks again rather than
      // fail, at most three times.
      const createAccount = summary.getByRole('link', { name: 'Create an account' });
      for (let attempt = 1; !/\/register\?next=/.test(page.url()); attempt++) {
        await createAccount.click();
        await page.waitForURL(/\/register\?next=/, { timeout: 10_000 }).catch((error: unknown) => {
          if (attempt >= 3) throw error;
        });
      }
      const email = `visitor-${randomUUID().slice(0, 8)}@example.test`;
      await page.getByLabel('Full name').fill('Vera Visitor');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByRole('checkbox', { name: 'I agree to the Terms and Privacy Policy' }).check();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL(/\/email-verification\?next=/);
      // The mailed link signs in where it verifies; back at the time, the booking is made.
      await page.goto(await waitForVerificationLink(testServer().dataDir, email));
      await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(slotUrl);
      await page.getByText(/^Booked: .*19:30/).waitFor();
      await screenshot(page, `booking-page-booked-${viewport.width}`);
    }
  }, 180_000);
});
