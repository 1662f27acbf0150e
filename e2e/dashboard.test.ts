import type { Browser, Page } from 'playwright-core';
import { addDays, clockIn } from '@slotwise/shared/dates';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  connectedSocket,
  describeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  type OpenedPage,
} from './harness/browser';
import {
  api,
  book,
  createSlot,
  send,
  signUp,
  type Session,
  zoneWithRoomToday,
} from './harness/accounts';

/** The provider's (and the browser's) zone: one with room for three more slots today. */
const ZONE = zoneWithRoomToday();

const hh = (hour: number) => String(hour).padStart(2, '0');

async function signIn(opened: OpenedPage, session: Session) {
  // Signed in as the login screen leaves it (docs/product.md §3): token in localStorage, user in sessionStorage.
  await opened.context.addInitScript((s: Session) => {
    window.localStorage.setItem('token', s.token);
    window.sessionStorage.setItem('user', JSON.stringify(s.user));
  }, session);
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

describeBrowser('provider dashboard and analytics', () => {
  let browser: Browser;
  const opened: OpenedPage[] = [];
  let provider: Session;
  let client: Session;
  let today: string;
  let tomorrow: string;
  let liveSlot: string;

  beforeAll(async () => {
    browser = await launchBrowser();

    provider = await signUp({
      role: 'provider',
      firstName: 'Pat',
      lastName: 'Slots',
      zone: ZONE,
      bio: 'Sharp cuts.',
    });
    client = await signUp({ role: 'client', firstName: 'Cleo', lastName: 'Client', zone: ZONE });

    // Seeded through the real API, in the provider's zone: three slots later today, three
    // tomorrow.
    const clock = clockIn(ZONE);
    today = clock.today;
    tomorrow = addDays(today, 1);
    const h = Number(clock.time.slice(0, 2)) + 1;
    const a = await createSlot(provider, today, `${hh(h)}:00`, `${hh(h)}:30`); // 30 min
    const b = await createSlot(provider, today, `${hh(h)}:30`, `${hh(h + 1)}:15`); // 45 min
    const c = await createSlot(provider, today, `${hh(h + 1)}:30`, `${hh(h + 2)}:00`);
    const d = await createSlot(provider, tomorrow, '10:00', '10:30');
    const e = await createSlot(provider, tomorrow, '11:00', '11:30');
    liveSlot = await createSlot(provider, tomorrow, '12:00', '12:30');

    // The client books four, cancels one of today's and moves tomorrow's to another slot.
    await book(client, a);
    await book(client, b);
    const canceled = await book(client, c);
    const moved = await book(client, d);
    await send('PATCH', `/appointment/cancel/${canceled}`, {}, client.token);
    await send('PATCH', `/appointment/reschedule/${moved}`, { newTimeslotId: e }, client.token);
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async (context) => {
    const pages = opened.splice(0);
    try {
      for (const [index, { page, problems }] of pages.entries()) {
        if (context.task.result?.state === 'fail')
          await screenshot(page, `dashboard-${context.task.name}-${index}`);
        expect(problems.pageErrors, 'uncaught page errors').toEqual([]);
        expect(problems.consoleErrors, 'console errors').toEqual([]);
        expect(problems.cspViolations, 'CSP violations').toEqual([]);
      }
    } finally {
      for (const { close } of pages) await close();
    }
  });

  async function open(session: Session, options: Parameters<typeof newPage>[1] = {}) {
    const page = await newPage(browser, { timezoneId: ZONE, ...options });
    opened.push(page);
    await signIn(page, session);
    return page.page;
  }

  it('shows the seeded numbers, today’s appointments and the weekly pie', async () => {
    const page = await open(provider);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Provider Dashboard' }).waitFor();
    await page.getByRole('heading', { name: 'Weekly Summary' }).waitFor();

    const card = (label: string) =>
      page.getByRole('article').filter({ has: page.getByRole('heading', { name: label }) });

    // Booked today (the list's definition, §14.3): A and B (C was canceled); yesterday had none → +100 %.
    const todayCard = card("Today's Appointments");
    await expect(todayCard.getByText('2', { exact: true }).count()).resolves.toBe(1);
    await todayCard.getByRole('img', { name: 'Up' }).waitFor();
    await todayCard.getByText('100% from yesterday').waitFor();
    // avgDuration: (30 + 45) / 2 = 37.5 → 38 min; yesterday 0 → +100 %.
    const durationCard = card('Average Duration');
    await durationCard.getByText('38 min').waitFor();
    await durationCard.getByText('100% from yesterday').waitFor();
    // completionRate: 2 of today's 3 kept = 66.7 %; the window up to yesterday was empty (100 %).
    const rateCard = card('Succesful Booking Rate');
    await rateCard.getByText('66.7%').waitFor();
    await rateCard.getByRole('img', { name: 'Down' }).waitFor();
    await rateCard.getByText('33.3% from yesterday').waitFor();

    // Today's list: the two booked appointments, earliest first, with the client's name.
    const todayList = page.getByRole('list', { name: "Today's Appointments" });
    const cards = todayList.getByRole('link');
    await expect(cards.count()).resolves.toBe(2);
    await expect(cards.first().textContent()).resolves.toContain('Cleo Client');
    await expect(cards.first().textContent()).resolves.toContain('booked');
    await expect(page.getByTestId('today-count-badge').textContent()).resolves.toBe('(2)');

    // Weekly Summary: 4 bookings, 1 cancellation, 1 reschedule; three coloured slices.
    const legend = page.getByRole('list', { name: 'Weekly Summary legend' });
    await expect(legend.getByRole('listitem').allTextContents()).resolves.toEqual([
      'Booked this week4',
      'Canceled this week1',
      'Rescheduled this week1',
    ]);
    const sectors = page.getByTestId('weekly-summary-chart').locator('path.recharts-sector');
    await sectors.nth(2).waitFor();
    await expect(
      sectors.evaluateAll((paths) => paths.map((path) => path.getAttribute('fill'))),
    ).resolves.toEqual(['#16a34a', '#dc2626', '#f59e0b']);
    await screenshot(page, 'dashboard-desktop');

    // A card leads to the appointments page.
    await cards.first().click();
    await page.waitForURL('**/dashboard/appointments');
  });

  it('renders the analytics charts with the seeded data, reached through /stats', async () => {
    const page = await open(provider);
    await page.goto('/stats');
    await page.waitForURL('**/dashboard/analytics');
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();

    const activity = page.getByRole('region', { name: 'Bookings per day, last 30 days' });
    await activity
      .getByText('In the last 30 days: 4 bookings and 1 cancellation.', { exact: false })
      .waitFor();
    // Drawn: bars for today's bookings and cancellation.
    await activity.locator('.recharts-bar-rectangle path').first().waitFor();
    await expect(
      activity.locator('.recharts-bar-rectangle path').count(),
    ).resolves.toBeGreaterThanOrEqual(2);
    // And told: the hidden table's last row is today.
    const lastRow = activity.getByRole('table').getByRole('row').last();
    await expect(lastRow.getByRole('cell').allTextContents()).resolves.toEqual(['4', '1']);

    // Utilisation over the last 30 days: A + B booked (75 min) of A + B + C published (105 min).
    const utilisation = page.getByRole('region', { name: 'Utilisation' });
    await utilisation.getByText('71.4%').waitFor();
    await utilisation.getByText('1 h 15 min booked of 1 h 45 min published').waitFor();

    for (const title of ['Busiest weekdays', 'Busiest hours', 'Next 7 days']) {
      const section = page.getByRole('region', { name: title });
      await section.locator('.recharts-bar-rectangle path').first().waitFor();
      await expect(section.getByRole('table').count()).resolves.toBe(1);
    }
    // Next 7 days: today 105 min published / 75 booked; tomorrow 90 / 30 (the moved booking).
    const week = page.getByRole('region', { name: 'Next 7 days' });
    const rows = week.getByRole('table').getByRole('row');
    await expect(rows.nth(1).getByRole('cell').allTextContents()).resolves.toEqual([
      '1 h 45 min',
      '1 h 15 min',
    ]);
    await expect(rows.nth(2).getByRole('cell').allTextContents()).resolves.toEqual([
      '1 h 30 min',
      '30 min',
    ]);
    await screenshot(page, 'analytics-desktop');
  });

  it('fits a 360 px phone without horizontal scrolling', async () => {
    const page = await open(provider, { viewport: { width: 360, height: 740 } });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Weekly Summary' }).waitFor();
    await page
      .getByTestId('weekly-summary-chart')
      .locator('path.recharts-sector')
      .first()
      .waitFor();
    // The sidebar is a closed drawer here; the toggle opens it.
    const toggle = page.getByRole('button', { name: 'Show navigation' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await noHorizontalScroll(page);
    await screenshot(page, 'dashboard-360');
    await toggle.click();
    await page
      .getByRole('navigation', { name: 'Provider' })
      .getByRole('link', { name: 'Analytics' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    await page
      .getByRole('region', { name: 'Busiest hours' })
      .locator('.recharts-bar-rectangle path')
      .first()
      .waitFor();
    await noHorizontalScroll(page);
    // The bell's dropdown fits the phone too.
    await page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ }).click();
    await page.getByRole('region', { name: /^Notifications \(\d+\)$/ }).waitFor();
    await noHorizontalScroll(page);
    await screenshot(page, 'analytics-360');

    const clientPage = await open(client, { viewport: { width: 360, height: 740 } });
    await clientPage.goto('/client');
    await clientPage.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ }).waitFor();
    await noHorizontalScroll(clientPage);
  });

  it('raises the provider’s badge live when the client books (two browser contexts)', async () => {
    const providerPage = await open(provider);
    const socketConnected = connectedSocket(providerPage);
    await providerPage.goto('/dashboard');
    await providerPage.getByRole('heading', { name: 'Weekly Summary' }).waitFor();
    // Live from here on: the provider's socket is in (socket.io's CONNECT answer arrived).
    await socketConnected;
    // The bell shows the server's count before anything happens.
    const { unreadCount: before } = (await api('/notifications/unread', {
      token: provider.token,
    })) as { unreadCount: number };
    const bell = providerPage.getByRole('button', { name: `Notifications (${before} unread)` });
    await bell.waitFor();

    const clientPage = await open(client);
    await clientPage.goto('/client');
    await clientPage.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ }).waitFor();
    // The client books through the API from their own browser session.
    const status = await clientPage.evaluate(async (timeslotId: string) => {
      const response = await fetch('/api/appointment/booking', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${window.localStorage.getItem('token')}`,
        },
        body: JSON.stringify({ timeslotId }),
      });
      return response.status;
    }, liveSlot);
    expect(status).toBe(201);

    // The server emits new_appointment after the booking commits: the badge rises by one with
    // no reload, and the dropdown shows the live notification on top.
    await providerPage
      .getByRole('button', { name: `Notifications (${before + 1} unread)` })
      .waitFor({ timeout: 10_000 });
    // …with a toast carrying the SPEC title, which the provider dismisses (it sits over the bell).
    const liveToast = providerPage.getByRole('status').filter({ hasText: 'New Appointment' });
    await liveToast.first().waitFor();
    await liveToast.first().getByRole('button', { name: 'close' }).click();
    await providerPage
      .getByRole('button', { name: `Notifications (${before + 1} unread)` })
      .click();
    const panel = providerPage.getByRole('region', { name: `Notifications (${before + 1})` });
    await panel.getByRole('listitem').first().filter({ hasText: 'New Appointment' }).waitFor();
    // The dashboard refreshed through the same event: one more booking this week.
    await providerPage
      .getByRole('list', { name: 'Weekly Summary legend' })
      .getByRole('listitem')
      .first()
      .filter({ hasText: 'Booked this week5' })
      .waitFor();
    await screenshot(providerPage, 'dashboard-live-notification');
  });
});
