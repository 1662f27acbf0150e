import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { CALENDAR_SYNC_MESSAGES } from '@slotwise/shared/calendar-sync-schemas';
import { CALENDAR_SYNC_TEXTS } from '@slotwise/shared/calendar-sync-texts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './harness/a11y';
import {
  api,
  closeChecked,
  createSlot,
  openSignedIn,
  signUp,
  signUpListedProvider,
  type Session,
} from './harness/accounts';
import { describeBrowser, launchBrowser, screenshot, type OpenedPage } from './harness/browser';

/**
 * Calendar sync in the browser (docs/product.md §18): a provider adds the address of a calendar
 * (served here by a small local HTTP server: the test server runs with ALLOW_PRIVATE_URLS=1),
 * sees it listed with its busy time, sees that busy time greyed on the week calendar, and a
 * client on the provider's booking page is not offered the slot it covers.
 */

const ZONE = 'America/New_York';
const WAIT = { timeout: 15_000 };

/** One busy hour, 10:00–11:00 on `day` in ZONE (node-ical resolves the IANA TZID). */
function feedWithBusyHour(day: string): string {
  const date = day.replaceAll('-', '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Slotwise e2e//EN',
    'BEGIN:VEVENT',
    `UID:${randomUUID()}@e2e.test`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART;TZID=${ZONE}:${date}T100000`,
    `DTEND;TZID=${ZONE}:${date}T110000`,
    'SUMMARY:Gym',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** The day chip's name on the booking page ('Tomorrow'). */
const TOMORROW = 'Tomorrow';

describeBrowser('calendar sync', () => {
  let browser: Browser;
  let feedServer: Server;
  let feedText = '';
  let feedUrl = '';
  const opened: OpenedPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    feedServer = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' });
      response.end(feedText);
    });
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/gym.ics`;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) =>
      feedServer ? feedServer.close(() => resolve()) : resolve(),
    );
  });

  afterEach(async (context) => {
    const failed = context.task.result?.state === 'fail';
    for (const [index, page] of opened.splice(0).entries()) {
      await closeChecked(page, `calendar-sync-${context.task.name}-${index}`, failed);
    }
  });

  async function open(session: Session, path: string): Promise<Page> {
    const tab = await openSignedIn(browser, session, { timezoneId: ZONE });
    opened.push(tab);
    await tab.page.goto(path);
    return tab.page;
  }

  it('a calendar added by its address greys its busy time, and clients cannot pick that time', async () => {
    const { places } = await api('/places?q=Philadelphia&limit=1');
    const place = (places as { id: string }[])[0]!;
    const provider = await signUpListedProvider({
      firstName: 'Cal',
      lastName: `Sync${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`,
      zone: ZONE,
      specialty: 'Barber',
      bio: 'Haircuts in Philadelphia.',
      category: 'barber',
      placeId: place.id,
      address: '1500 Market St',
    });
    const tomorrow = addDays(todayIn(ZONE), 1);
    await createSlot(provider, tomorrow, '10:00', '11:00');
    await createSlot(provider, tomorrow, '14:00', '15:00');
    feedText = feedWithBusyHour(tomorrow);

    // Settings → Calendars: add the address; it is listed with what was read.
    const settings = await open(provider, '/dashboard/profile');
    const section = settings.getByRole('region', { name: CALENDAR_SYNC_TEXTS.sectionTitle });
    await section.getByText(CALENDAR_SYNC_TEXTS.empty).waitFor(WAIT);
    await section.getByLabel(CALENDAR_SYNC_TEXTS.urlLabel).fill(feedUrl);
    await section.getByLabel(CALENDAR_SYNC_TEXTS.nameLabel).fill('Gym');
    await section.getByRole('button', { name: CALENDAR_SYNC_TEXTS.add }).click();
    await settings.getByText(CALENDAR_SYNC_MESSAGES.added).waitFor(WAIT);
    const item = section
      .getByRole('list', { name: CALENDAR_SYNC_TEXTS.listLabel })
      .getByRole('listitem', { name: 'Gym' });
    await item.getByText(CALENDAR_SYNC_TEXTS.busyCount(1)).waitFor(WAIT);
    expect(await item.textContent()).toContain(feedUrl);
    expect(await item.textContent()).not.toContain(CALENDAR_SYNC_TEXTS.lastError);
    await expectAccessible(settings, 'the Calendars section');
    await screenshot(settings, 'calendar-sync-settings');

    // The week calendar greys the busy hour, named by its calendar, over the 10:00 slot's day.
    const week = await open(provider, '/dashboard/timeslots?view=week');
    await week.getByLabel('Go to date').fill(tomorrow);
    const grid = week.getByRole('grid');
    const busy = grid.getByText(`${CALENDAR_SYNC_TEXTS.busy} · Gym`, { exact: true });
    await busy.waitFor(WAIT);
    expect(await busy.getAttribute('title')).toContain('10:00');
    // The free slot under it says it is not offered to clients.
    await grid
      .getByRole('button', {
        name: new RegExp(`^Available, .*10:00–11:00, ${CALENDAR_SYNC_TEXTS.busySlotLabel('Gym')}$`),
      })
      .waitFor(WAIT);
    await screenshot(week, 'calendar-sync-week');

    // The client is offered 14:00 tomorrow, not the busy 10:00.
    const client = await signUp({
      role: 'client',
      firstName: 'Cleo',
      lastName: 'Busy',
      zone: ZONE,
    });
    const booking = await open(client, `/client/provider/${provider.providerId}`);
    const slots = booking.getByRole('region', { name: 'Available Time Slots' });
    await slots.getByRole('button', { name: TOMORROW, exact: true }).click();
    const times = slots.getByRole('button', { name: /Book Now$/ });
    await expect.poll(() => times.allTextContents(), WAIT).toEqual(['14:00 Book Now']);
    await screenshot(booking, 'calendar-sync-booking');
  }, 180_000);
});
