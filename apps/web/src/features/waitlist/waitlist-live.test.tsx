import type { WaitlistOfferEvent } from '@slotwise/shared/realtime';
import { MESSAGES } from '@slotwise/shared/texts';
import { WAITLIST_MESSAGES } from '@slotwise/shared/waitlist-schemas';
import { WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingApiForEachTest } from '../../../test/booking-api';
import { freshForEachTest } from '../../../test/each-test';
import { callsTo } from '../../../test/mock-api';
import { openRoute } from '../../../test/render-route';
import { emptyWaitlist, makeOffer, waitlistRoutes } from '../../../test/waitlist-api';
import { createSocket } from '../../lib/socket';

/**
 * A freed time held for the client arrives live (socket `waitlist_offer`,
 * docs/decisions/069-waitlist.md): the bell says 'Slot Available', a toast counts down and books
 * it in one click.
 */

/** A socket whose server events the test sends. */
class FakeSocket {
  connected = true;
  active = true;
  handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  on(event: string, handler: (...args: unknown[]) => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  off(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  emit() {
    return this;
  }
  connect() {
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  receive(event: string, payload: unknown) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
  }
}

vi.mock('../../lib/socket', () => ({ createSocket: vi.fn() }));

let sockets: FakeSocket[];
const waitlist = freshForEachTest(emptyWaitlist);
const api = bookingApiForEachTest(
  'client',
  {},
  waitlistRoutes(() => waitlist),
);

beforeEach(() => {
  sockets = [];
  vi.mocked(createSocket).mockImplementation(() => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket as unknown as ReturnType<typeof createSocket>;
  });
});

/** The notification the server stores with an offer. */
function storedOffer() {
  const at = new Date().toISOString();
  return {
    id: 'n1',
    type: 'waitlist_offer',
    title: WAITLIST_MESSAGES.offerTitle,
    message: 'A time opened: Massage with Bea Stone on 2030-06-14 at 10:00.',
    appointmentId: null,
    read: false,
    is_read: false,
    created_at: at,
    time: at,
  };
}

describe('a waitlist offer, live', () => {
  it('shows Slot Available in a toast with the countdown and books it in one click', async () => {
    const { user } = await openRoute('/waitlist', WAITLIST_TEXTS.pageTitle);
    await screen.findByText(WAITLIST_TEXTS.noEntries);
    const socket = sockets.at(-1)!;
    expect(socket).toBeDefined();

    const offer = makeOffer({ expires_at: new Date(Date.now() + 15 * 60_000).toISOString() });
    waitlist.offers = [offer];
    api.answerNext('GET /api/notifications/unread', () =>
      Response.json({ unreadNotifications: [storedOffer()], unreadCount: 1 }),
    );
    const event: WaitlistOfferEvent = {
      offerId: offer.id,
      timeslotId: offer.timeslot_id,
      expiresAt: offer.expires_at,
    };
    act(() => socket.receive('waitlist_offer', event));

    // The toast: title, what is held (once the offers are read again), time left, 'Book it'.
    const toastTitle = await screen.findByText(WAITLIST_MESSAGES.offerTitle, {
      selector: '.Toastify p',
    });
    const toast = within(toastTitle.closest('.Toastify__toast') as HTMLElement);
    expect(await toast.findByText(/^Massage with Bea Stone/)).toBeInTheDocument();
    expect(toast.getByRole('timer')).toHaveTextContent(/^(15:00|14:5\d)$/);

    // The bell counts it, and lists it as 'Slot Available'.
    await user.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    const panel = screen.getByRole('region', { name: /^Notifications \(\d\)$/ });
    expect(within(panel).getByRole('button', { name: /Slot Available/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    // The page lists it too.
    expect(
      await screen.findByRole('list', { name: WAITLIST_TEXTS.offersTitle }),
    ).toBeInTheDocument();

    await user.click(toast.getByRole('button', { name: WAITLIST_TEXTS.bookIt }));
    expect(await screen.findByText(MESSAGES.appointmentBooked)).toBeInTheDocument();
    expect(callsTo(api.calls, 'POST', `/api/waitlist/offers/${offer.id}/accept`)).toHaveLength(1);
    // Booked: no longer held on the page.
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: WAITLIST_TEXTS.offersTitle })).toBeNull(),
    );
  });

  it("lists the stored 'waitlist_offer' notification in the bell and opens /waitlist", async () => {
    api.answerNext('GET /api/notifications/unread', () =>
      Response.json({ unreadNotifications: [storedOffer()], unreadCount: 1 }),
    );
    const { user, router } = await openRoute('/client/appointments', 'Your Appointments');
    await user.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    const panel = screen.getByRole('region', { name: /^Notifications \(\d\)$/ });
    await user.click(within(panel).getByRole('button', { name: /Slot Available/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/waitlist'));
  });
});
