import type { Browser } from 'playwright-core';
import { clockIn } from '@slotwise/shared/dates';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  api,
  book,
  closeChecked,
  createSlot,
  openSignedIn,
  send,
  signUp,
  type Session,
} from './harness/accounts';
import { describeBrowser, launchBrowser, type OpenedPage } from './harness/browser';

/**
 * Booking policies (docs/product.md §11.4): the provider sets 2 h minimum notice and a 24 h
 * cancellation cut-off in Settings; slots less than 2 h ahead vanish from the client's provider
 * page; a booking 23 h ahead shows Cancel and Reschedule disabled with the reason; the provider
 * can still cancel it and the client is told.
 */

const ZONE = 'UTC';
const QUARTER = 15 * 60_000;

/** A 15-minute slot starting at the first quarter hour `minutes` from now (not across midnight). */
async function slotAhead(provider: Session, minutes: number) {
  let start = new Date(Math.ceil((Date.now() + minutes * 60_000) / QUARTER) * QUARTER);
  if (clockIn(ZONE, new Date(start.getTime() + QUARTER)).today !== clockIn(ZONE, start).today) {
    start = new Date(start.getTime() + QUARTER);
  }
  const from = clockIn(ZONE, start);
  const to = clockIn(ZONE, new Date(start.getTime() + QUARTER));
  const hhmm = (time: string) => time.slice(0, 5);
  const id = await createSlot(provider, from.today, hhmm(from.time), hhmm(to.time));
  return { id, range: `${hhmm(from.time)}–${hhmm(to.time)}` };
}

describeBrowser('booking policies', () => {
  let browser: Browser;
  const opened: OpenedPage[] = [];
  let provider: Session;
  let client: Session;
  let failed = false;

  beforeAll(async () => {
    browser = await launchBrowser();
    [provider, client] = await Promise.all([
      signUp({ role: 'provider', firstName: 'Polly', lastName: 'Rules', zone: ZONE }),
      signUp({ role: 'client', firstName: 'Cody', lastName: 'Client', zone: ZONE }),
    ]);
  });
  afterEach((context) => {
    failed = context.task.result?.state === 'fail';
  });
  afterAll(async () => {
    for (const page of opened) await closeChecked(page, 'policies', failed);
    await browser?.close();
  });

  it('notice hides near slots; past the cut-off the client cannot cancel; the provider can', async () => {
    const near = await slotAhead(provider, 60);
    const later = await slotAhead(provider, 180);
    const dayAhead = await slotAhead(provider, 23 * 60);

    // The provider sets the policy in Settings.
    const providerTab = await openSignedIn(browser, provider, { timezoneId: ZONE });
    opened.push(providerTab);
    const p = providerTab.page;
    await p.goto('/dashboard/profile');
    await p.getByRole('heading', { name: 'Booking policy' }).waitFor();
    await p.getByLabel('Minimum notice (hours)').fill('2');
    await p.getByLabel('Cancellation cut-off (hours)').fill('24');
    await p.getByText("Clients can't book less than 2 hours ahead", { exact: true }).waitFor();
    await p.getByRole('button', { name: 'Save policy' }).click();
    await p.getByText('Booking policy saved').waitFor();

    // The client's provider page: the near slot is gone, the policy is stated.
    const clientTab = await openSignedIn(browser, client, { timezoneId: ZONE });
    opened.push(clientTab);
    const c = clientTab.page;
    await c.goto(`/client/provider/${String(provider.user.providerId)}`);
    // The booking page names each time by its start ('14:15 Book Now', docs/product.md §14.1).
    const time = (slot: { range: string }) =>
      c.getByRole('button', { name: `${slot.range.slice(0, 5)} Book Now` });
    await time(later).waitFor();
    expect(await time(near).count()).toBe(0);
    await c.getByText("Clients can't book less than 2 hours ahead", { exact: true }).waitFor();
    await c
      .getByText('Free cancellation until 1 day before the appointment', { exact: true })
      .waitFor();

    // Booked 23 h ahead: inside the 24 h cut-off from the start.
    const appointmentId = await book(client, dayAhead.id);
    await c.goto('/client/appointments');
    const card = c.getByRole('article').filter({ hasText: dayAhead.range });
    await card.getByText(/Free cancellation ended .*contact the provider/).waitFor();
    expect(await card.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    expect(await card.getByRole('button', { name: 'Reschedule' }).isDisabled()).toBe(true);

    // The provider can still cancel; the client is told.
    await send('PATCH', `/appointment/provider/cancel/${appointmentId}`, {}, provider.token);
    const { notifications } = (await api('/notifications', { token: client.token })) as {
      notifications: { appointment_id?: string; appointmentId?: string; type: string }[];
    };
    expect(JSON.stringify(notifications)).toContain(appointmentId);
    // A canceled appointment is in the Past tab (docs/product.md §14.4).
    await c.goto('/client/appointments?tab=past');
    await card
      .getByText(/cancel/i)
      .first()
      .waitFor();
  });
});
