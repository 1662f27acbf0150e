import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { addDays, clockIn } from '@slotwise/shared/dates';
import { MESSAGES } from '@slotwise/shared/texts';
import { WAITLIST_MESSAGES } from '@slotwise/shared/waitlist-schemas';
import { refilledText, WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './harness/a11y';
import {
  api,
  book,
  closeChecked,
  createSlot,
  openSignedIn,
  send,
  signUp,
  signUpListedProvider,
  type Session,
} from './harness/accounts';
import {
  connectedSocket,
  describeBrowser,
  launchBrowser,
  screenshot,
  type OpenedPage,
} from './harness/browser';

/**
 * The waitlist (docs/product.md §17, docs/decisions/069-waitlist.md) in the browser: client B
 * joins a provider's waitlist for the day whose only slot client A booked; A cancels; B's bell
 * and a toast say 'Slot Available' live with a countdown, and B books it in one click. Client C,
 * on the provider's page all along, never sees the freed time: it is held for B.
 */

const ZONE = 'America/New_York';
const WAIT = { timeout: 15_000 };

describeBrowser('waitlist', () => {
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
      await closeChecked(page, `waitlist-${context.task.name}-${index}`, failed);
    }
  });

  /** A signed-in tab on `path`, and when its socket is in. */
  async function open(session: Session, path: string) {
    const tab = await openSignedIn(browser, session, { timezoneId: ZONE });
    opened.push(tab);
    const live = connectedSocket(tab.page);
    await tab.page.goto(path);
    return { page: tab.page, live };
  }

  it('offers a freed time to the client waiting, live, and keeps it from everyone else', async () => {
    const { places } = await api('/places?q=Philadelphia&limit=1');
    const place = (places as { id: string }[])[0]!;
    const lastName = `Wait${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`;
    const provider = await signUpListedProvider({
      firstName: 'Nora',
      lastName,
      zone: ZONE,
      specialty: 'Physio',
      bio: 'Physiotherapy in Philadelphia.',
      category: 'tutor',
      placeId: place.id,
      address: '1500 Market St',
    });
    // Tomorrow noon on the provider's wall clock: the day's only slot, booked by A.
    const day = addDays(clockIn(ZONE).today, 1);
    const slotId = await createSlot(provider, day, '12:00', '13:00');
    const [a, b, c] = await Promise.all(
      ['Ada', 'Ben', 'Cid'].map((firstName) =>
        signUp({ role: 'client', firstName, lastName: 'Client', zone: ZONE }),
      ),
    );
    const appointmentId = await book(a!, slotId);
    const providerPath = `/client/provider/${provider.providerId}`;

    // B finds no free time and joins the waitlist for that day.
    const { page: bPage, live: bLive } = await open(b!, providerPath);
    await bPage.getByText(WAITLIST_TEXTS.noFreeTime).waitFor(WAIT);
    await bPage.getByRole('button', { name: WAITLIST_TEXTS.join }).click();
    const dialog = bPage.getByRole('dialog', { name: WAITLIST_TEXTS.join });
    await dialog
      .getByRole('group', { name: 'Day 1' })
      .getByLabel(WAITLIST_TEXTS.windowDate)
      .fill(day);
    await expectAccessible(bPage, 'the join form');
    await screenshot(bPage, 'waitlist-join');
    await dialog.getByRole('button', { name: WAITLIST_TEXTS.join }).click();
    await bPage.getByRole('status').filter({ hasText: WAITLIST_MESSAGES.joined }).first().waitFor();

    // B waits on /waitlist (reached from the profile menu), live.
    await bPage.getByRole('button', { name: 'Ben Client' }).click();
    await bPage.getByRole('menu').getByRole('menuitem', { name: 'Waitlist' }).click();
    await bPage.getByRole('heading', { level: 1, name: WAITLIST_TEXTS.pageTitle }).waitFor();
    const entries = bPage.getByRole('list', { name: WAITLIST_TEXTS.entriesTitle });
    await entries.getByText(`Nora ${lastName}`).waitFor();
    await bLive;
    const bell = bPage.getByRole('button', { name: 'Notifications (0 unread)' });
    await bell.waitFor(WAIT);

    // C has the provider's page open meanwhile: no free time there either.
    const { page: cPage } = await open(c!, providerPath);
    const times = cPage.getByRole('region', { name: 'Available Time Slots' });
    await times.getByText(MESSAGES.noAvailableTimeSlots).waitFor(WAIT);

    // A cancels: the time is offered to B.
    await send('PATCH', `/appointment/cancel/${appointmentId}`, {}, a!.token);

    // B: the toast says 'Slot Available', counts down, and the bell has it.
    const toast = bPage.getByRole('status').filter({ hasText: WAITLIST_MESSAGES.offerTitle });
    await toast.first().waitFor(WAIT);
    await expect
      .poll(() => toast.first().getByRole('timer').textContent(), WAIT)
      .toMatch(/^1?\d:\d\d$/);
    await bPage.getByRole('button', { name: 'Notifications (1 unread)' }).waitFor(WAIT);
    await bPage.getByRole('button', { name: 'Notifications (1 unread)' }).click();
    const panel = bPage.getByRole('region', { name: /^Notifications \(\d\)$/ });
    await panel
      .getByRole('listitem')
      .first()
      .filter({ hasText: WAITLIST_MESSAGES.offerTitle })
      .waitFor();
    await bPage.keyboard.press('Escape');
    // The page holds it too.
    await bPage.getByRole('list', { name: WAITLIST_TEXTS.offersTitle }).waitFor(WAIT);
    await expectAccessible(bPage, 'the waitlist page with an offer');
    await screenshot(bPage, 'waitlist-offer');

    // C: the freed time is held for B, never listed — live, and after a reload.
    await expect.poll(() => times.getByRole('button', { name: /Book Now$/ }).count()).toBe(0);
    await times.getByText(MESSAGES.noAvailableTimeSlots).waitFor();
    await cPage.reload();
    await times.getByText(MESSAGES.noAvailableTimeSlots).waitFor(WAIT);
    expect(await times.getByRole('button', { name: /Book Now$/ }).count()).toBe(0);

    // B books it in one click from the toast.
    await toast.first().getByRole('button', { name: WAITLIST_TEXTS.bookIt }).click();
    await bPage
      .getByRole('status')
      .filter({ hasText: MESSAGES.appointmentBooked })
      .first()
      .waitFor(WAIT);
    await bPage.goto('/client/appointments');
    const cards = bPage.getByRole('list', { name: 'Appointments' }).getByRole('listitem');
    await expect.poll(() => cards.count(), WAIT).toBe(1);
    await cards.first().getByText(`Nora ${lastName}`).waitFor();
    await screenshot(bPage, 'waitlist-booked');

    // Still nothing for C.
    await cPage.reload();
    await times.getByText(MESSAGES.noAvailableTimeSlots).waitFor(WAIT);

    // The provider's dashboard counts the refill and links to who waits.
    const { page: providerPage } = await open(provider, '/dashboard');
    await providerPage.getByText(refilledText(1)).waitFor(WAIT);
    await providerPage.getByRole('link', { name: WAITLIST_TEXTS.seeWaitlist }).click();
    await providerPage
      .getByRole('heading', { level: 1, name: WAITLIST_TEXTS.providerTitle })
      .waitFor();
    await providerPage.getByText(WAITLIST_TEXTS.refilledLabel).waitFor();
    await expectAccessible(providerPage, 'the provider waitlist');
    await screenshot(providerPage, 'waitlist-provider');
  }, 180_000);
});
