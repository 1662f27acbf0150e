import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  api,
  closeChecked,
  createService,
  createSlot,
  PASSWORD,
  signUpListedProvider,
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
 * The booking widget on another site (docs/product.md §21.3): a page on another origin pastes
 * the snippet; inside the frame a visitor signs up, verifies, signs in and books, and the frame
 * takes its content's height. The popup mode opens a dialog that Escape closes. /embed.js stays
 * far under 15 KB gzipped.
 */

const ZONE = 'America/New_York';
const EMBED_JS = fileURLToPath(new URL('../apps/web/dist/embed.js', import.meta.url));

describeBrowser('the booking widget on another site', () => {
  let browser: Browser;
  let host: Server;
  let hostOrigin: string;
  let providerId: string;
  let providerName: string;
  const pages = new Map<string, string>();
  const opened: OpenedPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const suffix = randomUUID().slice(0, 6).replace(/\d/g, 'x');
    const { places } = await api('/places?q=Philadelphia&limit=1');
    const provider = await signUpListedProvider({
      firstName: 'Wanda',
      lastName: `Widget${suffix}`,
      zone: ZONE,
      specialty: 'Barber',
      bio: 'Cuts on any site.',
      category: 'barber',
      placeId: (places as { id: string }[])[0]!.id,
    });
    providerId = provider.providerId;
    providerName = `Wanda Widget${suffix}`;
    await createService(provider, {
      name: 'Haircut',
      duration_minutes: 30,
      price_cents: 3000,
      currency: 'USD',
    });
    const tomorrow = addDays(todayIn(ZONE), 1);
    for (const [start, end] of [
      ['10:00', '10:30'],
      ['14:00', '14:30'],
    ] as const) {
      await createSlot(provider, tomorrow, start, end);
    }

    // Another site: another port and another host name (127.0.0.1 serves the app): another site.
    const app = testServer().baseURL;
    for (const mode of ['inline', 'popup']) {
      pages.set(
        `/${mode}.html`,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Wanda's barbershop</title></head>` +
          `<body><h1>Wanda's barbershop</h1><p>Book a cut below.</p>` +
          `<script src="${app}/embed.js" data-provider="${providerId}" data-mode="${mode}"></script>` +
          `<p id="after">Opening hours: every day.</p></body></html>`,
      );
    }
    host = createServer((request, response) => {
      const page = pages.get(request.url ?? '/');
      response.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(page ?? 'not found');
    });
    await new Promise<void>((resolve) => host.listen(0, 'localhost', resolve));
    hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => host?.close(resolve));
  });

  afterEach(async (context) => {
    const failed = context.task.result?.state === 'fail';
    for (const [index, page] of opened.splice(0).entries()) {
      await closeChecked(page, `embed-${context.task.name}-${index}`, failed);
    }
  });

  async function frameHeight(page: Page): Promise<number> {
    return page.locator('iframe').evaluate((frame) => frame.getBoundingClientRect().height);
  }

  it('/embed.js is far under 15 KB gzipped', () => {
    const size = gzipSync(readFileSync(EMBED_JS), { level: 9 }).length;
    console.log(`embed.js: ${readFileSync(EMBED_JS).length} bytes, ${size} bytes gzipped`);
    expect(size).toBeLessThanOrEqual(15_000);
  });

  it('a visitor signs up, signs in and books inside the frame; the frame fits its content', async () => {
    const tab = await newPage(browser, { timezoneId: ZONE });
    opened.push(tab);
    const { page } = tab;
    await page.goto(`${hostOrigin}/inline.html`);
    const frameElement = page.locator('iframe[title="Book an appointment"]');
    expect(await frameElement.getAttribute('loading')).toBe('lazy');
    const frame = page.frameLocator('iframe[title="Book an appointment"]');
    await frame.getByRole('heading', { level: 1, name: providerName }).waitFor();
    const times = frame.getByRole('region', { name: 'Available Time Slots' });
    await times.getByRole('button', { name: /^14:00 .*Book Now$/ }).waitFor();

    // The frame takes the height the page in it reports (not the first guess of 640 px).
    const contentHeight = () =>
      frame.locator('#main').evaluate((main) => main.parentElement!.getBoundingClientRect().height);
    await expect
      .poll(async () => Math.abs((await frameHeight(page)) - (await contentHeight())))
      .toBeLessThanOrEqual(1);
    const firstHeight = await frameHeight(page);
    console.log(`widget frame: ${firstHeight} px high`);
    expect(firstHeight).not.toBe(640);
    // Everything the frame shows is in view on the host page: no scroll bar inside.
    expect(
      await frame.locator('html').evaluate((html) => html.scrollHeight - html.clientHeight),
    ).toBeLessThanOrEqual(1);

    await times.getByRole('button', { name: /^14:00 .*Book Now$/ }).click();
    const summary = frame.getByRole('region', { name: 'Your booking' });
    await summary.getByRole('link', { name: 'Create an account' }).click();
    await frame.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
    const email = `widget-${randomUUID().slice(0, 8)}@example.test`;
    await frame.getByLabel('Full name').fill('Walt Widget');
    await frame.getByLabel('Email', { exact: true }).fill(email);
    await frame.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await frame.getByLabel('Confirm password').fill(PASSWORD);
    await frame.getByRole('checkbox', { name: 'I agree to the Terms and Privacy Policy' }).check();
    await frame.getByRole('button', { name: 'Create Account' }).click();
    await frame.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();

    // The mailed link is opened elsewhere (a mail client's tab); back here, sign in and go on.
    const link = new URL(await waitForVerificationLink(testServer().dataDir, email));
    await api('/auth/verify-email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: link.searchParams.get('token') }),
    });
    await expect.poll(() => frame.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await frame.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await frame.getByRole('button', { name: 'Sign In' }).click();

    await frame.getByText(/^Booked: .*14:00/).waitFor();
    await screenshot(page, 'embed-booked');
    // The host page never left, and the frame stayed on the widget.
    expect(page.url()).toBe(`${hostOrigin}/inline.html`);
    expect(page.frames()[1]?.url()).toMatch(new RegExp(`/embed/providers/${providerId}`));
    await expect
      .poll(async () => Math.abs((await frameHeight(page)) - (await contentHeight())))
      .toBeLessThanOrEqual(1);

    const login = await api('/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const { appointments } = await api('/appointment/view', { token: login.token as string });
    expect(appointments as unknown[]).toHaveLength(1);
  }, 180_000);

  it('the popup mode opens the widget in a dialog that Escape closes', async () => {
    const tab = await newPage(browser, { timezoneId: ZONE });
    opened.push(tab);
    const { page } = tab;
    await page.goto(`${hostOrigin}/popup.html`);
    expect(await page.locator('iframe').count()).toBe(0);
    const open = page.getByRole('button', { name: 'Book online' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Book online' });
    await dialog.waitFor();
    const frame = page.frameLocator('dialog iframe');
    await frame.getByRole('heading', { level: 1, name: providerName }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => open.evaluate((button) => button === document.activeElement))
      .toBe(true);
    await open.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }, 120_000);
});
