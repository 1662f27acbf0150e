import type { Browser, Page } from 'playwright-core';
import { addDays, todayIn, weekdayOf } from '@slotwise/shared/dates';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './harness/a11y';
import {
  closeChecked,
  openSignedIn,
  send,
  signUp,
  zoneWithRoomToday,
  type Session,
} from './harness/accounts';
import { describeBrowser, launchBrowser, type OpenedPage } from './harness/browser';
import { hasFocus, tabTo } from './harness/keyboard';

/**
 * The provider's week in the browser (decisions 040, 046): weekly hours fill a week, a day off
 * empties a day, a slot is created and deleted from the calendar with the keyboard only, axe finds
 * nothing, and a 360 px phone gets one day. The week's render time is printed, not asserted.
 */

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const rangeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * 'Mon, Nov 30' as the calendar names a day ('Mon, Nov 30, 2027' in another year than today's:
 * the shared day format, docs/product.md §14.5).
 */
function dayLabel(day: string, today: string = todayIn(undefined)): string {
  const label = dayFormat.format(utc(day));
  return day.slice(0, 4) === today.slice(0, 4) ? label : `${label}, ${day.slice(0, 4)}`;
}

/** 'Nov 30 – Dec 6, 2026': the week's title and the grid's name. */
function weekLabel(from: string, to: string): string {
  return rangeFormat.formatRange(utc(from), utc(to));
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

describeBrowser('week calendar', () => {
  let browser: Browser;
  let provider: Session;
  let zone: string;
  let opened: OpenedPage | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    zone = zoneWithRoomToday();
    provider = await signUp({
      role: 'provider',
      firstName: 'Wendy',
      lastName: 'Week',
      zone,
      specialty: 'Barber',
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async (context) => {
    if (!opened) return;
    const current = opened;
    opened = undefined;
    await closeChecked(
      current,
      `calendar-${context.task.name}`,
      context.task.result?.state === 'fail',
    );
  });

  async function printRenderTime(page: Page, what: string) {
    const durations = await page.evaluate(() =>
      performance.getEntriesByName('calendar-week-render').map((entry) => entry.duration),
    );
    console.log(
      `[calendar] ${what}: week render ${durations.at(-1)?.toFixed(1) ?? 'n/a'} ms ` +
        `(${durations.length} renders measured)`,
    );
  }

  it('weekly hours fill a week, a day off empties a day; keyboard create and delete; axe clean', async () => {
    opened = await openSignedIn(browser, provider, { timezoneId: zone });
    const { page } = opened;
    await page.goto('/dashboard/timeslots?view=week');
    await page.getByRole('heading', { level: 1, name: 'Time Slots' }).waitFor();
    await page.getByRole('grid').waitFor();
    await expectAccessible(page, 'week calendar, empty');

    // Weekly hours: 09:00–11:00 in 30-minute slots, every day, two weeks ahead.
    await page.getByRole('button', { name: 'Weekly hours' }).click();
    const weekly = page.getByRole('dialog', { name: 'Weekly hours' });
    for (const day of WEEKDAYS) {
      await weekly.getByRole('button', { name: `Add hours on ${day}` }).click();
      await weekly.getByLabel(`${day} range 1 End`).fill('11:00');
    }
    await weekly.getByLabel('Horizon (weeks)').fill('2');
    await expectAccessible(page, 'weekly hours dialog', { structure: false });
    await weekly.getByRole('button', { name: 'Save weekly hours' }).click();
    await weekly.getByText(/^Weekly hours saved\. Created \d+ slots/).waitFor();
    await weekly.getByRole('button', { name: 'Done' }).click();

    // Next week is wholly inside the horizon: 7 days × 4 slots.
    const today = todayIn(zone);
    const monday = addDays(today, 7 - ((weekdayOf(today) + 6) % 7));
    const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
    await page.getByRole('button', { name: 'Next week' }).click();
    const grid = page.getByRole('grid', {
      name: weekLabel(days[0]!, days[6]!),
    });
    await grid.waitFor();
    const available = grid.getByRole('button', { name: /^Available, Barber/ });
    await expect.poll(() => available.count(), { timeout: 10_000 }).toBe(28);
    await printRenderTime(page, '28 slots');
    await expectAccessible(page, 'week calendar, a full week');

    // A day off on Wednesday: its slots go, the others stay.
    const wednesday = days[2]!;
    await page.getByRole('button', { name: 'Time off' }).click();
    const timeOff = page.getByRole('dialog', { name: 'Time off' });
    await timeOff.getByLabel('From', { exact: true }).fill(wednesday);
    await timeOff.getByLabel('To', { exact: true }).fill(wednesday);
    await timeOff.getByLabel('Reason (optional)').fill('Day off');
    await timeOff.getByRole('button', { name: 'Add time off' }).click();
    await timeOff.getByText('Time off added', { exact: true }).first().waitFor();
    await timeOff.getByText(/Day off/).waitFor();
    await expectAccessible(page, 'time off dialog', { structure: false });
    await timeOff.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => available.count(), { timeout: 10_000 }).toBe(24);
    await expect(
      grid.getByRole('button', { name: new RegExp(dayLabel(wednesday)) }).count(),
    ).resolves.toBe(0);

    // Keyboard only from here: the focus starts on the page (a click on the heading) …
    await page.getByRole('heading', { level: 1, name: 'Time Slots' }).click();
    // … Tab reaches the grid at the first free time of the week (Monday 08:00).
    const mondayEight = grid.getByRole('gridcell', {
      name: `Free, ${dayLabel(monday)}, from 08:00`,
    });
    await tabTo(page, mondayEight);
    await page.keyboard.press('Enter');
    const create = page.getByRole('dialog', { name: 'Create Time Slot' });
    await create.waitFor();
    await expect(create.getByLabel('Date').inputValue()).resolves.toBe(monday);
    await expect(create.getByLabel('Start time').inputValue()).resolves.toBe('08:00');
    await expect(create.getByLabel('End time').inputValue()).resolves.toBe('08:30');
    await tabTo(page, create.getByRole('button', { name: 'Create Slot' }));
    await page.keyboard.press('Enter');
    await create.waitFor({ state: 'detached' });
    const block = grid.getByRole('button', {
      name: `Available, Barber, ${dayLabel(monday)}, 08:00–08:30`,
    });
    await block.waitFor();
    // … the focus is back on the free time; the new block is the next stop down.
    await expect
      .poll(() => hasFocus(grid.getByRole('gridcell', { name: /^Free/ }).first()))
      .toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => hasFocus(block)).toBe(true);
    await page.keyboard.press('Enter');
    const actions = page.getByRole('dialog', { name: 'Time slot' });
    await tabTo(page, actions.getByRole('button', { name: 'Delete' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete time slot' });
    await tabTo(page, confirm.getByRole('button', { name: 'Delete' }));
    await page.keyboard.press('Enter');
    await block.waitFor({ state: 'detached' });
    await expect.poll(() => available.count()).toBe(24);
  });

  it('shows one day at 360 px, axe clean', async () => {
    opened = await openSignedIn(browser, provider, {
      timezoneId: zone,
      viewport: { width: 360, height: 740 },
    });
    const { page } = opened;
    // The same weekly hours as the first test (saving again is idempotent).
    const rules = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      start: '09:00:00',
      end: '11:00:00',
      slotMinutes: 30,
      breakMinutes: 0,
    }));
    await send('PUT', '/availability/weekly', { rules, horizonWeeks: 2 }, provider.token);
    await page.goto('/dashboard/timeslots?view=week');
    const today = todayIn(zone);
    const tomorrow = addDays(today, 1);
    await page.getByRole('grid', { name: `Today · ${dayLabel(today)}` }).waitFor();
    await page.getByRole('button', { name: 'Next day' }).click();
    const grid = page.getByRole('grid', { name: `Tomorrow · ${dayLabel(tomorrow)}` });
    await grid.waitFor();
    await expect(grid.getByRole('columnheader').count()).resolves.toBe(2);
    // Tomorrow is inside the weekly hours' horizon (unless it is the day off).
    await expect
      .poll(() => grid.getByRole('button', { name: /^Available/ }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await printRenderTime(page, 'day view at 360 px');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'no sideways scrolling at 360 px').toBeLessThanOrEqual(0);
    await expectAccessible(page, 'day view at 360 px');
  });

  it('draws the first week in the empty grid drawn while it loads: the grid does not move', async () => {
    opened = await openSignedIn(browser, provider, {
      timezoneId: zone,
      viewport: { width: 1280, height: 800 },
    });
    const { page } = opened;
    // The week's data is held until the empty grid and the loading status are on screen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/timeslots/view?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard/timeslots?view=week');
    const grid = page.getByRole('grid');
    await grid.and(page.locator('[aria-busy="true"]')).waitFor();
    const status = page.getByRole('status').filter({ hasText: 'Loading time slots...' });
    await status.waitFor();
    const before = await grid.boundingBox();
    await expectAccessible(page, 'week calendar, loading');
    release();
    await status.waitFor({ state: 'detached' });
    await expect.poll(() => grid.getAttribute('aria-busy')).toBe(null);
    // Where the empty grid stood: the status lay over it, not above it (no layout shift, and
    // only the blocks to draw in the frame that shows the week, decision 060).
    expect(await grid.boundingBox()).toEqual(before);
  });
});
