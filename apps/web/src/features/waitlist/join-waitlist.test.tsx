import { MESSAGES } from '@slotwise/shared/texts';
import { WAITLIST_MESSAGES } from '@slotwise/shared/waitlist-schemas';
import { WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  bookingApiForEachTest,
  makeSlot,
  providerForEachTest,
  signInAs,
} from '../../../test/booking-api';
import { freshForEachTest } from '../../../test/each-test';
import { expectFieldError } from '../../../test/field-error';
import { callsTo } from '../../../test/mock-api';
import { LAZY_ROUTE, openRoute } from '../../../test/render-route';
import { clearSession } from '../../lib/session';
import { emptyWaitlist, waitlistRoutes } from '../../../test/waitlist-api';

/** 'Join the waitlist' on a provider's page (docs/product.md §17). */

const waitlist = freshForEachTest(emptyWaitlist);
const api = bookingApiForEachTest(
  'client',
  {},
  waitlistRoutes(() => waitlist),
);
const bea = providerForEachTest(api, { first_name: 'Bea', last_name: 'Stone' });
const MASSAGE = '0a000000-0000-4000-8000-000000000001';

function openPage(path = `/providers/${bea.listing.provider_id}`) {
  return openRoute(path, () =>
    screen.findByRole('heading', { level: 1, name: 'Bea Stone' }, LAZY_ROUTE),
  );
}

async function openForm() {
  const view = await openPage();
  await view.user.click(await screen.findByRole('button', { name: WAITLIST_TEXTS.join }));
  const dialog = await screen.findByRole('dialog', { name: WAITLIST_TEXTS.join });
  return { ...view, dialog: within(dialog) };
}

function dayFields(dialog: ReturnType<typeof within>, day: number) {
  const group = within(dialog.getByRole('group', { name: `Day ${day}` }));
  return {
    date: group.getByLabelText(WAITLIST_TEXTS.windowDate),
    from: group.getByLabelText(WAITLIST_TEXTS.windowFrom),
    to: group.getByLabelText(WAITLIST_TEXTS.windowTo),
  };
}

describe('join the waitlist', () => {
  it('is offered prominently when the provider has no free time', async () => {
    await openPage();
    expect(await screen.findByText(WAITLIST_TEXTS.noFreeTime)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: WAITLIST_TEXTS.join })).toBeInTheDocument();
  });

  it('stays a link under the times when there are free times', async () => {
    bea.slots = [makeSlot({ day: '2030-06-14' })];
    await openPage();
    expect(await screen.findByText(WAITLIST_TEXTS.noTimeSuits)).toBeInTheDocument();
    expect(screen.queryByText(WAITLIST_TEXTS.noFreeTime)).toBeNull();
    expect(screen.getByRole('button', { name: WAITLIST_TEXTS.join })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in and back', async () => {
    clearSession();
    await openPage();
    const link = await screen.findByRole('link', { name: WAITLIST_TEXTS.signInToJoin });
    expect(link).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`/providers/${bea.listing.provider_id}`)}`,
    );
  });

  it('is not offered to a provider', async () => {
    signInAs('provider');
    await openPage();
    await screen.findByText(MESSAGES.noAvailableTimeSlots);
    expect(screen.queryByRole('button', { name: WAITLIST_TEXTS.join })).toBeNull();
    expect(screen.queryByRole('link', { name: WAITLIST_TEXTS.signInToJoin })).toBeNull();
  });

  it('checks the windows with the shared schema before sending anything', async () => {
    const { user, dialog } = await openForm();
    const first = dayFields(dialog, 1);
    fireEvent.change(first.date, { target: { value: '' } });
    fireEvent.change(first.from, { target: { value: '12:00' } });
    fireEvent.change(first.to, { target: { value: '10:00' } });
    await user.click(dialog.getByRole('button', { name: WAITLIST_TEXTS.join }));

    expectFieldError(first.date, WAITLIST_MESSAGES.dateInvalid);
    expectFieldError(first.to, WAITLIST_MESSAGES.windowOrder);
    expect(callsTo(api.calls, 'POST', '/api/waitlist')).toEqual([]);
  });

  it('takes at most five days', async () => {
    const { user, dialog } = await openForm();
    for (let day = 2; day <= 5; day += 1) {
      await user.click(dialog.getByRole('button', { name: WAITLIST_TEXTS.addWindow }));
      expect(dialog.getByRole('group', { name: `Day ${day}` })).toBeInTheDocument();
    }
    expect(dialog.queryByRole('button', { name: WAITLIST_TEXTS.addWindow })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Remove day 5' }));
    expect(dialog.queryByRole('group', { name: 'Day 5' })).toBeNull();
    expect(dialog.getByRole('button', { name: WAITLIST_TEXTS.addWindow })).toBeInTheDocument();
  });

  it('sends the days, hours and service and says the client is on the list', async () => {
    bea.services = [
      {
        id: MASSAGE,
        name: 'Massage',
        duration_minutes: 60,
        price_cents: 5000,
        currency: 'USD',
        description: '',
      },
    ];
    const { user, dialog } = await openForm();
    await user.selectOptions(dialog.getByLabelText(WAITLIST_TEXTS.service), MASSAGE);
    const first = dayFields(dialog, 1);
    fireEvent.change(first.date, { target: { value: '2030-06-14' } });
    fireEvent.change(first.from, { target: { value: '09:00' } });
    fireEvent.change(first.to, { target: { value: '12:00' } });
    await user.click(dialog.getByRole('button', { name: WAITLIST_TEXTS.addWindow }));
    fireEvent.change(dayFields(dialog, 2).date, { target: { value: '2030-06-15' } });
    await user.click(dialog.getByRole('button', { name: WAITLIST_TEXTS.join }));

    expect(await screen.findByText(WAITLIST_MESSAGES.joined)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(api.calls, 'POST', '/api/waitlist').map((call) => call.body)).toEqual([
      {
        providerId: bea.listing.provider_id,
        serviceId: MASSAGE,
        windows: [{ date: '2030-06-14', from: '09:00', to: '12:00' }, { date: '2030-06-15' }],
      },
    ]);
    expect(waitlist.entries).toHaveLength(1);
  });
});
