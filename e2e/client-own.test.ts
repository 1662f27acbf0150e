import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { providers } from '../apps/server/src/db/schema';
import { book } from '../apps/server/test/helpers/booking-factories';
import { createSlotAhead } from '../apps/server/test/helpers/exact-slots';
import { createClient, createProvider, type TestUser } from '../apps/server/test/helpers/factories';
import { asUser } from '../apps/server/test/helpers/requests';
import { createPastAppointment } from '../apps/server/test/helpers/review-factories';
import { expectAccessible } from './harness/a11y';
import { closeChecked, openSignedIn } from './harness/accounts';
import { describeBrowser, launchBrowser, screenshot } from './harness/browser';
import { sessionOf, startInProcessServer, type InProcessServer } from './harness/in-process-server';

/**
 * The client's own (docs/product.md §14.4): the home opens with the next appointment (when,
 * where, Directions, Message, Add to calendar); the appointments come in Upcoming and Past with
 * 'Book again' on past ones; Notifications lists the stored reminder and the unread message, and
 * tells a new user what will appear there. A past appointment cannot be booked, so this suite
 * runs the server in-process and writes it with the server's test factory.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

describeBrowser("the client's own: next appointment, tabs, notifications", () => {
  let browser: Browser;
  let server: InProcessServer;
  let provider: TestUser;
  let client: TestUser;
  let newcomer: TestUser;
  let upcomingId: string;
  let conversationId: string;

  beforeAll(async () => {
    server = await startInProcessServer();
    const { app } = server;
    provider = await createProvider(app, { firstName: 'Rosa', lastName: 'Plumb' });
    await app.database.db
      .update(providers)
      .set({
        placeId: 2267057,
        placeName: 'Lisbon',
        placeCountry: 'PT',
        lat: 38.72,
        lng: -9.14,
        address: 'Rua Augusta 10',
      })
      .where(eq(providers.id, provider.providerId!));
    client = await createClient(app, { firstName: 'Carl', lastName: 'Owner' });
    newcomer = await createClient(app, { firstName: 'Nina', lastName: 'New' });
    // A past visit (completed) and one three days ahead, booked through the API so its
    // reminders are queued like any booking's.
    await createPastAppointment(app, provider, client, {
      serviceType: 'Sink repair',
      startedMinutesAgo: 3 * 24 * 60,
    });
    const slot = await createSlotAhead(app, provider.providerId!, 3 * DAY);
    upcomingId = await book(app, client, slot.id);
    await app.jobs.runDue(new Date());
    // The 24-hour reminder runs (its job, as the worker would at that hour): stored once.
    await app.jobs.runDue(new Date(slot.startsAt.getTime() - 24 * HOUR));
    // The provider writes; the client has not read it.
    const opened = await asUser(app, provider).post('/api/conversations', {
      appointmentId: upcomingId,
    });
    conversationId = opened.json().conversation.id as string;
    const sent = await asUser(app, provider).post(`/api/conversations/${conversationId}/messages`, {
      body: 'See you on Saturday!',
    });
    expect(sent.statusCode).toBe(201);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The provider writes again: the home test read the first message in its thread. */
  async function providerWrites(body: string) {
    const sent = await asUser(server.app, provider).post(
      `/api/conversations/${conversationId}/messages`,
      { body },
    );
    expect(sent.statusCode).toBe(201);
  }

  const open = (user: TestUser, viewport: { width: number; height: number }) =>
    openSignedIn(browser, sessionOf(user), { baseURL: server.baseURL, viewport });

  async function nextCardOf(page: Page) {
    await page.goto('/client');
    const card = page.getByRole('region', { name: 'Next appointment' });
    await card.getByText('Rosa Plumb').waitFor({ timeout: 20_000 });
    await card.getByText('Rua Augusta 10, Lisbon').waitFor();
    return card;
  }

  it('home opens with the next appointment: Directions, Message, Add to calendar', async (ctx) => {
    const opened = await open(client, WIDTHS[0].viewport);
    try {
      const { page } = opened;
      const card = await nextCardOf(page);
      // First on the page, above the review prompt and Today's Appointments.
      const order = await page.evaluate(() =>
        Array.from(document.querySelectorAll('main section')).map(
          (section) =>
            section.getAttribute('aria-labelledby') ?? section.getAttribute('aria-label'),
        ),
      );
      expect(order[0]).toBe('next-appointment-title');
      expect(order.indexOf('todays-appointments-title')).toBeGreaterThan(0);
      await page.getByText("Today's Appointments").waitFor();
      await page.getByText('Meet our top specialists').waitFor();

      const directions = card.getByRole('link', { name: /Directions/ });
      expect(await directions.getAttribute('href')).toBe(
        'https://www.openstreetmap.org/directions?to=Rua%20Augusta%2010%2C%20Lisbon',
      );
      expect(await directions.getAttribute('target')).toBe('_blank');
      expect(await directions.getAttribute('rel')).toContain('noopener');

      // Add to calendar: one click, one .ics of this appointment.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: 'Add to calendar' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`appointment-${upcomingId}.ics`);
      const ics = await readFile((await download.path())!, 'utf8');
      expect(ics).toContain('BEGIN:VCALENDAR');
      expect(ics).toContain(`UID:appointment-${upcomingId}@slotwise`);

      // Message: one click to the provider's conversation.
      await card.getByRole('button', { name: 'Message' }).click();
      await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
      await page.getByText('See you on Saturday!').first().waitFor({ timeout: 20_000 });
    } finally {
      await closeChecked(opened, 'client-own-home', ctx.task.result?.state === 'fail');
    }
  });

  it("Past shows 'Book again', which leads to the provider's page", async (ctx) => {
    const opened = await open(client, WIDTHS[0].viewport);
    try {
      const { page } = opened;
      await page.goto('/client/appointments');
      const cards = page.getByRole('list', { name: 'Appointments' }).getByRole('article');
      await cards.first().waitFor({ timeout: 20_000 });
      expect(await cards.count()).toBe(1);
      await cards.first().getByRole('button', { name: 'Reschedule' }).waitFor();
      await page.getByRole('link', { name: 'Past' }).click();
      await page.waitForURL(/\?tab=past$/);
      await cards.first().getByRole('link', { name: 'Book again' }).waitFor({ timeout: 20_000 });
      expect(await cards.count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
      await cards.first().getByRole('link', { name: 'Book again' }).click();
      await page.waitForURL(new RegExp(`/client/provider/${provider.providerId}$`));
    } finally {
      await closeChecked(opened, 'client-own-past', ctx.task.result?.state === 'fail');
    }
  });

  it('Notifications lists the reminder and the unread message; a new user reads what will come', async (ctx) => {
    const opened = await open(client, WIDTHS[0].viewport);
    const fresh = await open(newcomer, WIDTHS[0].viewport);
    try {
      const { page } = opened;
      await providerWrites('Please bring the old tap.');
      await page.goto('/notifications');
      const list = page.getByRole('list', { name: 'All notifications' });
      await list.getByText('Reminder: Haircut with Rosa Plumb in 24 hours').waitFor({
        timeout: 20_000,
      });
      expect(await list.getByText(/^Reminder: /).count()).toBe(1);
      await page.getByText(/^You have \d+ unread messages?$/).waitFor({ timeout: 20_000 });
      await page.getByRole('link', { name: 'Open messages' }).click();
      await page.waitForURL(/\/messages$/);

      await fresh.page.goto('/notifications');
      const main = fresh.page.getByRole('main');
      await main.getByText('No notifications').waitFor({ timeout: 20_000 });
      await main.getByText('Booking changes, reminders and messages will show up here.').waitFor();
    } finally {
      await closeChecked(fresh, 'client-own-notifications-empty', false);
      await closeChecked(opened, 'client-own-notifications', ctx.task.result?.state === 'fail');
    }
  });

  it('home, both appointment tabs and notifications are accessible at 1280 and 390 px', async (ctx) => {
    for (const { name, viewport } of WIDTHS) {
      const opened = await open(client, viewport);
      try {
        const { page } = opened;
        await nextCardOf(page);
        await expectAccessible(page, `client home ${name}`);
        await screenshot(page, `client-own-home-${name}`);

        await page.goto('/client/appointments');
        await page.getByRole('button', { name: 'Reschedule' }).waitFor({ timeout: 20_000 });
        await expectAccessible(page, `appointments upcoming ${name}`);
        await screenshot(page, `client-own-appointments-upcoming-${name}`);

        await page.goto('/client/appointments?tab=past');
        await page.getByRole('link', { name: 'Book again' }).waitFor({ timeout: 20_000 });
        await expectAccessible(page, `appointments past ${name}`);
        await screenshot(page, `client-own-appointments-past-${name}`);

        await providerWrites(`A note for the ${name} check.`);
        await page.goto('/notifications');
        await page
          .getByRole('list', { name: 'All notifications' })
          .getByText(/^Reminder: /)
          .waitFor({ timeout: 20_000 });
        await page.getByText(/^You have \d+ unread messages?$/).waitFor({ timeout: 20_000 });
        await expectAccessible(page, `notifications ${name}`);
        await screenshot(page, `client-own-notifications-${name}`);
      } finally {
        await closeChecked(opened, `client-own-a11y-${name}`, ctx.task.result?.state === 'fail');
      }
    }
  });
});
