import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { addDays, clockIn } from '@slotwise/shared/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './harness/a11y';
import {
  book,
  closeChecked,
  createSlot,
  openSignedIn,
  signUp,
  zoneWithRoomToday,
  type Session,
} from './harness/accounts';
import { describeBrowser, launchBrowser, type OpenedPage } from './harness/browser';

/**
 * The main screens at a phone size (360 × 740) and a desktop size (1280 × 800): no sideways
 * scrolling, the provider sidebar a drawer on the phone, axe clean on the phone too (the
 * desktop size is covered by a11y.test.ts), and a full-page screenshot of each in
 * e2e/artifacts/screenshots/ (gitignored) to look at.
 */

const ZONE = zoneWithRoomToday();
const SCREENSHOTS = fileURLToPath(new URL('./artifacts/screenshots/', import.meta.url));
const hh = (hour: number) => String(hour).padStart(2, '0');

const SIZES = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
type Size = (typeof SIZES)[number];

/** How far the page scrolls sideways (0 when it fits). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** The elements that stick out past the right edge of the viewport, for the failure message. */
function widestElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 8)
      .map((element) => {
        const id = element.id ? `#${element.id}` : '';
        const classes = (element.getAttribute('class') ?? '').split(/\s+/).slice(0, 4).join('.');
        return `${element.tagName.toLowerCase()}${id}${classes ? `.${classes}` : ''} (right ${Math.round(element.getBoundingClientRect().right)})`;
      });
  });
}

async function saveScreenshot(page: Page, name: string, size: Size) {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size.width}.png`), fullPage: true });
}

/** Opens `path` at `size`, waits for `ready`, then checks and photographs it. */
async function checkScreen(
  page: Page,
  size: Size,
  name: string,
  path: string,
  ready: (page: Page) => Promise<unknown>,
) {
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.goto(path);
  await ready(page);
  // Nothing left loading (a late list would change the width).
  await expect.poll(() => page.getByText(/^Loading .*\.\.\.$/).count()).toBe(0);
  const overflow = await sidewaysOverflow(page);
  expect(
    overflow,
    `${name} at ${size.width} px scrolls sideways by ${overflow} px; too wide: ${(await widestElements(page)).join(', ')}`,
  ).toBeLessThanOrEqual(0);
  await saveScreenshot(page, name, size);
  if (size.name === 'phone') await expectAccessible(page, `${name} at ${size.width} px`);
}

function picture(): Promise<Buffer> {
  return sharp({
    create: { width: 200, height: 200, channels: 3, background: { r: 190, g: 24, b: 93 } },
  })
    .png()
    .toBuffer();
}

describeBrowser('responsive: 360 px phone and 1280 px desktop', () => {
  let browser: Browser;
  let provider: Session;
  let client: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
    // Long names and words: what breaks a narrow layout first.
    [provider, client] = await Promise.all([
      signUp({
        role: 'provider',
        firstName: 'Maximiliana',
        lastName: 'Featherstonehaugh-Worthington',
        zone: ZONE,
        specialty: 'Photographer',
        bio: 'Weddings, portraits and product photography. Supercalifragilisticexpialidocious results, every time.',
        picture: await picture(),
      }),
      signUp({
        role: 'client',
        firstName: 'Bartholomew',
        lastName: 'Oyelaran-Castellanos',
        zone: ZONE,
      }),
    ]);
    await Promise.all(
      ['Sam Short', 'Uma Upton', 'Vic Vale'].map((name, index) =>
        signUp({
          role: 'provider',
          firstName: name.split(' ')[0]!,
          lastName: name.split(' ')[1]!,
          zone: ZONE,
          specialty: ['Barber', 'Tutor', 'Cleaner'][index],
          bio: 'Friendly and on time.',
        }),
      ),
    );
    const clock = clockIn(ZONE);
    const h = Number(clock.time.slice(0, 2)) + 1;
    const tomorrow = addDays(clock.today, 1);
    const today1 = await createSlot(provider, clock.today, `${hh(h)}:00`, `${hh(h)}:30`);
    const tomorrow1 = await createSlot(provider, tomorrow, '09:00', '09:45');
    for (const [start, end] of [
      ['10:00', '10:30'],
      ['11:00', '11:30'],
      ['13:00', '14:00'],
    ] as const) {
      await createSlot(provider, tomorrow, start, end);
    }
    await book(client, today1);
    await book(client, tomorrow1);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('nothing scrolls sideways at 320 px either (WCAG 1.4.10 Reflow)', async () => {
    const options = { timezoneId: ZONE, viewport: { width: 320, height: 640 } };
    const tabs = await Promise.all([
      openSignedIn(browser, null, options),
      openSignedIn(browser, client, options),
      openSignedIn(browser, provider, options),
    ]);
    const [visitor, clientTab, providerTab] = tabs.map((tab) => tab.page) as [Page, Page, Page];
    try {
      const screens: [Page, string, string][] = [
        [visitor, '/', 'Book Trusted Services Near You'],
        [clientTab, '/client', 'Welcome, Bartholomew'],
        [
          clientTab,
          `/client/provider/${String(provider.user.providerId)}`,
          'Maximiliana Featherstonehaugh-Worthington',
        ],
        [clientTab, '/client/appointments', 'Your Appointments'],
        [providerTab, '/dashboard', 'Provider Dashboard'],
        [providerTab, '/dashboard/timeslots', 'Time Slots'],
      ];
      for (const [page, path, heading] of screens) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await expect.poll(() => page.getByText(/^Loading .*\.\.\.$/).count()).toBe(0);
        const overflow = await sidewaysOverflow(page);
        expect(
          overflow,
          `${path} at 320 px scrolls sideways by ${overflow} px; too wide: ${(await widestElements(page)).join(', ')}`,
        ).toBeLessThanOrEqual(0);
      }
    } finally {
      for (const [index, tab] of tabs.entries()) {
        await closeChecked(tab, `responsive-320-${index}`, false);
      }
    }
  });

  describe.each(SIZES)('$name ($width × $height)', (size) => {
    let visitor: OpenedPage;
    let clientTab: OpenedPage;
    let providerTab: OpenedPage;

    beforeAll(async () => {
      const options = { timezoneId: ZONE, viewport: { width: size.width, height: size.height } };
      [visitor, clientTab, providerTab] = await Promise.all([
        openSignedIn(browser, null, options),
        openSignedIn(browser, client, options),
        openSignedIn(browser, provider, options),
      ]);
    });

    afterAll(async () => {
      await closeChecked(visitor, `responsive-visitor-${size.width}`, false);
      await closeChecked(clientTab, `responsive-client-${size.width}`, false);
      await closeChecked(providerTab, `responsive-provider-${size.width}`, false);
    });

    it('landing page', async () => {
      await checkScreen(visitor.page, size, 'landing', '/', (page) =>
        page.getByRole('heading', { level: 1, name: 'Book Trusted Services Near You' }).waitFor(),
      );
      const menuButton = visitor.page.getByRole('button', { name: 'Menu' });
      const mainNav = visitor.page.getByRole('navigation', { name: 'Main' });
      if (size.name === 'phone') {
        // The top navigation folds into the mobile menu.
        expect(await mainNav.isVisible()).toBe(false);
        await menuButton.click();
        await visitor.page.getByRole('navigation', { name: 'Mobile' }).waitFor();
        expect(await sidewaysOverflow(visitor.page)).toBeLessThanOrEqual(0);
        await saveScreenshot(visitor.page, 'landing-menu-open', size);
        await menuButton.click();
      } else {
        expect(await mainNav.isVisible()).toBe(true);
        expect(await menuButton.isVisible()).toBe(false);
      }
    });

    it('client home', async () => {
      await checkScreen(clientTab.page, size, 'client-home', '/client', async (page) => {
        await page.getByRole('region', { name: 'Meet our top specialists' }).waitFor();
        await page
          .getByRole('region', { name: "Today's Appointments" })
          .getByText('Maximiliana Featherstonehaugh-Worthington')
          .waitFor();
      });
    });

    it('provider detail', async () => {
      await checkScreen(
        clientTab.page,
        size,
        'provider-detail',
        `/client/provider/${String(provider.user.providerId)}`,
        (page) => page.getByRole('button', { name: 'Book Now' }).first().waitFor(),
      );
    });

    it('client appointments', async () => {
      await checkScreen(
        clientTab.page,
        size,
        'client-appointments',
        '/client/appointments',
        (page) => page.getByRole('article').first().waitFor(),
      );
    });

    it('provider dashboard, with the sidebar beside it or folded into a drawer', async () => {
      await checkScreen(providerTab.page, size, 'dashboard', '/dashboard', async (page) => {
        await page.getByRole('heading', { name: 'Weekly Summary' }).waitFor();
        // The pie chart is its own chunk: wait for it, so that the screenshot shows it.
        await page.locator('[data-testid="weekly-summary-chart"] svg').first().waitFor();
      });
      const page = providerTab.page;
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      if (size.name === 'phone') {
        // Collapsed: hidden until the header's toggle opens it as a drawer over the page.
        expect(await sidebar.isVisible()).toBe(false);
        const toggle = page.getByRole('button', { name: 'Show navigation' });
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        await toggle.click();
        await sidebar.waitFor();
        const box = await sidebar.boundingBox();
        expect(box!.width).toBeLessThanOrEqual(size.width);
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
        await saveScreenshot(page, 'dashboard-drawer-open', size);
        await page.getByRole('button', { name: 'Close navigation' }).click();
        await sidebar.waitFor({ state: 'hidden' });
      } else {
        // Beside the page, and the main content starts to the right of it.
        await sidebar.waitFor();
        const side = (await sidebar.boundingBox())!;
        const main = (await page.getByRole('main').boundingBox())!;
        expect(main.x).toBeGreaterThanOrEqual(side.x + side.width - 1);
        expect(
          await page.getByRole('button', { name: 'Hide navigation' }).getAttribute('aria-expanded'),
        ).toBe('true');
      }
    });

    it('time slots', async () => {
      await checkScreen(providerTab.page, size, 'timeslots', '/dashboard/timeslots', (page) =>
        page.getByRole('grid').waitFor(),
      );
      const page = providerTab.page;
      await page.getByRole('button', { name: '+ Create Slot' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Time Slot' });
      await dialog.getByText('Several slots').click();
      await dialog.getByLabel('From date').waitFor();
      // The dialog fits the screen (it scrolls inside itself when taller).
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      expect(box.height).toBeLessThanOrEqual(size.height);
      await saveScreenshot(page, 'timeslots-create-modal', size);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });
  });
});
