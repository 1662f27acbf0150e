import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { DISCOVERY_MESSAGES } from '@slotwise/shared/discovery-schemas';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './harness/a11y';
import {
  api,
  closeChecked,
  PASSWORD,
  send,
  type Session,
  signUpListedProvider,
  createService,
} from './harness/accounts';
import { describeBrowser, launchBrowser, newPage, type OpenedPage } from './harness/browser';
import { hasFocus, tabTo } from './harness/keyboard';
import { waitForVerificationLink } from './harness/mail';
import { testServer } from './harness/test-server';

/**
 * Public discovery (docs/product.md §11.2): a signed-out visitor finds a plumber from
 * the landing page, picks a free time, registers, verifies the address and is back on that
 * time to book it; "near me" granted and refused; the filters by keyboard alone; axe clean;
 * a 360 px phone. The plumber is made through the API as the product makes one (category,
 * city, a priced service, slots for that service): e2e runs with DEMO_DATA=off.
 */

const ZONE = 'America/New_York';
const DAY = addDays(todayIn(ZONE), 2);

interface Place {
  id: string;
  name: string;
  lat: number;
  lng: number;
}

interface Plumber {
  session: Session;
  providerId: string;
  name: string;
  slotIds: string[];
}

/** Register, onboard as a plumber in `place`, verify, log in, add a service and two slots. */
async function createPlumber(place: Place): Promise<Plumber> {
  const lastName = `Pipes${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;
  const session = await signUpListedProvider({
    firstName: 'Pia',
    lastName,
    zone: ZONE,
    specialty: 'Emergency plumbing',
    bio: 'Leaks and pipes, fixed the same day.',
    category: 'plumber',
    placeId: place.id,
  });
  const serviceId = await createService(session, {
    name: 'Leak repair',
    duration_minutes: 60,
    price_cents: 4500,
    currency: 'EUR',
  });
  const slotIds: string[] = [];
  for (const [start, end] of [
    ['10:00:00', '11:00:00'],
    ['14:00:00', '15:00:00'],
  ]) {
    const { slot } = await send(
      'POST',
      '/timeslots/create',
      { day: DAY, startTime: start, endTime: end, serviceId },
      session.token,
    );
    slotIds.push((slot as { id: string }).id);
  }
  return {
    session,
    providerId: session.providerId,
    name: `Pia ${lastName}`,
    slotIds,
  };
}

/** The day button of the booking page's strip, as formatDayName writes it ('Sat, Nov 28'). */
function dayLabel(day: string): string {
  const today = todayIn(ZONE);
  if (day === addDays(today, 1)) return 'Tomorrow';
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(day.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

async function resultsSettled(page: Page) {
  await page
    .getByRole('status')
    .filter({ hasText: /providers? found|No providers/ })
    .waitFor();
}

describeBrowser('public discovery: find, choose a time, sign up, book', () => {
  let browser: Browser;
  let place: Place;
  let plumber: Plumber;
  const opened: OpenedPage[] = [];

  async function open(options: BrowserContextOptions = {}): Promise<Page> {
    const page = await newPage(browser, { timezoneId: ZONE, ...options });
    opened.push(page);
    return page.page;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const { places } = await api('/places?q=Philadelphia&limit=1');
    place = (places as Place[])[0]!;
    plumber = await createPlumber(place);
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async (context) => {
    const failed = context.task.result?.state === 'fail';
    for (const [index, page] of opened.splice(0).entries()) {
      await closeChecked(page, `discovery-${context.task.name}-${index}`, failed);
    }
  });

  it('a signed-out visitor goes landing → Plumber → a result → a slot → registers → verifies → books it', async () => {
    const page = await open();
    const slotId = plumber.slotIds[1]!;
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Popular Categories' })
      .getByRole('link', { name: /^Plumber/ })
      .click();
    await page.waitForURL('**/providers?category=plumber');
    await resultsSettled(page);
    expect(await page.title()).toBe('Plumbers · Slotwise');
    const card = page.getByRole('article', { name: plumber.name });
    await expect.poll(() => card.textContent()).toContain('from €45.00');
    expect(await card.textContent()).toContain(place.name);
    await expectAccessible(page, 'the plumber results');

    await card.getByRole('link', { name: plumber.name }).click();
    await page.waitForURL(`**/providers/${plumber.providerId}`);
    await page.getByRole('heading', { level: 1, name: plumber.name }).waitFor();
    expect(await page.title()).toBe(`${plumber.name} · Plumber · Slotwise`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(
      `${plumber.name}, Plumber in ${place.name}`,
    );
    await expect
      .poll(() => page.getByRole('group', { name: 'Service' }).textContent())
      .toContain('Leak repair');
    await page.getByRole('button', { name: dayLabel(DAY), exact: true }).click();
    await page.getByRole('button', { name: '14:00 Book Now' }).click();
    await page.waitForURL(`**/providers/${plumber.providerId}?slot=${slotId}`);
    const chosen = page.getByRole('region', { name: 'Your booking' });
    await chosen.waitFor();
    await expectAccessible(page, 'the public provider page with a chosen time');

    await chosen.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/register\?next=/);
    const email = `visitor-${randomUUID().slice(0, 8)}@example.test`;
    await page.getByLabel('Full name').fill('Vera Visitor');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox', { name: 'I agree to the Terms and Privacy Policy' }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/email-verification\?next=/);

    // The mailed link, opened in the same browser.
    await page.goto(await waitForVerificationLink(testServer().dataDir, email));
    await page.getByText('Your email has been verified. You can now sign in.').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await page.waitForURL(`**/providers/${plumber.providerId}?slot=${slotId}`);
    const back = page.getByRole('region', { name: 'Your booking' });
    await back.waitFor();
    // 'Create an account' was pressed on this time: it is booked on the way back.
    await page.getByText(/^Booked: .*14:00/).waitFor();

    const { availableSlots } = await api(`/search/providers/${plumber.providerId}/available-slots`);
    expect((availableSlots as { id: string }[]).map((slot) => slot.id)).not.toContain(slotId);
    const { appointments } = await api('/appointment/provider/view', {
      token: plumber.session.token,
    });
    expect(
      (appointments as { timeslot_id: string; client_first_name: string }[]).find(
        (appointment) => appointment.timeslot_id === slotId,
      )?.client_first_name,
    ).toBe('Vera');
  });

  it('the landing search: what + where lead to the results in that city', async () => {
    const page = await open();
    await page.goto('/');
    const form = page.getByRole('search', { name: 'Find a provider' });
    await form.getByLabel('What').fill('pia');
    // 'Where' turns into the place picker once reached, keeping the focus.
    await form.getByLabel('Where').click();
    const where = form.getByRole('combobox', { name: 'Where' });
    await expect.poll(() => hasFocus(where)).toBe(true);
    await where.pressSequentially('Philadelph');
    await page
      .getByRole('option', { name: /^Philadelphia/ })
      .first()
      .waitFor();
    await expectAccessible(page, 'the landing search with place suggestions');
    await where.press('ArrowDown');
    await where.press('Enter');
    await form.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(new RegExp(`/providers\\?q=pia&placeId=${place.id}&place=`));
    await resultsSettled(page);
    await page.getByRole('article', { name: plumber.name }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Where' }).inputValue()).toBe(place.name);
  });

  it('"near me" with a granted location lists the plumber with its distance', async () => {
    const page = await open({
      geolocation: { latitude: place.lat, longitude: place.lng },
      permissions: ['geolocation'],
    });
    await page.goto('/providers?category=plumber');
    await resultsSettled(page);
    await page.getByRole('button', { name: 'Near me' }).click();
    await page.waitForURL(/near=/);
    await page.getByText('Showing providers near your location.').waitFor();
    const card = page.getByRole('article', { name: plumber.name });
    await expect.poll(() => card.textContent()).toMatch(/\d km/);
    await page.getByLabel('Sort by').selectOption('distance');
    await page.waitForURL(/sort=distance/);
    await resultsSettled(page);
    await expectAccessible(page, 'results near the visitor');
  });

  it('"near me" refused: says so and moves focus to the place picker', async () => {
    const page = await open({ permissions: [] });
    await page.goto('/providers');
    await resultsSettled(page);
    await page.getByRole('button', { name: 'Near me' }).click();
    await page.getByText(DISCOVERY_MESSAGES.nearMeRefused).waitFor();
    const where = page.getByRole('combobox', { name: 'Where' });
    await expect.poll(() => hasFocus(where)).toBe(true);
    expect(page.url()).not.toContain('near=');

    // The place picker by keyboard: type, arrow down, Enter.
    await where.pressSequentially('Philadelph');
    await page
      .getByRole('option', { name: /^Philadelphia/ })
      .first()
      .waitFor();
    await where.press('ArrowDown');
    await where.press('Enter');
    await page.waitForURL(new RegExp(`placeId=${place.id}`));
    await resultsSettled(page);
    await expectAccessible(page, 'near me refused');
  });

  it('works through the filters by keyboard alone', async () => {
    const page = await open();
    await page.goto('/providers');
    await resultsSettled(page);

    const what = page.getByLabel('What');
    await tabTo(page, what);
    await page.keyboard.type('pia');
    await page.keyboard.press('Enter');
    await page.waitForURL(/q=pia/);

    await tabTo(page, page.getByRole('button', { name: 'Plumber', exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/category=plumber/);
    // The URL changes before React commits the navigation (a transition): poll the chip.
    await expect
      .poll(() =>
        page.getByRole('button', { name: 'Plumber', exact: true }).getAttribute('aria-pressed'),
      )
      .toBe('true');

    await tabTo(page, page.getByLabel('Max price'));
    await page.keyboard.type('100');
    await page.keyboard.press('Enter');
    await page.waitForURL(/priceMax=10000/);
    await resultsSettled(page);

    const next = page
      .getByRole('article', { name: plumber.name })
      // The next free time on the provider's clock ('Sat, Nov 28, 10:00', docs/product.md §14.2).
      .getByRole('link', { name: /\d\d:\d\d$/ });
    await tabTo(page, next, { max: 80 });
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/providers/${plumber.providerId}\\?slot=`));
    await page.getByRole('region', { name: 'Your booking' }).waitFor();

    // Back to the results, with the filters as they were.
    await page.goBack();
    await page.waitForURL(/priceMax=10000/);
    await expect.poll(() => page.getByLabel('What').inputValue()).toBe('pia');
  });

  it('fits a 360 px phone, axe clean', async () => {
    const page = await open({ viewport: { width: 360, height: 740 } });
    for (const path of [
      '/providers?category=plumber',
      `/providers/${plumber.providerId}?slot=${plumber.slotIds[0]}`,
    ]) {
      await page.goto(path);
      if (path.includes('slot=')) {
        await page.getByRole('region', { name: 'Your booking' }).waitFor();
      } else {
        await resultsSettled(page);
      }
      expect(await sidewaysOverflow(page), `${path} scrolls sideways`).toBe(0);
      await expectAccessible(page, `${path} at 360 px`);
    }
  });
});
