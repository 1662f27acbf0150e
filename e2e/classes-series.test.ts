import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { SEATS_MESSAGES } from '@slotwise/shared/appointments-series-schemas';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './harness/a11y';
import {
  api,
  book,
  closeChecked,
  openSignedIn,
  send,
  signUp,
  signUpListedProvider,
  type Session,
} from './harness/accounts';
import { describeBrowser, launchBrowser, screenshot, type OpenedPage } from './harness/browser';

/**
 * Classes and series (docs/decisions/067-seats-and-series.md) in the browser: (a) two clients
 * on a class's booking page each see the other's booking take a seat, live ("7 of 8 left", then
 * "6 of 8 left"), without a reload; (b) a client repeats a booking every 2 weeks, 4 times,
 * sees what was booked, then cancels the third appointment "and following" and keeps the first
 * two. axe clean on each screen.
 */

const ZONE = 'America/New_York';
/** How long a poll waits for the page to follow (a refetch, a socket event). */
const WAIT = { timeout: 15_000 };

/** 'Thu, Nov 26' as the cards write a day (the year when it is not this year's). */
function cardDate(day: string, today: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(day.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

async function listedProvider(firstName: string, lastName: string, specialty: string) {
  const { places } = await api('/places?q=Philadelphia&limit=1');
  const place = (places as { id: string }[])[0]!;
  const session = await signUpListedProvider({
    firstName,
    lastName,
    zone: ZONE,
    specialty,
    bio: `${specialty} in Philadelphia.`,
    category: 'tutor',
    placeId: place.id,
    address: '1500 Market St',
  });
  await api('/provider/policy', {
    method: 'PUT',
    token: session.token,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      minNoticeMinutes: 0,
      maxAdvanceDays: 90,
      bufferMinutes: 0,
      maxPerDay: null,
      cancelCutoffMinutes: 0,
    }),
  });
  return session;
}

describeBrowser('classes and series', () => {
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
      await closeChecked(page, `classes-series-${context.task.name}-${index}`, failed);
    }
  });

  async function open(session: Session, path: string): Promise<Page> {
    const tab = await openSignedIn(browser, session, { timezoneId: ZONE });
    opened.push(tab);
    await tab.page.goto(path);
    return tab.page;
  }

  /** The class's time on a client's booking page, whose text says the seats left. */
  const classTime = (page: Page) =>
    page
      .getByRole('region', { name: 'Available Time Slots' })
      .getByRole('button', { name: /^18:00 .*Book Now$/ });

  async function bookShownTime(page: Page) {
    await classTime(page).click();
    const summary = page.getByRole('region', { name: 'Your booking' });
    await summary.getByRole('button', { name: 'Book Now', exact: true }).click();
    await page.getByText(/^Booked: /).waitFor();
  }

  it("two clients see each other's seat taken, live: 7 of 8 left, then 6 of 8", async () => {
    const suffix = randomUUID().slice(0, 6).replace(/\d/g, 'x');
    const coach = await listedProvider('Yara', `Flow${suffix}`, 'Yoga');
    const day = addDays(todayIn(ZONE), 2);
    await send(
      'POST',
      '/timeslots/create',
      { day, startTime: '18:00:00', endTime: '19:00:00', type: 'Yoga', capacity: 8 },
      coach.token,
    );
    const [ana, ben] = await Promise.all([
      signUp({ role: 'client', firstName: 'Ana', lastName: 'Seat', zone: ZONE }),
      signUp({ role: 'client', firstName: 'Ben', lastName: 'Seat', zone: ZONE }),
    ]);
    const path = `/client/provider/${coach.providerId}`;
    const pageA = await open(ana, path);
    const pageB = await open(ben, path);
    for (const page of [pageA, pageB]) {
      await expect.poll(() => classTime(page).textContent(), WAIT).toContain('8 of 8 left');
    }
    await expectAccessible(pageB, 'the booking page of a class');
    await screenshot(pageB, 'classes-series-class-booking-page');

    await bookShownTime(pageA);
    // B's page follows without a reload (the socket's slots_changed event).
    await expect.poll(() => classTime(pageB).textContent(), WAIT).toContain('7 of 8 left');
    await bookShownTime(pageB);
    await expect.poll(() => classTime(pageA).textContent(), WAIT).toContain('6 of 8 left');

    // The provider sees the class and its two attendees.
    const week = await open(coach, `/dashboard/timeslots?view=list&week=${day}`);
    const card = week.getByRole('article', { name: 'Yoga' });
    await card.getByText('6 of 8 left').waitFor();
    await card.getByRole('button', { name: /^Attendees of Yoga class/ }).click();
    const dialog = week.getByRole('dialog', { name: 'Class' });
    await expect
      .poll(() => dialog.getByRole('listitem').allTextContents(), WAIT)
      .toEqual(['Ana SeatCancel', 'Ben SeatCancel']);
    await expectAccessible(week, 'the attendees of a class');
    await screenshot(week, 'classes-series-attendees');

    // 'Cancel class' frees every seat; the clients' page follows.
    await dialog.getByRole('button', { name: 'Cancel class' }).click();
    const confirm = week.getByRole('dialog', { name: 'Cancel class' });
    await confirm.getByRole('button', { name: 'Yes, cancel class' }).click();
    await week.getByRole('dialog', { name: 'Class' }).getByText('8 of 8 left').waitFor();
    await week.getByText('No one has booked a seat yet.').waitFor();
    await expect.poll(() => classTime(pageA).textContent(), WAIT).toContain('8 of 8 left');
  }, 180_000);

  it('repeats a booking every 2 weeks, 4 times, then cancels the third and following', async () => {
    const suffix = randomUUID().slice(0, 6).replace(/\d/g, 'x');
    const trainer = await listedProvider('Theo', `Lift${suffix}`, 'Personal training');
    const today = todayIn(ZONE);
    const first = addDays(today, 3);
    // The same time every week, for nine weeks.
    const slotIds: string[] = [];
    for (let week = 0; week < 9; week += 1) {
      const { slot } = await send(
        'POST',
        '/timeslots/create',
        {
          day: addDays(first, 7 * week),
          startTime: '10:00:00',
          endTime: '11:00:00',
          type: 'Training',
        },
        trainer.token,
      );
      slotIds.push((slot as { id: string }).id);
    }
    const client = await signUp({
      role: 'client',
      firstName: 'Rita',
      lastName: 'Repeat',
      zone: ZONE,
    });
    await book(client, slotIds[0]!);

    const page = await open(client, '/client/appointments');
    const cards = page.getByRole('list', { name: 'Appointments' }).getByRole('listitem');
    await expect.poll(() => cards.count(), WAIT).toBe(1);
    await cards.first().getByRole('button', { name: 'Repeat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Repeat this appointment' });
    await dialog.getByLabel('Repeat every').selectOption('2');
    await dialog.getByLabel('Times').fill('4');
    await expectAccessible(page, 'the Repeat form');
    await dialog.getByRole('button', { name: 'Book series' }).click();
    // The booking itself is the first of the four.
    const booked = [0, 2, 4, 6].map((weeks) => addDays(first, 7 * weeks));
    await dialog
      .getByRole('status')
      .getByText(`4 booked: ${booked.map((day) => cardDate(day, today)).join(', ')}`)
      .waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: SEATS_MESSAGES.seriesBooked })
      .first()
      .waitFor();
    await expectAccessible(page, 'the series booked');
    await screenshot(page, 'classes-series-series-booked');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await expect.poll(() => cards.count(), WAIT).toBe(4);
    const third = cards.nth(2);
    expect(await third.textContent()).toContain(cardDate(booked[2]!, today));
    await third.getByRole('button', { name: 'Cancel' }).click();
    const choices = page.getByRole('dialog', { name: 'Cancel appointment' });
    await expectAccessible(page, 'the series cancel choices');
    await choices.getByRole('button', { name: 'This and following' }).click();
    await expect.poll(() => cards.count(), WAIT).toBe(2);
    const left = await cards.allTextContents();
    expect(left[0]).toContain(cardDate(first, today));
    expect(left[1]).toContain(cardDate(booked[1]!, today));

    const { appointments } = await api('/appointment/view', { token: client.token });
    const active = (appointments as { day: string; status: string }[])
      .filter((appointment) => appointment.status === 'booked')
      .map((appointment) => appointment.day)
      .sort();
    expect(active).toEqual([first, booked[1]]);
  }, 180_000);
});
