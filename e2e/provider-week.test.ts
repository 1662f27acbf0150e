import type { Browser, Page } from 'playwright-core';
import { addDays, todayIn, weekdayOf } from '@slotwise/shared/dates';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './harness/a11y';
import {
  book,
  closeChecked,
  openSignedIn,
  send,
  signUp,
  zoneWithRoomToday,
  type Session,
} from './harness/accounts';
import { describeBrowser, launchBrowser, screenshot, type OpenedPage } from './harness/browser';

/**
 * The provider's week (docs/product.md §14.3): Time Slots opens on the week calendar and stays
 * short (at most 3 screens at 390×844), its list a week a page (under 6 screens at 390 px for a
 * week of 42 slots); who is booked tomorrow at 10:00 is found in at most 2 actions; the
 * dashboard's 'Today's Appointments' card equals its list. Page heights are printed.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** The default view (the week calendar) at 390×844: at most three screens. */
const WEEK_VIEW_MAX = 3 * PHONE.height;
/** The list of a week of 42 slots at 390 px: under six screens. */
const LIST_VIEW_MAX = 6 * PHONE.height;

describeBrowser("the provider's week", () => {
  let browser: Browser;
  let provider: Session;
  let zone: string;
  let today: string;
  let tomorrow: string;
  let nextMonday: string;
  let opened: OpenedPage | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    zone = zoneWithRoomToday();
    today = todayIn(zone);
    tomorrow = addDays(today, 1);
    nextMonday = addDays(today, 7 - ((weekdayOf(today) + 6) % 7));
    provider = await signUp({ role: 'provider', firstName: 'Wes', lastName: 'Week', zone });
    const ana = await signUp({ role: 'client', firstName: 'Ana', lastName: 'Lopez', zone });
    // A full week: next Monday to Sunday, and tomorrow, 09:00–12:00 in half hours (6 a day).
    const dates = [
      ...new Set([tomorrow, ...[0, 1, 2, 3, 4, 5, 6].map((i) => addDays(nextMonday, i))]),
    ];
    const { slots } = (await send(
      'POST',
      '/timeslots/bulk-create',
      { dates, startTime: '09:00', endTime: '12:00', slotMinutes: 30, type: 'Haircut' },
      provider.token,
    )) as { slots: { id: string; day: string; start_time: string }[] };
    const at = (day: string, time: string) =>
      slots.find((slot) => slot.day === day && slot.start_time.startsWith(time))!.id;
    await book(ana, at(tomorrow, '10:00'));
    await book(ana, at(addDays(nextMonday, 2), '09:30'));
    // Today: two booked at 20:00 and 21:00 (the zone has room: it is 01:00–19:59 there now).
    for (const start of ['20:00', '21:00']) {
      const { slot } = (await send(
        'POST',
        '/timeslots/create',
        { day: today, startTime: start, endTime: `${start.slice(0, 2)}:30`, type: 'Haircut' },
        provider.token,
      )) as { slot: { id: string } };
      await book(ana, slot.id);
    }
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
      `provider-week-${context.task.name}`,
      context.task.result?.state === 'fail',
    );
  });

  async function open(viewport: { width: number; height: number }): Promise<Page> {
    opened = await openSignedIn(browser, provider, { timezoneId: zone, viewport });
    return opened.page;
  }

  const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

  it('opens Time Slots on the week: heights at 1280×800 and 390×844, axe clean', async () => {
    const heights: Record<string, number> = {};
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const page = await open(viewport);
      await page.goto('/dashboard/timeslots');
      const grid = page.getByRole('grid');
      await grid.waitFor();
      await expect.poll(() => grid.getAttribute('aria-busy'), { timeout: 10_000 }).toBeNull();
      expect(await page.getByRole('radio', { name: 'Week calendar' }).isChecked()).toBe(true);
      heights[name] = await pageHeight(page);
      await expectAccessible(page, `Time Slots, week, ${name}`);
      await screenshot(page, `provider-week-timeslots-week-${name}`);
      await opened!.close();
      opened = undefined;
    }
    console.log(
      `[provider-week] Time Slots (week view) scrollHeight: 1280×800 ${heights.desktop} px, ` +
        `390×844 ${heights.phone} px (limit ${WEEK_VIEW_MAX} px)`,
    );
    expect(heights.phone).toBeLessThanOrEqual(WEEK_VIEW_MAX);
  });

  it('lists a week of 42 slots by day at 390 px under 6 screens, paged by week, axe clean', async () => {
    const heights: Record<string, number> = {};
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const page = await open(viewport);
      await page.goto(`/dashboard/timeslots?view=list&week=${nextMonday}`);
      const cards = page.getByRole('article');
      await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(42);
      // A heading per day, and the booked one names who and what.
      await expect(page.getByRole('heading', { level: 3 }).count()).resolves.toBe(7);
      await page.getByText('Ana Lopez · Haircut').first().waitFor();
      heights[name] = await pageHeight(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
      await expectAccessible(page, `Time Slots, list, ${name}`);
      await screenshot(page, `provider-week-timeslots-list-${name}`);
      // The previous week: this week's page (tomorrow's slots, unless tomorrow is next Monday).
      await page.getByRole('button', { name: 'Previous week' }).click();
      await expect
        .poll(() => new URL(page.url()).searchParams.get('week'))
        .toBe(addDays(nextMonday, -7));
      await opened!.close();
      opened = undefined;
    }
    console.log(
      `[provider-week] Time Slots (list, 42 slots a week) scrollHeight: 1280×800 ` +
        `${heights.desktop} px, 390×844 ${heights.phone} px (limit ${LIST_VIEW_MAX} px)`,
    );
    expect(heights.phone).toBeLessThan(LIST_VIEW_MAX);
  });

  it('finds who is booked tomorrow at 10:00 in at most 2 actions, at both widths', async () => {
    const counts: Record<string, number> = {};
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const page = await open(viewport);
      let actions = 0;
      await page.goto('/dashboard/timeslots');
      const block = page.getByRole('button', {
        name: /^Booked by Ana Lopez, Haircut, .*10:00–10:30$/,
      });
      // The week holds tomorrow unless today is Sunday; the phone's day view shows today.
      const needsNext = name === 'phone' || weekdayOf(tomorrow) === 1;
      if (needsNext) {
        await page
          .getByRole('button', { name: name === 'phone' ? 'Next day' : 'Next week' })
          .click();
        actions += 1;
      }
      await block.waitFor();
      // The block itself says who and what.
      expect(await block.innerText()).toContain('Ana Lopez · Haircut');
      expect(await block.innerText()).toContain('10:00–10:30');
      await block.click();
      actions += 1;
      const dialog = page.getByRole('dialog', { name: 'Booked slot' });
      await dialog.getByText('Ana Lopez').waitFor();
      counts[name] = actions;
      await screenshot(page, `provider-week-booked-slot-${name}`);
      await opened!.close();
      opened = undefined;
    }
    console.log(
      `[provider-week] who is booked tomorrow 10:00: desktop ${counts.desktop} action(s), ` +
        `phone ${counts.phone} action(s) (limit 2)`,
    );
    expect(counts.desktop).toBeLessThanOrEqual(2);
    expect(counts.phone).toBeLessThanOrEqual(2);
  });

  it("dashboard: the count is its list's length, Next up first, today's list first on a phone", async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const page = await open(viewport);
      await page.goto('/dashboard');
      const list = page.getByRole('list', { name: "Today's Appointments" });
      await list.waitFor();
      const listed = await list.getByRole('listitem').count();
      const card = page.locator('article', {
        has: page.getByRole('heading', { level: 3, name: "Today's Appointments" }),
      });
      const figure = await card.locator('p').first().innerText();
      console.log(`[provider-week] dashboard ${name}: card ${figure}, list ${listed}`);
      expect(listed).toBe(2);
      expect(figure).toBe(String(listed));
      await card.getByText('Booked today').waitFor();
      // "Next up" first: today's 20:00 with the client and the service.
      const nextUp = page.getByRole('region', { name: 'Next up' });
      expect(await nextUp.innerText()).toContain('Today 20:00');
      expect(await nextUp.innerText()).toContain('Ana Lopez · Haircut');
      const top = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!.y;
      const listTop = await top(list);
      const cardTop = await top(card);
      expect(await top(nextUp)).toBeLessThan(Math.min(listTop, cardTop));
      if (name === 'phone') expect(listTop).toBeLessThan(cardTop);
      console.log(`[provider-week] dashboard ${name} scrollHeight: ${await pageHeight(page)} px`);
      await expectAccessible(page, `dashboard, ${name}`);
      await screenshot(page, `provider-week-dashboard-${name}`);
      await opened!.close();
      opened = undefined;
    }
  });
});
