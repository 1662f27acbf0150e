import type { Browser, Page } from 'playwright-core';
import { addDays, clockIn } from '@slotwise/shared/dates';
import arabic from '@slotwise/shared/locales/ar';
import german from '@slotwise/shared/locales/de';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  api,
  book,
  closeChecked,
  createService,
  openSignedIn,
  send,
  signUp,
  signUpListedProvider,
} from './harness/accounts';
import { describeBrowser, launchBrowser, newPage, type OpenedPage } from './harness/browser';

/**
 * Five languages (docs/product.md §21.1, docs/decisions/074-languages.md): a browser in Arabic
 * gets a right-to-left page that never scrolls sideways on a phone; a German one reads days as
 * 'Do., 26.11.2026' and prices as '25,00 €'; the switch changes the screens and is remembered.
 */

const ZONE = 'Europe/Berlin';
const WAIT = { timeout: 15_000 };
/** Intl writes a space that does not break between the amount and the sign. */
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describeBrowser('languages', () => {
  let browser: Browser;
  const opened: OpenedPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async (context) => {
    const failed = context.task.result?.state === 'fail';
    for (const [index, page] of opened.splice(0).entries()) {
      await closeChecked(page, `languages-${context.task.name}-${index}`, failed);
    }
  });

  async function noSidewaysScroll(page: Page): Promise<void> {
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      view: window.innerWidth,
    }));
    expect(widths.scroll, `page ${page.url()} is ${widths.scroll} px wide`).toBeLessThanOrEqual(
      widths.view,
    );
  }

  async function listedProvider() {
    const { places } = await api('/places?q=Philadelphia&limit=1');
    const place = (places as { id: string }[])[0]!;
    const provider = await signUpListedProvider({
      firstName: 'Lena',
      lastName: 'Sprachen',
      zone: ZONE,
      specialty: 'Massage',
      bio: 'Massage in der Stadt.',
      category: 'tutor',
      placeId: place.id,
      address: '1500 Market St',
    });
    const serviceId = await createService(provider, {
      name: 'Massage',
      duration_minutes: 60,
      price_cents: 2500,
      currency: 'EUR',
    });
    const day = addDays(clockIn(ZONE).today, 3);
    const { slot } = await send(
      'POST',
      '/timeslots/create',
      { day, startTime: '10:00:00', endTime: '11:00:00', serviceId },
      provider.token,
    );
    return { provider, day, slotId: (slot as { id: string }).id };
  }

  it('in Arabic: right to left, in Arabic, and no sideways scroll at 390 px', async () => {
    const tab = await newPage(browser, {
      locale: 'ar',
      viewport: { width: 390, height: 844 },
      timezoneId: ZONE,
    });
    opened.push(tab);
    const { page } = tab;
    const { provider } = await listedProvider();
    for (const path of ['/', '/login', '/register', `/providers/${provider.providerId}`]) {
      await page.goto(path);
      await expect
        .poll(
          () => page.evaluate(() => [document.documentElement.dir, document.documentElement.lang]),
          WAIT,
        )
        .toEqual(['rtl', 'ar']);
      await page.waitForLoadState('networkidle');
      await noSidewaysScroll(page);
    }
    // The landing page's header, in Arabic, on a phone: the menu and its links.
    await page.goto('/');
    expect(arabic['Menu']).toBeDefined();
    expect(arabic['Login']).toBeDefined();
    await page.getByRole('button', { name: arabic['Menu'] }).click();
    await page.getByRole('link', { name: arabic['Login'] }).first().waitFor(WAIT);
    await noSidewaysScroll(page);
  });

  it('in German: days as 26.11.2026 and prices as 25,00 €; the switch is remembered', async () => {
    const { day, slotId } = await listedProvider();
    const client = await signUp({
      role: 'client',
      firstName: 'Jonas',
      lastName: 'Kunde',
      zone: ZONE,
    });
    await book(client, slotId);

    const tab = await openSignedIn(browser, client, { locale: 'de-DE', timezoneId: ZONE });
    opened.push(tab);
    const { page } = tab;
    await page.goto('/client/appointments');
    const [year, month, date] = day.split('-');
    const germanDay = `${date}.${month}.${year}`;
    await page.getByText(germanDay, { exact: false }).first().waitFor(WAIT);
    const body = spaces(await page.locator('main').innerText());
    expect(body).toContain('25,00 €');
    expect(body).toMatch(/\b\d{2}\.\d{2}\.\d{4}\b/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');

    // The switch in Settings: English at once, remembered after a reload, saved to the account.
    await page.goto('/client/account');
    expect(german['Language']).toBeDefined();
    await page.getByRole('combobox', { name: german['Language'] }).selectOption('en');
    await page.getByRole('combobox', { name: 'Language' }).waitFor(WAIT);
    await expect
      .poll(async () => {
        const { profile } = await api('/profile', { token: client.token });
        return (profile as { locale: string | null }).locale;
      }, WAIT)
      .toBe('en');
    await page.goto('/client/appointments');
    await page.getByText('€25.00').first().waitFor(WAIT);
    await page.reload();
    await page.getByText('€25.00').first().waitFor(WAIT);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });
});
