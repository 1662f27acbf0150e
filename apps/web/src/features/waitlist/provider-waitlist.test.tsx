import { refilledText, WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingApiForEachTest } from '../../../test/booking-api';
import { freshForEachTest } from '../../../test/each-test';
import { openRoute } from '../../../test/render-route';
import { emptyWaitlist, waitlistRoutes } from '../../../test/waitlist-api';

/** The provider's waitlist and the dashboard's figure (docs/product.md §17). */

const waitlist = freshForEachTest(emptyWaitlist);
bookingApiForEachTest(
  'provider',
  {},
  waitlistRoutes(() => waitlist),
);

function waiting() {
  waitlist.refilled = 3;
  waitlist.providerEntries = [
    {
      id: 'e1',
      position: 1,
      client_first_name: 'Cleo',
      client_last_name: 'Client',
      service_name: 'Massage',
      windows: [{ date: '2030-06-14', from: '09:00', to: '12:00' }],
      status: 'waiting',
      created_at: '2030-06-01T10:00:00.000Z',
    },
    {
      id: 'e2',
      position: 2,
      client_first_name: 'Dan',
      client_last_name: 'Doe',
      service_name: null,
      windows: [{ date: '2030-06-15', from: '00:00', to: '24:00' }],
      status: 'offered',
      created_at: '2030-06-02T10:00:00.000Z',
    },
  ];
}

describe('the provider waitlist', () => {
  it('lists who waits in offer order with their days, and the refilled figure', async () => {
    waiting();
    await openRoute('/dashboard/waitlist', WAITLIST_TEXTS.providerTitle);
    const list = await screen.findByRole('list', { name: 'Who is waiting' });
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((row) => row.parentElement === list);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Position 1Cleo Client · Massage.*Jun 14.*09:00–12:00Waiting$/),
      expect.stringMatching(/^Position 2Dan Doe · Any service.*Jun 15.*any timeTime offered$/),
    ]);
    expect(screen.getByText(WAITLIST_TEXTS.refilledLabel).nextSibling).toHaveTextContent('3');
  });

  it('says when nobody waits', async () => {
    await openRoute('/dashboard/waitlist', WAITLIST_TEXTS.providerTitle);
    expect(await screen.findByText(WAITLIST_TEXTS.providerEmpty)).toBeInTheDocument();
  });

  it('shows the figure on the dashboard with a link to the list', async () => {
    waiting();
    await openRoute('/dashboard', 'Provider Dashboard');
    expect(await screen.findByText(refilledText(3))).toBeInTheDocument();
    expect(screen.getByText('2 clients waiting')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: WAITLIST_TEXTS.seeWaitlist })).toHaveAttribute(
      'href',
      '/dashboard/waitlist',
    );
  });
});
