import { MESSAGES } from '@slotwise/shared/texts';
import { WAITLIST_MESSAGES } from '@slotwise/shared/waitlist-schemas';
import { WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bookingApiForEachTest, makeClientAppointment } from '../../../test/booking-api';
import { apiError } from '../../../test/contract';
import { freshForEachTest } from '../../../test/each-test';
import { callsTo } from '../../../test/mock-api';
import { openRoute } from '../../../test/render-route';
import { emptyWaitlist, makeEntry, makeOffer, waitlistRoutes } from '../../../test/waitlist-api';

/** The client's /waitlist (docs/product.md §17): the held times with their countdown, the entries. */

const waitlist = freshForEachTest(emptyWaitlist);
const api = bookingApiForEachTest(
  'client',
  {},
  waitlistRoutes(() => waitlist),
);

const openPage = () => openRoute('/waitlist', WAITLIST_TEXTS.pageTitle);

function inSeconds(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toISOString();
}

/** 'Massage with Bea Stone, Fri, Jun 14, 2030, 10:00–11:00' as the card says it. */
const OFFER_TEXT = /^Massage with Bea Stone, .*Jun 14.*10:00–11:00$/;

async function offerCard() {
  const offers = await screen.findByRole('list', { name: WAITLIST_TEXTS.offersTitle });
  return within(offers.querySelector('article')!);
}

describe('the client waitlist page', () => {
  it('lists the held time on top with its countdown, and the entries with their days', async () => {
    waitlist.offers = [
      makeOffer({ expires_at: inSeconds(600) }),
      makeOffer({ status: 'declined', provider_first_name: 'Old' }),
      makeOffer({ expires_at: inSeconds(-60), provider_first_name: 'Late' }),
    ];
    waitlist.entries = [
      makeEntry({
        service_name: 'Massage',
        status: 'offered',
        windows: [
          { date: '2030-06-14', from: '00:00', to: '24:00' },
          { date: '2030-06-15', from: '09:00', to: '12:00' },
        ],
      }),
      makeEntry({ provider_first_name: 'Cy', provider_last_name: 'Ray', status: 'booked' }),
    ];
    await openPage();
    const card = await offerCard();
    expect(card.getByRole('heading', { name: WAITLIST_MESSAGES.offerTitle })).toBeInTheDocument();
    expect(card.getByText(OFFER_TEXT)).toBeInTheDocument();
    expect(card.getByRole('timer')).toHaveTextContent(/^(10:00|9:5\d)$/);
    // Only the one still held is listed.
    expect(screen.queryByText(/Old Stone/)).toBeNull();
    expect(screen.queryByText(/Late Stone/)).toBeNull();

    const entries = screen.getByRole('list', { name: WAITLIST_TEXTS.entriesTitle });
    expect(entries).toHaveTextContent('Bea Stone · Massage');
    expect(within(entries).getByRole('list', { name: 'Days for Bea Stone' })).toHaveTextContent(
      /Jun 14.*any time.*Jun 15.*09:00–12:00/,
    );
    expect(entries).toHaveTextContent('Time offered');
    expect(entries).toHaveTextContent('Cy Ray · Any service');
    // A booked entry is over: nothing to remove.
    expect(within(entries).getAllByRole('button', { name: /^Remove/ })).toHaveLength(1);
  });

  it('counts down to the end of the hold, then drops the offer and reads the offers again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    waitlist.offers = [makeOffer({ expires_at: inSeconds(90) })];
    await openPage();
    const card = await offerCard();
    expect(card.getByRole('timer')).toHaveTextContent(/^1:(30|29)$/);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(card.getByRole('timer')).toHaveTextContent(/^(1:00|0:59)$/);
    const readsBefore = callsTo(api.calls, 'GET', '/api/waitlist/offers').length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Book it/ })).toBeNull());
    await waitFor(() =>
      expect(callsTo(api.calls, 'GET', '/api/waitlist/offers').length).toBeGreaterThan(readsBefore),
    );
  });

  it('books the held time in one click and says so', async () => {
    const offer = makeOffer();
    waitlist.offers = [offer];
    const { user } = await openPage();
    const card = await offerCard();
    await user.click(card.getByRole('button', { name: /^Book it: Massage with Bea Stone/ }));
    expect(await screen.findByText(MESSAGES.appointmentBooked)).toBeInTheDocument();
    expect(callsTo(api.calls, 'POST', `/api/waitlist/offers/${offer.id}/accept`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: WAITLIST_TEXTS.offersTitle })).toBeNull(),
    );
  });

  it('goes on to the checkout when the service takes money', async () => {
    const paymentId = '6f1c1c1e-8a43-4c55-9a8e-0d6f3c2b9a11';
    waitlist.offers = [makeOffer()];
    waitlist.booked = (offer) =>
      makeClientAppointment({
        provider_id: offer.provider_id,
        status: 'pending_payment',
        payment: {
          id: paymentId,
          status: 'pending',
          mode: 'prepay',
          amount_cents: 2500,
          price_cents: 2500,
          refunded_cents: 0,
          fee_cents: 0,
          currency: 'EUR',
          checkout_url: `/pay/${paymentId}`,
          expires_at: inSeconds(600),
          cancellation_fees: [],
          no_show_fee_percent: 0,
        },
      });
    const { user, router } = await openPage();
    const card = await offerCard();
    await user.click(card.getByRole('button', { name: /^Book it/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/pay/${paymentId}`));
  });

  it('says so when the offer ran out meanwhile', async () => {
    waitlist.offers = [makeOffer()];
    waitlist.refuseNextAccept = apiError(409, 'INVALID_STATE', WAITLIST_MESSAGES.offerExpired);
    const { user } = await openPage();
    const card = await offerCard();
    await user.click(card.getByRole('button', { name: /^Book it/ }));
    expect(await screen.findByText(WAITLIST_MESSAGES.offerExpired)).toBeInTheDocument();
  });

  it('declines an offer and removes an entry', async () => {
    const offer = makeOffer();
    const entry = makeEntry({ status: 'offered' });
    waitlist.offers = [offer];
    waitlist.entries = [entry];
    const { user } = await openPage();
    const card = await offerCard();
    await user.click(card.getByRole('button', { name: /^Decline/ }));
    expect(await screen.findByText(WAITLIST_MESSAGES.declined)).toBeInTheDocument();
    expect(callsTo(api.calls, 'POST', `/api/waitlist/offers/${offer.id}/decline`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Remove: Bea Stone' }));
    expect(await screen.findByText(WAITLIST_MESSAGES.removed)).toBeInTheDocument();
    expect(callsTo(api.calls, 'DELETE', `/api/waitlist/${entry.id}`)).toHaveLength(1);
    expect(await screen.findByText(WAITLIST_TEXTS.noEntries)).toBeInTheDocument();
  });

  it('says when there is no entry', async () => {
    await openPage();
    expect(await screen.findByText(WAITLIST_TEXTS.noEntries)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: WAITLIST_TEXTS.offersTitle })).toBeNull();
  });
});
