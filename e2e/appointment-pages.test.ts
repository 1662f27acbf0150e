import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient, createProvider, type TestUser } from '../apps/server/test/helpers/factories';
import { createPastAppointment } from '../apps/server/test/helpers/review-factories';
import { closeChecked, openSignedIn } from './harness/accounts';
import { describeBrowser, launchBrowser } from './harness/browser';
import { sessionOf, startInProcessServer, type InProcessServer } from './harness/in-process-server';

/**
 * Paginated appointment lists (docs/decisions/052-paginated-appointment-lists.md): a client with
 * 45 appointments sees the one to come under Upcoming, 20 past ones under Past, and scrolling to
 * the end of the list loads the rest, each once.
 * Booking refuses the past, so the appointments are written with the server's test factory on
 * an in-process server.
 */

const COUNT = 45;

describeBrowser('appointment lists load more on scroll', () => {
  let browser: Browser;
  let server: InProcessServer;
  let client: TestUser;

  beforeAll(async () => {
    server = await startInProcessServer();
    const provider = await createProvider(server.app, { firstName: 'Rosa', lastName: 'Plumb' });
    client = await createClient(server.app, { firstName: 'Carl', lastName: 'Scroller' });
    // One still to come (first in the list) that the client cancels from the paged list.
    await createPastAppointment(server.app, provider, client, {
      startedMinutesAgo: -3 * 60,
      serviceType: 'Upcoming check',
    });
    for (let i = 0; i < COUNT - 1; i++) {
      await createPastAppointment(server.app, provider, client, {
        startedMinutesAgo: (i + 1) * 26 * 60,
        status: i % 3 === 0 ? 'canceled' : 'booked',
      });
    }
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('Upcoming holds the one to come; Past shows 20, then the rest as it scrolls; a cancel moves it', async (ctx) => {
    const opened = await openSignedIn(browser, sessionOf(client), { baseURL: server.baseURL });
    try {
      const { page } = opened;
      await page.goto('/client/appointments');
      const cards = page.getByRole('list', { name: 'Appointments' }).getByRole('article');
      await cards.first().waitFor({ timeout: 20_000 });
      // Upcoming (docs/product.md §14.4): only the one still to come.
      expect(await cards.count()).toBe(1);

      await page.getByRole('link', { name: 'Past' }).click();
      await page.waitForURL(/\?tab=past$/);
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(19);
      for (let i = 0; i < 20 && (await cards.count()) < COUNT - 1; i++) {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForTimeout(250);
      }
      expect(await cards.count()).toBe(COUNT - 1);
      expect(new Set(await cards.allTextContents()).size).toBe(COUNT - 1);
      await page.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
      expect(await page.getByRole('link', { name: 'Book again' }).count()).toBe(COUNT - 1);

      // A change reloads the loaded pages (same query-key prefix): the canceled one leaves
      // Upcoming and joins Past, every card once.
      await page.getByRole('link', { name: 'Upcoming' }).click();
      const upcoming = cards.first();
      await upcoming.getByRole('button', { name: 'Cancel' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel appointment' });
      await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
      await page.getByText('Appointment cancelled successfully').first().waitFor();
      await page.getByText('No upcoming appointments').waitFor({ timeout: 10_000 });
      await page.getByRole('link', { name: 'Past' }).click();
      for (let i = 0; i < 20 && (await cards.count()) < COUNT; i++) {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForTimeout(250);
      }
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(COUNT);
      expect(new Set(await cards.allTextContents()).size).toBe(COUNT);
    } finally {
      await closeChecked(opened, 'appointment-pages', ctx.task.result?.state === 'fail');
    }
  });
});
