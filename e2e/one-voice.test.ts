import type { Browser, Page } from 'playwright-core';
import { addDays, clockIn } from '@slotwise/shared/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './harness/a11y';
import {
  book,
  closeChecked,
  createSlot,
  openSignedIn,
  send,
  signUp,
  zoneWithRoomToday,
  type Session,
} from './harness/accounts';
import { describeBrowser, launchBrowser, screenshot, type OpenedPage } from './harness/browser';

/**
 * One voice (docs/product.md §14.5): every date and time on the main screens of both roles comes
 * from apps/web/src/lib/date-time-format.ts, whose formats ('Thu, Nov 26', '17:30', 'Today
 * 17:30') never match the patterns below; a phone shows the bottom tab bar with the current tab
 * marked; and the screens are axe-clean at 1280 and 390 px.
 */

const ZONE = zoneWithRoomToday();
const hh = (hour: number) => String(hour).padStart(2, '0');
const MONTHS = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';

/** Date and time shapes the shared formatters never produce. */
const FOREIGN_FORMATS: [string, RegExp][] = [
  ['ISO day', /\b\d{4}-\d{2}-\d{2}\b/],
  ['numeric day', /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/],
  ['day before month', new RegExp(`\\b\\d{1,2} (${MONTHS})[a-z]*\\.?( \\d{4})?\\b`)],
  ['12-hour time', /\b\d{1,2}(:\d{2})?\s?(AM|PM|am|pm)\b/],
  ['time with seconds', /\b\d{1,2}:\d{2}:\d{2}\b/],
  ['ISO instant', /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/],
];

/** Every line of visible text that looks like a date or time in a foreign format. */
async function foreignDates(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const found: string[] = [];
  for (const line of text.split('\n')) {
    for (const [name, pattern] of FOREIGN_FORMATS) {
      if (pattern.test(line)) found.push(`${name}: "${line.trim()}"`);
    }
  }
  return found;
}

/** Waits for the page's level-1 heading and for no 'Loading…' text to be left. */
async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => page.getByText(/^Loading\b.*\.\.\.$/).count()).toBe(0);
  await page.waitForLoadState('networkidle');
}

describeBrowser('one voice: dates, the phone tab bar and contrast', () => {
  let browser: Browser;
  let provider: Session;
  let client: Session;
  let providerId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    [provider, client] = await Promise.all([
      signUp({
        role: 'provider',
        firstName: 'Vera',
        lastName: 'Voice',
        zone: ZONE,
        specialty: 'Barber',
        bio: 'Clean fades.',
      }),
      signUp({ role: 'client', firstName: 'Cal', lastName: 'Client', zone: ZONE }),
    ]);
    providerId = String(provider.user.providerId);
    const clock = clockIn(ZONE);
    const h = Number(clock.time.slice(0, 2)) + 1;
    const tomorrow = addDays(clock.today, 1);
    const later = addDays(clock.today, 4);
    const today = await createSlot(provider, clock.today, `${hh(h)}:00`, `${hh(h)}:30`);
    const nextDay = await createSlot(provider, tomorrow, '10:00', '10:30');
    await createSlot(provider, tomorrow, '17:30', '18:00');
    const toCancel = await createSlot(provider, later, '09:00', '09:45');
    await book(client, today);
    await book(client, nextDay);
    const canceled = await book(client, toCancel);
    await send('PATCH', `/appointment/provider/cancel/${canceled}`, {}, provider.token);
    const { conversation } = await send('POST', '/conversations', { providerId }, client.token);
    const conversationId = (conversation as { id: string }).id;
    await send('POST', `/conversations/${conversationId}/messages`, { body: 'Hi!' }, client.token);
    await send(
      'POST',
      `/conversations/${conversationId}/messages`,
      { body: 'Hello' },
      provider.token,
    );
  });

  afterAll(async () => {
    await browser?.close();
  });

  const clientScreens = [
    '/client',
    '/client/provider/:id',
    '/client/appointments',
    '/notifications',
    '/messages',
    '/client/account',
    '/providers',
    '/providers/:id',
  ];
  const providerScreens = [
    '/dashboard',
    '/dashboard/timeslots',
    '/dashboard/appointments',
    '/dashboard/analytics',
    '/dashboard/profile',
    '/messages',
    '/notifications',
  ];

  for (const [role, screens] of [
    ['client', clientScreens],
    ['provider', providerScreens],
  ] as const) {
    it(`shows no date or time outside the shared formats on the ${role}'s screens`, async () => {
      const opened = await openSignedIn(browser, role === 'client' ? client : provider, {
        timezoneId: ZONE,
      });
      let failed = false;
      try {
        const offending: string[] = [];
        for (const screen of screens) {
          await opened.page.goto(screen.replace(':id', providerId));
          await settled(opened.page);
          const found = (await foreignDates(opened.page)).map((line) => `${screen} ${line}`);
          offending.push(...found);
        }
        expect(offending, 'dates or times rendered outside lib/date-time-format.ts').toEqual([]);
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        await closeChecked(opened, `one-voice-dates-${role}`, failed);
      }
    });
  }

  describe('the bottom tab bar on a phone', () => {
    const cases = [
      {
        role: 'client' as const,
        tabs: ['Home', 'Search', 'Appointments', 'Messages', 'Account'],
        visits: [
          ['/client', 'Home'],
          ['/client/appointments', 'Appointments'],
          ['/messages', 'Messages'],
        ],
      },
      {
        role: 'provider' as const,
        tabs: ['Dashboard', 'Time Slots', 'Appointments', 'Messages', 'Settings'],
        visits: [
          ['/dashboard', 'Dashboard'],
          ['/dashboard/timeslots', 'Time Slots'],
          ['/dashboard/profile', 'Settings'],
        ],
      },
    ];
    for (const { role, tabs, visits } of cases) {
      it(`gives the ${role} five labelled tabs, the current one marked, nothing hidden behind`, async () => {
        const opened = await openSignedIn(browser, role === 'client' ? client : provider, {
          timezoneId: ZONE,
          viewport: { width: 390, height: 844 },
        });
        const { page } = opened;
        let failed = false;
        try {
          for (const [path, current] of visits) {
            await page.goto(path!);
            await settled(page);
            const bar = page.getByRole('navigation', { name: 'Tabs' });
            await expect.poll(() => bar.getByRole('link').allInnerTexts()).toEqual(tabs);
            const marked = bar.locator('[aria-current="page"]');
            expect(await marked.count(), `one current tab on ${path}`).toBe(1);
            expect((await marked.innerText()).trim()).toBe(current);
            // The page's end clears the bar: main is padded at least the bar's height.
            const { padding, height } = await page.evaluate(() => ({
              padding: parseFloat(getComputedStyle(document.getElementById('main')!).paddingBottom),
              height: document.querySelector('nav[aria-label="Tabs"]')!.getBoundingClientRect()
                .height,
            }));
            expect(padding, `bottom padding on ${path}`).toBeGreaterThanOrEqual(height);
          }
          // Tapping a tab goes to its route and marks it.
          const bar = page.getByRole('navigation', { name: 'Tabs' });
          await bar.getByRole('link', { name: 'Appointments' }).click();
          await page.waitForURL(
            role === 'client' ? /\/client\/appointments$/ : /\/dashboard\/appointments$/,
          );
          await expect
            .poll(() =>
              bar.getByRole('link', { name: 'Appointments' }).getAttribute('aria-current'),
            )
            .toBe('page');
          await expectAccessible(page, `${role} tab bar at 390 px`);

          // The desktop keeps its header and shows no tab bar.
          await page.setViewportSize({ width: 1280, height: 800 });
          await expect.poll(() => page.getByRole('navigation', { name: 'Tabs' }).count()).toBe(0);
        } catch (error) {
          failed = true;
          await screenshot(page, `one-voice-tabs-${role}`);
          throw error;
        } finally {
          await closeChecked(opened, `one-voice-tabs-${role}`, failed);
        }
      });
    }
  });

  describe('axe at both widths', () => {
    const screens = [
      ['client', '/client'],
      ['client', '/client/appointments'],
      ['client', '/messages'],
      ['provider', '/dashboard'],
      ['provider', '/dashboard/profile'],
    ] as const;
    for (const width of [1280, 390]) {
      it(`passes axe (color contrast included) at ${width} px`, async () => {
        const pages: Record<'client' | 'provider', OpenedPage> = {
          client: await openSignedIn(browser, client, {
            timezoneId: ZONE,
            viewport: { width, height: width === 390 ? 844 : 800 },
          }),
          provider: await openSignedIn(browser, provider, {
            timezoneId: ZONE,
            viewport: { width, height: width === 390 ? 844 : 800 },
          }),
        };
        let failed = false;
        try {
          for (const [role, path] of screens) {
            const { page } = pages[role];
            await page.goto(path);
            await settled(page);
            await expectAccessible(page, `${path} at ${width} px`);
          }
          // The verification screen right after registration counts the first mail down.
          const visitor = pages.client.page;
          await visitor.goto('/email-verification');
          await visitor.evaluate(() => {
            window.history.replaceState(
              { usr: { email: 'new@example.test', mailSentAt: Date.now() }, key: 'v', idx: 0 },
              '',
            );
          });
          await visitor.reload();
          await expect
            .poll(() => visitor.getByRole('button', { name: /^Resend in \d+ s$/ }).isDisabled())
            .toBe(true);
          await expectAccessible(visitor, `/email-verification at ${width} px`);
        } catch (error) {
          failed = true;
          throw error;
        } finally {
          await closeChecked(pages.client, `one-voice-axe-client-${width}`, failed);
          await closeChecked(pages.provider, `one-voice-axe-provider-${width}`, failed);
        }
      });
    }
  });
});
