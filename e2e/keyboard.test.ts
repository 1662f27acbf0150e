import type { Browser, Locator, Page } from 'playwright-core';
import { addDays, todayIn } from '@slotwise/shared/dates';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  api,
  closeChecked,
  createSlot,
  openSignedIn,
  signUp,
  zoneWithRoomToday,
} from './harness/accounts';
import { describeBrowser, launchBrowser, type OpenedPage } from './harness/browser';
import { focused, focusIsVisible, hasFocus, tabTo } from './harness/keyboard';

/**
 * The booking journey and the provider's slot creation with the keyboard alone: Tab,
 * Shift+Tab, Enter, Space, the arrow keys, Escape (and typing into fields). No mouse clicks.
 * Every element the focus passes must show a focus indicator (harness/keyboard.ts).
 */

const ZONE = zoneWithRoomToday();

async function toast(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

/** The dialog has the focus somewhere inside it. */
async function focusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((element) => element.contains(document.activeElement));
}

/**
 * Tab and Shift+Tab both stay inside the open dialog: one more press than it has tab stops
 * wraps around from the last to the first (and back).
 */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const stops = await dialog.evaluate(
    (element) =>
      element.querySelectorAll(
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
      ).length,
  );
  expect(stops).toBeGreaterThan(1);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press <= stops; press++) {
      await page.keyboard.press(key);
      expect(await focusInside(dialog), `${key} #${press + 1} left the dialog`).toBe(true);
    }
  }
}

/** The element that owns a menu button or disclosure is announced with its state. */
async function expanded(locator: Locator): Promise<string | null> {
  return locator.getAttribute('aria-expanded');
}

describeBrowser('keyboard only', () => {
  let browser: Browser;
  let opened: OpenedPage | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
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
      `keyboard-${context.task.name}`,
      context.task.result?.state === 'fail',
    );
  });

  it('a visitor on a phone skips to the content and uses the mobile menu', async () => {
    opened = await openSignedIn(browser, null, {
      timezoneId: ZONE,
      viewport: { width: 360, height: 740 },
    });
    const { page } = opened;
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Book Trusted Services Near You' }).waitFor();

    // The first Tab shows the skip link; Enter moves the focus to the main content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await hasFocus(skip)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await hasFocus(page.getByRole('main')), await focused(page)).toBe(true);

    // The menu button: a disclosure; Escape from inside the menu closes it and returns.
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await tabTo(page, menuButton, { backwards: true });
    expect(await expanded(menuButton)).toBe('false');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    expect(await expanded(menuButton)).toBe('true');
    await tabTo(page, menu.getByRole('link', { name: 'About' }));
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await hasFocus(menuButton), await focused(page)).toBe(true);
    expect(await expanded(menuButton)).toBe('false');

    // Space opens it again; a link followed with Enter leaves it closed.
    await page.keyboard.press('Space');
    await menu.waitFor();
    await tabTo(page, menu.getByRole('link', { name: 'Login' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
  });

  it('a client searches, books, reschedules and cancels without a mouse', async () => {
    const [provider, client] = await Promise.all([
      signUp({
        role: 'provider',
        firstName: 'Kira',
        lastName: 'Keys',
        zone: ZONE,
        specialty: 'Tutor',
        bio: 'Maths and physics.',
      }),
      signUp({ role: 'client', firstName: 'Tab', lastName: 'Walker', zone: ZONE }),
    ]);
    const day = addDays(todayIn(ZONE), 2);
    for (const [start, end] of [
      ['10:00', '10:30'],
      ['11:00', '11:30'],
      ['12:00', '12:30'],
    ] as const) {
      await createSlot(provider, day, start, end);
    }
    opened = await openSignedIn(browser, client, { timezoneId: ZONE });
    const { page } = opened;

    // Search: Tab to the combobox, type, ArrowDown to the option, Enter.
    await page.goto('/client');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const search = page.getByRole('combobox', { name: 'Search providers' });
    await tabTo(page, search);
    await page.keyboard.type('Kira Ke');
    const option = page.getByRole('option', { name: /Kira Keys/ });
    await option.waitFor();
    expect(await expanded(search)).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    expect(await search.getAttribute('aria-activedescendant')).toBe(
      await option.getAttribute('id'),
    );
    expect(await focusIsVisible(page, option), 'the active option is outlined').toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/client/provider/*');
    await page.getByRole('heading', { level: 1, name: 'Kira Keys' }).waitFor();

    // Book the 10:00 slot: Tab to its 'Book Now', Enter, then the summary's 'Book Now'.
    const slots = page.getByRole('region', { name: 'Available Time Slots' });
    const tenOClock = slots.getByRole('button', { name: '10:00 Book Now' });
    await tabTo(page, tenOClock);
    await page.keyboard.press('Enter');
    await tabTo(
      page,
      slots
        .getByRole('region', { name: 'Your booking' })
        .getByRole('button', { name: 'Book Now', exact: true }),
    );
    await page.keyboard.press('Enter');
    await toast(page, 'Appointment booked successfully');
    await tenOClock.waitFor({ state: 'detached' });

    // The profile menu: Shift+Tab back up to it; it announces itself as a menu button.
    const menuButton = page.getByRole('button', { name: 'Tab Walker' });
    await tabTo(page, menuButton, { backwards: true });
    expect(await menuButton.getAttribute('aria-haspopup')).toBe('menu');
    expect(await expanded(menuButton)).toBe('false');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Tab Walker' });
    await menu.waitFor();
    expect(await expanded(menuButton)).toBe('true');
    const items = menu.getByRole('menuitem');
    expect(await items.allInnerTexts()).toEqual([
      'Appointments',
      'Waitlist',
      expect.stringMatching(/^Account/),
      'Logout',
    ]);
    expect(await hasFocus(items.first()), await focused(page)).toBe(true);
    expect(await focusIsVisible(page), 'the focused menu item is outlined').toBe(true);
    // Arrow keys move through the items (wrapping); Escape closes and gives the focus back.
    await page.keyboard.press('ArrowUp');
    expect(await hasFocus(menu.getByRole('menuitem', { name: 'Logout' }))).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await hasFocus(menu.getByRole('menuitem', { name: 'Appointments' }))).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await hasFocus(menuButton)).toBe(true);
    expect(await expanded(menuButton)).toBe('false');
    // ArrowDown opens it on the first item too; Enter follows 'Appointments'.
    await page.keyboard.press('ArrowDown');
    await menu.waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/client/appointments');
    await page.getByRole('heading', { level: 1, name: 'Your Appointments' }).waitFor();

    const appointment = page.getByRole('article', { name: 'Kira Keys' });
    await appointment.getByText('10:00–10:30').waitFor();

    // Reschedule in the modal: focus moves in and is trapped; arrows pick the slot.
    const reschedule = appointment.getByRole('button', { name: 'Reschedule' });
    await tabTo(page, reschedule);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
    const first = dialog.getByRole('radio', { name: /11:00–11:30/ });
    const second = dialog.getByRole('radio', { name: /12:00–12:30/ });
    await first.waitFor();
    expect(await focusInside(dialog), await focused(page)).toBe(true);
    await expectFocusTrapped(page, dialog);
    // Escape closes it and gives the focus back to 'Reschedule'.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await hasFocus(reschedule), await focused(page)).toBe(true);

    await page.keyboard.press('Space');
    await first.waitFor();
    await tabTo(page, first);
    await page.keyboard.press('Space');
    expect(await first.isChecked()).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await second.isChecked()).toBe(true);
    expect(await hasFocus(second)).toBe(true);
    await tabTo(page, dialog.getByRole('button', { name: 'Confirm Reschedule' }));
    await page.keyboard.press('Enter');
    await toast(page, 'Appointment rescheduled successfully');
    await dialog.waitFor({ state: 'detached' });
    await appointment.getByText('12:00–12:30').waitFor();
    expect(await hasFocus(reschedule), await focused(page)).toBe(true);

    // Cancel: the confirmation starts on the safe choice; Escape keeps the appointment.
    const cancel = appointment.getByRole('button', { name: 'Cancel' });
    await tabTo(page, cancel, { backwards: true });
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Cancel appointment' });
    await confirm.waitFor();
    expect(await hasFocus(confirm.getByRole('button', { name: 'Keep appointment' }))).toBe(true);
    expect(await confirm.getAttribute('aria-describedby')).toBeTruthy();
    await expectFocusTrapped(page, confirm);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await hasFocus(cancel), await focused(page)).toBe(true);
    await appointment.getByText('booked').waitFor();

    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await tabTo(page, confirm.getByRole('button', { name: 'Yes, cancel' }));
    await page.keyboard.press('Space');
    await toast(page, 'Appointment cancelled successfully');
    await confirm.waitFor({ state: 'detached' });
    // Canceled, it leaves Upcoming for the Past tab (docs/product.md §14.4); the Cancel button is
    // gone with it: the focus lands on the page, not on <body>.
    await appointment.waitFor({ state: 'detached' });
    expect(await hasFocus(page.getByRole('main')), await focused(page)).toBe(true);
    await page.goto('/client/appointments?tab=past');
    await appointment.getByText('canceled').waitFor();

    const { appointments } = (await api('/appointment/view', { token: client.token })) as {
      appointments: { status: string; start_time: string }[];
    };
    expect(appointments.map((a) => `${a.start_time} ${a.status}`)).toEqual(['12:00:00 canceled']);
  });

  it('a provider creates a slot without a mouse', async () => {
    const provider = await signUp({
      role: 'provider',
      firstName: 'Pia',
      lastName: 'Planner',
      zone: ZONE,
      specialty: 'Photographer',
    });
    opened = await openSignedIn(browser, provider, { timezoneId: ZONE, locale: 'en-US' });
    const { page } = opened;
    const day = addDays(todayIn(ZONE), 3);
    const [year, month, date] = day.split('-');

    // The list on the week holding `day` (docs/product.md §14.3: a week a page).
    await page.goto(`/dashboard/timeslots?view=list&week=${day}`);
    await page.getByRole('heading', { level: 1, name: 'Time Slots' }).waitFor();
    await page.getByText('No time slots available.').waitFor();

    const create = page.getByRole('button', { name: '+ Create Slot' });
    await tabTo(page, create);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create Time Slot' });
    await dialog.waitFor();
    expect(await focusInside(dialog)).toBe(true);
    await expectFocusTrapped(page, dialog);

    // Escape closes it and gives the focus back; Space opens it again.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await hasFocus(create), await focused(page)).toBe(true);
    await page.keyboard.press('Space');
    await dialog.waitFor();

    // The mode switch is a radio group: arrows move between 'Single slot' and 'Several slots'.
    const single = dialog.getByRole('radio', { name: 'Single slot' });
    await tabTo(page, single);
    await page.keyboard.press('ArrowRight');
    await dialog.getByLabel('From date').waitFor();
    await page.keyboard.press('ArrowLeft');
    expect(await single.isChecked()).toBe(true);

    // Date and times are typed segment by segment (en-US: mm/dd/yyyy, hh:mm AM/PM).
    // (Each also has a picker button inside it: tabTo presses Tab until the next field.)
    await tabTo(page, dialog.getByLabel('Date', { exact: true }));
    await page.keyboard.type(`${month}${date}${year}`);
    await tabTo(page, dialog.getByLabel('Start time'));
    await page.keyboard.type('0200PM');
    await tabTo(page, dialog.getByLabel('End time'));
    await page.keyboard.type('0245PM');
    expect(await dialog.getByLabel('Date', { exact: true }).inputValue()).toBe(day);
    expect(await dialog.getByLabel('Start time').inputValue()).toBe('14:00');
    expect(await dialog.getByLabel('End time').inputValue()).toBe('14:45');

    await tabTo(page, dialog.getByRole('button', { name: 'Create Slot' }));
    await page.keyboard.press('Enter');
    await toast(page, 'Time slot created successfully!');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('article').filter({ hasText: '14:00–14:45' }).waitFor();
    expect(await hasFocus(create), await focused(page)).toBe(true);

    const { slots } = (await api('/timeslots/view', { token: provider.token })) as {
      slots: { day: string; start_time: string; end_time: string }[];
    };
    expect(slots.map((s) => `${s.day} ${s.start_time}-${s.end_time}`)).toEqual([
      `${day} 14:00:00-14:45:00`,
    ]);
  });

  it('the notification bells and the provider navigation drawer are reachable and announced', async () => {
    const [provider, client] = await Promise.all([
      signUp({ role: 'provider', firstName: 'Nia', lastName: 'Notes', zone: ZONE }),
      signUp({ role: 'client', firstName: 'Bea', lastName: 'Bell', zone: ZONE }),
    ]);
    const day = addDays(todayIn(ZONE), 1);
    const slot = await createSlot(provider, day, '09:00', '09:30');
    await api('/appointment/booking', {
      method: 'POST',
      token: client.token,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ timeslotId: slot }),
    });

    // The client's bell: reachable, a disclosure button, and Escape gives the focus back.
    const clientTab = await openSignedIn(browser, client, { timezoneId: ZONE });
    try {
      const page = clientTab.page;
      await page.goto('/client');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const bell = page.getByRole('button', { name: 'Notifications (0 unread)' });
      await tabTo(page, bell);
      expect(await expanded(bell)).toBe('false');
      await page.keyboard.press('Enter');
      const panel = page.getByRole('region', { name: 'Notifications (0)' });
      await panel.getByText('No notifications').waitFor();
      expect(await expanded(bell)).toBe('true');
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      expect(await hasFocus(bell)).toBe(true);
      expect(await expanded(bell)).toBe('false');
    } finally {
      await closeChecked(clientTab, 'keyboard-client-bell', false);
    }

    // The provider has one unread notification (the booking).
    opened = await openSignedIn(browser, provider, { timezoneId: ZONE });
    const { page } = opened;
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Provider Dashboard' }).waitFor();
    const bell = page.getByRole('button', { name: 'Notifications (1 unread)' });
    await tabTo(page, bell);
    expect(await expanded(bell)).toBe('false');
    const panelId = await bell.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Notifications (1)' });
    await panel.waitFor();
    expect(await expanded(bell)).toBe('true');
    expect(await panel.getAttribute('id')).toBe(panelId);
    // Its content is next in the tab order: the notification, then the link to all of them.
    const item = panel.getByRole('listitem').getByRole('button', { name: /New Appointment/ });
    await tabTo(page, item);
    expect(await item.textContent()).toContain('(unread)');
    await tabTo(page, panel.getByRole('link', { name: 'View all notifications' }));
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await hasFocus(page.getByRole('button', { name: /^Notifications/ }))).toBe(true);
    expect(await expanded(page.getByRole('button', { name: /^Notifications/ }))).toBe('false');
    // Closed by the provider: read (docs/product.md §4).
    await page.getByRole('button', { name: 'Notifications (0 unread)' }).waitFor();

    // On a phone the sidebar is a drawer behind a disclosure button.
    await page.setViewportSize({ width: 360, height: 740 });
    const toggle = page.getByRole('button', { name: 'Show navigation' });
    await toggle.waitFor();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    expect(await sidebar.isVisible()).toBe(false);
    expect(await expanded(toggle)).toBe('false');
    await tabTo(page, toggle, { backwards: true });
    await page.keyboard.press('Enter');
    await sidebar.waitFor();
    const close = page.getByRole('button', { name: 'Close navigation' });
    expect(await hasFocus(close), await focused(page)).toBe(true);
    await tabTo(page, sidebar.getByRole('link', { name: 'Time Slots' }));
    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'hidden' });
    expect(await hasFocus(page.getByRole('button', { name: 'Show navigation' }))).toBe(true);
    // Following a link from the drawer closes it.
    await page.keyboard.press('Enter');
    await tabTo(page, sidebar.getByRole('link', { name: 'Time Slots' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Time Slots' }).waitFor();
    await sidebar.waitFor({ state: 'hidden' });
  });
});
