import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { addDays, todayIn, weekdayOf } from '@slotwise/shared/dates';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  describeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  type OpenedPage,
} from './harness/browser';
import { waitForVerificationLink } from './harness/mail';
import { testServer } from './harness/test-server';

const ZONE = 'America/New_York';
const PASSWORD = 'Secret123';

interface Session {
  token: string;
  user: Record<string, unknown>;
}

async function api(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const response = await fetch(`${testServer().baseURL}/api${path}`, init);
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

function postJson(path: string, body: unknown) {
  return api(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A provider as the product makes one: register, complete the profile, verify, log in. */
async function signUpProvider(): Promise<Session> {
  const email = `provider-${randomUUID().slice(0, 8)}@example.test`;
  const form = new FormData();
  form.set('firstName', 'Pat');
  form.set('lastName', 'Slots');
  form.set('email', email);
  form.set('password', PASSWORD);
  form.set('role', 'provider');
  form.set('timezone', ZONE);
  const { userId } = await api('/auth/register', { method: 'POST', body: form });
  await postJson('/auth/register/provider', { userId, specialty: 'Barber', bio: 'Sharp cuts.' });
  const link = new URL(await waitForVerificationLink(testServer().dataDir, email));
  await postJson('/auth/verify-email', { token: link.searchParams.get('token') });
  const login = await postJson('/auth/login', { email, password: PASSWORD });
  return { token: login.token as string, user: login.user as Record<string, unknown> };
}

async function toast(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

describeBrowser('time slots screen', () => {
  let browser: Browser;
  let opened: OpenedPage | undefined;
  /** Console errors a step expects (an API failure is logged, docs/product.md §8). */
  let expectedErrors: RegExp[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async (context) => {
    if (!opened) return;
    const { page, problems, close } = opened;
    opened = undefined;
    try {
      if (context.task.result?.state === 'fail')
        await screenshot(page, `timeslots-${context.task.name}`);
      expect(problems.pageErrors, 'uncaught page errors').toEqual([]);
      const unexpected = problems.consoleErrors.filter(
        (message) => !expectedErrors.some((pattern) => pattern.test(message)),
      );
      expect(unexpected, 'console errors').toEqual([]);
      expect(problems.cspViolations, 'CSP violations').toEqual([]);
    } finally {
      expectedErrors = [];
      await close();
    }
  });

  it('creates a slot and a run, updates one and deletes one through the modals', async () => {
    const session = await signUpProvider();
    opened = await newPage(browser, { timezoneId: ZONE });
    const { page, context } = opened;
    // Signed in as the login screen leaves it (docs/product.md §3): token in localStorage, user in sessionStorage.
    await context.addInitScript((s: Session) => {
      window.localStorage.setItem('token', s.token);
      window.sessionStorage.setItem('user', JSON.stringify(s.user));
    }, session);

    const today = todayIn(ZONE);
    // Next week's Tuesday and Wednesday: one page of the list (a week a page, §14.3).
    const nextMonday = addDays(today, 7 - ((weekdayOf(today) + 6) % 7));
    const single = addDays(nextMonday, 1);
    const runDay = addDays(nextMonday, 2);

    await page.goto(`/dashboard/timeslots?view=list&week=${single}`);
    await page.getByRole('heading', { level: 1, name: 'Time Slots' }).waitFor();
    await page.getByText('No time slots available.').waitFor();

    // One slot.
    await page.getByRole('button', { name: '+ Create Slot' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create Time Slot' });
    await expect(dialog.getByLabel('Date', { exact: true }).getAttribute('min')).resolves.toBe(
      today,
    );
    await dialog.getByLabel('Date', { exact: true }).fill(single);
    await dialog.getByLabel('Start time').fill('14:00');
    await dialog.getByLabel('End time').fill('13:00');
    await dialog.getByText('End time must be after start time').waitFor();
    await expect(dialog.getByRole('button', { name: 'Create Slot' }).isDisabled()).resolves.toBe(
      true,
    );
    await dialog.getByLabel('End time').fill('14:30');
    await dialog.getByRole('button', { name: 'Create Slot' }).click();
    await toast(page, 'Time slot created successfully!');
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('article')
      .filter({ hasText: '14:00–14:30' })
      .getByText('Available')
      .waitFor();

    // A run: 09:00–11:00 in 30-minute slots on one day, every weekday ticked.
    await page.getByRole('button', { name: '+ Create Slot' }).click();
    dialog = page.getByRole('dialog', { name: 'Create Time Slot' });
    await dialog.getByText('Several slots').click();
    await dialog.getByLabel('From date').fill(runDay);
    await dialog.getByLabel('To date').fill(runDay);
    for (const day of ['Saturday', 'Sunday'])
      await dialog.getByRole('checkbox', { name: day }).check();
    await dialog.getByLabel('Start time').fill('09:00');
    await dialog.getByLabel('End time').fill('11:00');
    await dialog.getByLabel('Slot length (minutes)').fill('30');
    await dialog.getByText('This creates 4 slots on 1 day.').waitFor();
    await screenshot(page, 'timeslots-bulk-form');
    await dialog.getByRole('button', { name: 'Create Slots' }).click();
    await toast(page, '4 time slots created successfully!');
    await dialog.waitFor({ state: 'detached' });
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(5);

    // A clash is refused with the server's message naming it.
    expectedErrors = [/status of 409/, /overlaps your slot/];
    await page.getByRole('button', { name: '+ Create Slot' }).click();
    dialog = page.getByRole('dialog', { name: 'Create Time Slot' });
    await dialog.getByLabel('Date', { exact: true }).fill(runDay);
    await dialog.getByLabel('Start time').fill('09:15');
    await dialog.getByLabel('End time').fill('09:45');
    await dialog.getByRole('button', { name: 'Create Slot' }).click();
    await toast(
      page,
      `This time slot overlaps your slots ${runDay} 09:00–09:30, ${runDay} 09:30–10:00`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Update the single slot's end time.
    await page.getByRole('button', { name: /^Update Barber slot, .* 14:00–14:30$/ }).click();
    dialog = page.getByRole('dialog', { name: 'Update Time Slot' });
    await expect(dialog.getByLabel('Date', { exact: true }).inputValue()).resolves.toBe(single);
    await dialog.getByLabel('End time').fill('15:00');
    await dialog.getByRole('button', { name: 'Update Slot' }).click();
    await toast(page, 'Time slot updated successfully!');
    await page.getByRole('article').filter({ hasText: '14:00–15:00' }).waitFor();

    // Delete one slot of the run, after confirming.
    await page.getByRole('button', { name: /^Delete Barber slot, .* 10:30–11:00$/ }).click();
    dialog = page.getByRole('dialog', { name: 'Delete time slot' });
    await dialog.getByText('Are you sure you want to delete this slot?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Time slot deleted');
    await expect.poll(() => cards.count()).toBe(4);
    await expect(
      page.getByRole('article').filter({ hasText: '10:30–11:00' }).count(),
    ).resolves.toBe(0);

    // What the screen shows is what the server holds, in date and time order.
    const { slots } = (await api('/timeslots/view', {
      headers: { authorization: `Bearer ${session.token}` },
    })) as { slots: { day: string; start_time: string; end_time: string }[] };
    expect(slots.map((s) => `${s.day} ${s.start_time}-${s.end_time}`)).toEqual([
      `${single} 14:00:00-15:00:00`,
      `${runDay} 09:00:00-09:30:00`,
      `${runDay} 09:30:00-10:00:00`,
      `${runDay} 10:00:00-10:30:00`,
    ]);
    await screenshot(page, 'timeslots-list');
  });
});
