import { BUSINESS_MESSAGES, BUSINESS_TEXTS } from '@slotwise/shared/business-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingApiForEachTest } from '../../../test/booking-api';
import {
  STAFF_ID,
  businessRoutes,
  emptyBusinessState,
  makeOwnBusiness,
} from '../../../test/business-api';
import { makeProfile, makeService } from '../../../test/catalogue-api';
import { freshForEachTest } from '../../../test/each-test';
import { expectFieldError } from '../../../test/field-error';
import { callsTo } from '../../../test/mock-api';
import { LAZY_ROUTE, openRoute } from '../../../test/render-route';

/** Settings' Business card (docs/product.md §13.1) over the in-memory business API. */

const business = freshForEachTest(emptyBusinessState);
const api = bookingApiForEachTest('provider', {}, (call, route) =>
  businessRoutes(business)(call, route),
);

beforeEach(() => {
  api.catalogue.profile = makeProfile();
});

async function openCard() {
  const { user, found } = await openRoute('/dashboard/profile', () =>
    screen.findByRole('region', { name: BUSINESS_TEXTS.cardTitle }, LAZY_ROUTE),
  );
  return { user, card: within(found) };
}

describe('the Business card', () => {
  it('without a business: the name is required, then the business is created with its owner', async () => {
    const { user, card } = await openCard();
    const name = await card.findByLabelText(BUSINESS_TEXTS.businessNameLabel);
    await user.click(card.getByRole('button', { name: BUSINESS_TEXTS.createBusiness }));
    await waitFor(() => expectFieldError(name, BUSINESS_MESSAGES.nameRequired));
    expect(callsTo(api.calls, 'POST', '/api/business')).toEqual([]);

    await user.type(name, 'Cut & Co');
    await user.click(card.getByRole('button', { name: BUSINESS_TEXTS.createBusiness }));
    expect(await screen.findByText(BUSINESS_MESSAGES.businessCreated)).toBeInTheDocument();
    expect(callsTo(api.calls, 'POST', '/api/business')[0]!.body).toEqual({ name: 'Cut & Co' });
    expect(await card.findByText('Cut & Co')).toBeInTheDocument();
    const owner = card.getByRole('listitem', { name: 'Cleo Client' });
    expect(owner).toHaveTextContent(BUSINESS_TEXTS.ownerBadge);
    expect(within(owner).queryByRole('button')).toBeNull();
  });

  it('the owner sees the staff with the Owner badge, invites by email and lists the pending invitation', async () => {
    business.own = makeOwnBusiness();
    const { user, card } = await openCard();
    const staff = within(await card.findByRole('list', { name: BUSINESS_TEXTS.staffListLabel }));
    expect(staff.getByRole('listitem', { name: 'Cleo Client' })).toHaveTextContent(
      BUSINESS_TEXTS.ownerBadge,
    );
    const bea = staff.getByRole('listitem', { name: 'Bea Barber' });
    expect(bea).not.toHaveTextContent(BUSINESS_TEXTS.ownerBadge);
    expect(bea).toHaveTextContent('BB');

    const email = card.getByLabelText(BUSINESS_TEXTS.inviteEmailLabel);
    await user.type(email, 'not-an-email');
    await user.click(card.getByRole('button', { name: BUSINESS_TEXTS.sendInvitation }));
    await waitFor(() => expectFieldError(email, BUSINESS_MESSAGES.emailInvalid));
    expect(callsTo(api.calls, 'POST', '/api/business/invitations')).toEqual([]);

    await user.clear(email);
    await user.type(email, 'dee@example.com');
    await user.click(card.getByRole('button', { name: BUSINESS_TEXTS.sendInvitation }));
    expect(await screen.findByText(BUSINESS_MESSAGES.invitationSent)).toBeInTheDocument();
    expect(callsTo(api.calls, 'POST', '/api/business/invitations')[0]!.body).toEqual({
      email: 'dee@example.com',
    });
    const pending = await card.findByRole('list', { name: BUSINESS_TEXTS.pendingInvitations });
    expect(pending).toHaveTextContent('dee@example.com');
    expect(email).toHaveValue('');
  });

  it('removes a staff member without bookings after confirming', async () => {
    business.own = makeOwnBusiness();
    const { user, card } = await openCard();
    await user.click(await card.findByRole('button', { name: 'Remove Bea Barber' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: BUSINESS_TEXTS.removeStaffTitle }),
    );
    await user.click(dialog.getByRole('button', { name: BUSINESS_TEXTS.removeStaff }));
    expect(await screen.findByText(BUSINESS_MESSAGES.staffRemoved)).toBeInTheDocument();
    expect(callsTo(api.calls, 'DELETE', `/api/business/staff/${STAFF_ID}`)[0]!.url).not.toContain(
      'futureBookings',
    );
    await waitFor(() => expect(card.queryByRole('listitem', { name: 'Bea Barber' })).toBeNull());
  });

  it('with upcoming bookings: lists them and cancels them when the owner says so', async () => {
    business.own = makeOwnBusiness();
    business.upcoming[STAFF_ID] = [
      {
        id: crypto.randomUUID(),
        starts_at: '2030-06-14T14:00:00.000Z',
        client_name: 'Cora Client',
      },
      { id: crypto.randomUUID(), starts_at: '2030-06-15T15:30:00.000Z', client_name: 'Dan Diaz' },
    ];
    const { user, card } = await openCard();
    await user.click(await card.findByRole('button', { name: 'Remove Bea Barber' }));
    let dialog = within(
      await screen.findByRole('dialog', { name: BUSINESS_TEXTS.removeStaffTitle }),
    );
    await user.click(dialog.getByRole('button', { name: BUSINESS_TEXTS.removeStaff }));

    dialog = within(
      await screen.findByRole('dialog', { name: BUSINESS_TEXTS.upcomingBookingsTitle }),
    );
    expect(dialog.getByText(BUSINESS_MESSAGES.staffHasBookings)).toBeInTheDocument();
    const bookings = await dialog.findByRole('list', {
      name: BUSINESS_TEXTS.upcomingBookingsTitle,
    });
    expect(within(bookings).getAllByRole('listitem')).toHaveLength(2);
    expect(bookings).toHaveTextContent('Cora Client');
    expect(bookings).toHaveTextContent('Dan Diaz');
    expect(callsTo(api.calls, 'GET', `/api/business/staff/${STAFF_ID}/upcoming`)).toHaveLength(1);

    await user.click(dialog.getByRole('button', { name: BUSINESS_TEXTS.cancelBookings }));
    expect(await screen.findByText(BUSINESS_MESSAGES.staffRemoved)).toBeInTheDocument();
    const removals = callsTo(api.calls, 'DELETE', `/api/business/staff/${STAFF_ID}`);
    expect(removals).toHaveLength(2);
    expect(new URL(removals[1]!.url, 'http://x').searchParams.get('futureBookings')).toBe('cancel');
    await waitFor(() => expect(card.queryByRole('listitem', { name: 'Bea Barber' })).toBeNull());
  });

  it('keeps their bookings when the owner chooses to', async () => {
    business.own = makeOwnBusiness();
    business.upcoming[STAFF_ID] = [
      {
        id: crypto.randomUUID(),
        starts_at: '2030-06-14T14:00:00.000Z',
        client_name: 'Cora Client',
      },
    ];
    const { user, card } = await openCard();
    await user.click(await card.findByRole('button', { name: 'Remove Bea Barber' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: BUSINESS_TEXTS.removeStaff,
      }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: BUSINESS_TEXTS.upcomingBookingsTitle }),
    );
    await dialog.findByText(/Cora Client/);
    await user.click(dialog.getByRole('button', { name: BUSINESS_TEXTS.keepBookings }));
    expect(await screen.findByText(BUSINESS_MESSAGES.staffRemoved)).toBeInTheDocument();
    const last = callsTo(api.calls, 'DELETE', `/api/business/staff/${STAFF_ID}`).at(-1)!;
    expect(new URL(last.url, 'http://x').searchParams.get('futureBookings')).toBe('keep');
  });

  it('adds and removes rooms and equipment', async () => {
    business.own = makeOwnBusiness();
    const { user, card } = await openCard();
    expect(await card.findByText(BUSINESS_TEXTS.noResources)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: BUSINESS_TEXTS.addResource }));
    await waitFor(() =>
      expectFieldError(
        card.getByLabelText(BUSINESS_TEXTS.resourceNameLabel),
        BUSINESS_MESSAGES.resourceNameRequired,
      ),
    );
    await user.type(card.getByLabelText(BUSINESS_TEXTS.resourceNameLabel), 'Chair 1');
    await user.click(card.getByRole('button', { name: BUSINESS_TEXTS.addResource }));
    expect(await screen.findByText(BUSINESS_MESSAGES.resourceCreated)).toBeInTheDocument();
    const list = await card.findByRole('list', { name: BUSINESS_TEXTS.resourcesListLabel });
    expect(within(list).getByRole('listitem', { name: 'Chair 1' })).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Remove Chair 1' }));
    expect(await screen.findByText(BUSINESS_MESSAGES.resourceDeleted)).toBeInTheDocument();
    expect(await card.findByText(BUSINESS_TEXTS.noResources)).toBeInTheDocument();
  });

  it('a staff member sees whose business it is and its staff, and changes nothing', async () => {
    business.own = makeOwnBusiness({ is_owner: false, invitations: [] });
    const { card } = await openCard();
    expect(await card.findByText(BUSINESS_TEXTS.memberOf('Cut & Co'))).toBeInTheDocument();
    expect(card.getByRole('listitem', { name: 'Bea Barber' })).toBeInTheDocument();
    expect(card.queryByRole('button')).toBeNull();
    expect(card.queryByLabelText(BUSINESS_TEXTS.inviteEmailLabel)).toBeNull();
  });
});

describe('a service that needs a resource', () => {
  it('offers the business resources as "Needs" and sends resource_id', async () => {
    business.own = makeOwnBusiness({ resources: [{ id: crypto.randomUUID(), name: 'Chair 1' }] });
    const chair = business.own.resources[0]!;
    const haircut = makeService({ name: 'Haircut' });
    api.catalogue.services = [haircut];
    const { user } = await openCard();
    const services = within(await screen.findByRole('region', { name: 'Services' }));
    await user.click(
      within(await services.findByRole('article', { name: 'Haircut' })).getByRole('button', {
        name: 'Edit',
      }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit service' }));
    const needs = dialog.getByLabelText(BUSINESS_TEXTS.needsLabel);
    expect(needs).toHaveValue('');
    expect(
      within(needs)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([BUSINESS_TEXTS.needsNothing, 'Chair 1']);
    await user.selectOptions(needs, 'Chair 1');
    await user.click(dialog.getByRole('button', { name: 'Save service' }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'PATCH', `/api/services/${haircut.id}`)).toHaveLength(1),
    );
    expect(callsTo(api.calls, 'PATCH', `/api/services/${haircut.id}`)[0]!.body).toMatchObject({
      resource_id: chair.id,
    });
    expect(await services.findByText(`${BUSINESS_TEXTS.needsLabel}: Chair 1`)).toBeInTheDocument();
  });

  it('without resources there is no "Needs" and no resource_id is sent', async () => {
    business.own = makeOwnBusiness();
    const { user } = await openCard();
    const services = within(await screen.findByRole('region', { name: 'Services' }));
    await services.findByText(/No services yet/);
    await user.click(services.getByRole('button', { name: 'Add service' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add service' }));
    expect(dialog.queryByLabelText(BUSINESS_TEXTS.needsLabel)).toBeNull();
    await user.type(dialog.getByLabelText('Service name'), 'Shave');
    await user.type(dialog.getByLabelText('Price'), '20');
    await user.click(dialog.getByRole('button', { name: 'Add service' }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', '/api/services')).toHaveLength(1));
    expect(callsTo(api.calls, 'POST', '/api/services')[0]!.body).not.toHaveProperty('resource_id');
  });
});
