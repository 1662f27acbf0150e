import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { clockIn } from '@slotwise/shared/dates';
import { PAYMENT_MESSAGES, TEST_CARDS } from '@slotwise/shared/payments-schemas';
import { PAYMENT_TEXTS } from '@slotwise/shared/payments-texts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './harness/a11y';
import {
  api,
  closeChecked,
  openSignedIn,
  send,
  signUp,
  signUpListedProvider,
  type Session,
} from './harness/accounts';
import { describeBrowser, launchBrowser, screenshot, type OpenedPage } from './harness/browser';

/**
 * Payments and no-show protection (docs/product.md §16, docs/decisions/068-payments.md) in the
 * browser: a client books a prepaid service, is sent to the checkout, is declined with the
 * decline test card, pays with the other, sees the appointment booked and paid, cancels it
 * inside the 50 % window seeing the quote first, and sees the refund in their list; the provider
 * sees the fee kept on the Earnings page.
 */

const ZONE = 'America/New_York';
const WAIT = { timeout: 15_000 };

/** A one-hour slot ~30 hours from now in ZONE (inside the 24–48 h tier), on the hour. */
function slotAbout30HoursAhead(): { day: string; start: string; end: string } {
  const at = clockIn(ZONE, new Date(Date.now() + 30 * 3_600_000));
  // Never past 22:00, so the hour ends the same day (at least ~28 h ahead still).
  const hour = Math.min(Number(at.time.slice(0, 2)), 22);
  const hh = (h: number) => String(h).padStart(2, '0');
  return { day: at.today, start: `${hh(hour)}:00:00`, end: `${hh(hour + 1)}:00:00` };
}

async function prepaidProvider(): Promise<Session & { providerId: string; lastName: string }> {
  const { places } = await api('/places?q=Philadelphia&limit=1');
  const place = (places as { id: string }[])[0]!;
  const lastName = `Pay${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;
  const session = await signUpListedProvider({
    firstName: 'Mara',
    lastName,
    zone: ZONE,
    specialty: 'Massage',
    bio: 'Massage in Philadelphia.',
    category: 'tutor',
    placeId: place.id,
    address: '1500 Market St',
  });
  await send(
    'PUT',
    '/provider/policy',
    {
      minNoticeMinutes: 0,
      maxAdvanceDays: 90,
      bufferMinutes: 0,
      maxPerDay: null,
      cancelCutoffMinutes: 0,
      cancellationFees: [
        { hoursBefore: 48, percent: 0 },
        { hoursBefore: 24, percent: 50 },
        { hoursBefore: 0, percent: 100 },
      ],
      noShowFeePercent: 100,
    },
    session.token,
  );
  const { service } = await send(
    'POST',
    '/services',
    {
      name: 'Deep tissue',
      duration_minutes: 60,
      price_cents: 2500,
      currency: 'EUR',
      payment_mode: 'prepay',
    },
    session.token,
  );
  const slot = slotAbout30HoursAhead();
  await send(
    'POST',
    '/timeslots/create',
    {
      day: slot.day,
      startTime: slot.start,
      endTime: slot.end,
      serviceId: (service as { id: string }).id,
    },
    session.token,
  );
  return { ...session, lastName };
}

describeBrowser('payments', () => {
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
      // The declined card: a 402 the browser reports, and the failure the app logs (§8).
      await closeChecked(page, `payments-${context.task.name}-${index}`, failed, [
        /402/,
        new RegExp(`^\\[api\\] ${PAYMENT_MESSAGES.cardDeclined.replace(/\./g, '\\.')}`),
      ]);
    }
  });

  async function open(session: Session, path: string): Promise<Page> {
    const tab = await openSignedIn(browser, session, { timezoneId: ZONE });
    opened.push(tab);
    await tab.page.goto(path);
    return tab.page;
  }

  it('books a prepaid service, is declined, pays, cancels at 50 % and sees the refund', async () => {
    const provider = await prepaidProvider();
    const client = await signUp({
      role: 'client',
      firstName: 'Cleo',
      lastName: 'Payer',
      zone: ZONE,
    });

    // The booking page says what is paid now and the terms before confirming.
    const page = await open(client, `/client/provider/${provider.providerId}`);
    const section = page.getByRole('region', { name: 'Available Time Slots' });
    await section
      .getByRole('button', { name: /Book Now$/ })
      .first()
      .click();
    const summary = page.getByRole('region', { name: 'Your booking' });
    await summary.getByText('€25.00').first().waitFor();
    await summary.getByText('Cancel 24–48 h before: 50 % of the price').waitFor();
    await summary.getByRole('button', { name: PAYMENT_TEXTS.continueToPayment }).click();

    // The checkout: declined, then paid.
    await page.waitForURL(/\/pay\/[0-9a-f-]{36}$/, WAIT);
    await page.getByRole('heading', { level: 1, name: PAYMENT_TEXTS.checkoutTitle }).waitFor();
    await page.getByText(`Mara ${provider.lastName}`).waitFor();
    await page.getByText('€25.00').waitFor();
    await expectAccessible(page, 'the checkout');
    await screenshot(page, 'payments-checkout');
    const card = page.getByLabel(PAYMENT_TEXTS.cardLabel);
    await card.fill(TEST_CARDS.decline);
    await page.getByRole('button', { name: PAYMENT_TEXTS.pay, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: PAYMENT_MESSAGES.cardDeclined }).waitFor();
    await card.fill(TEST_CARDS.success);
    await page.getByRole('button', { name: PAYMENT_TEXTS.pay, exact: true }).click();
    await page.getByText(`${PAYMENT_MESSAGES.paid}.`).waitFor(WAIT);
    await screenshot(page, 'payments-paid');

    // Booked and paid in the client's list.
    await page.getByRole('link', { name: PAYMENT_TEXTS.myAppointments }).click();
    const cards = page.getByRole('list', { name: 'Appointments' }).getByRole('listitem');
    await expect.poll(() => cards.count(), WAIT).toBe(1);
    const booked = cards.first();
    await booked.getByText('Paid €25.00').waitFor();
    expect(await booked.textContent()).toContain('booked');

    // Cancel ~30 h ahead: the dialog says what is kept and refunded before confirming.
    await booked.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
    await dialog
      .getByText('Cancelling now keeps 50 % of the price (€12.50); €12.50 is refunded.')
      .waitFor(WAIT);
    await expectAccessible(page, 'the cancel quote');
    await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect.poll(() => cards.count(), WAIT).toBe(0);
    await page.goto('/client/appointments?tab=past');
    const past = page.getByRole('list', { name: 'Appointments' }).getByRole('listitem');
    await past.first().getByText('Paid €25.00 · Refunded €12.50 · Fee €12.50').waitFor(WAIT);
    await screenshot(page, 'payments-refunded');

    // The provider's earnings show the fee kept.
    const earnings = await open(provider, '/dashboard/earnings');
    await earnings.getByRole('heading', { level: 1, name: PAYMENT_TEXTS.earningsTitle }).waitFor();
    const totals = earnings.getByLabel('Totals');
    await expect.poll(() => totals.textContent(), WAIT).toMatch(/Cancellation fees€12\.50/);
    expect(await totals.textContent()).toMatch(/Refunds€12\.50/);
    await expectAccessible(earnings, 'the earnings page');
    await screenshot(earnings, 'payments-earnings');
  }, 180_000);
});
