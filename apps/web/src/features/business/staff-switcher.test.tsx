import { BUSINESS_TEXTS } from '@slotwise/shared/business-schemas';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeProviderAppointment, signInAs } from '../../../test/booking-api';
import {
  STAFF_ID,
  businessRoutes,
  emptyBusinessState,
  makeOwnBusiness,
  type BusinessState,
} from '../../../test/business-api';
import type { ApiCall } from '../../../test/mock-api';
import { openRoute } from '../../../test/render-route';
import { mockScheduleApi, type ScheduleBackend } from '../../../test/schedule-api';

/**
 * The owner's staff switcher (docs/product.md §13.1) over Time Slots and Appointments: the
 * choice is in the URL, and the pages' API calls then carry ?providerId=<staff>.
 */

let business: BusinessState;
let api: ScheduleBackend;

beforeEach(() => {
  signInAs('provider');
  business = emptyBusinessState();
  business.own = makeOwnBusiness();
  api = mockScheduleApi(businessRoutes(business));
});

const providerIdOf = (call: ApiCall) =>
  new URL(call.url, 'http://localhost').searchParams.get('providerId');

/** The calls to `path` (any method) since `from`. */
const callsOf = (path: string, from = 0) =>
  api.calls.slice(from).filter((call) => call.path === path);

const staffSelect = () => screen.getByLabelText(BUSINESS_TEXTS.staffSwitcherLabel);

describe('the staff switcher', () => {
  it('the owner switches the week calendar to a staff member; the URL keeps the choice', async () => {
    const { user, router } = await openRoute('/dashboard/timeslots?view=week', 'Time Slots');
    const select = await screen.findByLabelText(BUSINESS_TEXTS.staffSwitcherLabel);
    expect(
      Array.from((select as HTMLSelectElement).options).map((option) => option.textContent),
    ).toEqual([BUSINESS_TEXTS.staffSelf('Cleo Client'), 'Bea Barber']);
    await waitFor(() => expect(callsOf('/api/timeslots/view').length).toBeGreaterThan(0));
    expect(callsOf('/api/timeslots/view').every((call) => providerIdOf(call) === null)).toBe(true);

    const before = api.calls.length;
    await user.selectOptions(select, 'Bea Barber');
    expect(new URLSearchParams(router.state.location.search).get('staff')).toBe(STAFF_ID);
    expect(new URLSearchParams(router.state.location.search).get('view')).toBe('week');
    await waitFor(() => expect(callsOf('/api/timeslots/view', before).length).toBeGreaterThan(0));
    expect(callsOf('/api/timeslots/view', before).map(providerIdOf)).toEqual(
      callsOf('/api/timeslots/view', before).map(() => STAFF_ID),
    );

    // Back to the owner's own: the cached windows are not mixed up with the staff member's.
    const again = api.calls.length;
    await user.selectOptions(select, BUSINESS_TEXTS.staffSelf('Cleo Client'));
    expect(router.state.location.search).not.toContain('staff=');
    await waitFor(() => expect(staffSelect()).toHaveValue(''));
    expect(callsOf('/api/timeslots/view', again).every((call) => !providerIdOf(call))).toBe(true);
  });

  it('a reload with ?staff= opens the staff member straight away', async () => {
    await openRoute(`/dashboard/timeslots?view=week&staff=${STAFF_ID}`, 'Time Slots');
    await waitFor(() => expect(staffSelect()).toHaveValue(STAFF_ID));
    await waitFor(() => expect(callsOf('/api/timeslots/view').length).toBeGreaterThan(0));
    expect(callsOf('/api/timeslots/view').every((call) => providerIdOf(call) === STAFF_ID)).toBe(
      true,
    );
  });

  it("the appointments page lists the chosen staff member's appointments", async () => {
    api.providerAppointments = [makeProviderAppointment({ client_first_name: 'Cora' })];
    const { user } = await openRoute('/dashboard/appointments', 'Appointments');
    await user.selectOptions(await screen.findByLabelText(BUSINESS_TEXTS.staffSwitcherLabel), [
      STAFF_ID,
    ]);
    await waitFor(() =>
      expect(callsOf('/api/appointment/provider/view').map(providerIdOf)).toContain(STAFF_ID),
    );
  });

  it('a staff member sees no switcher, and a ?staff= in their URL is dropped unasked', async () => {
    business.own = makeOwnBusiness({ is_owner: false, owner_provider_id: STAFF_ID });
    const { router } = await openRoute(
      `/dashboard/timeslots?view=week&staff=${STAFF_ID}`,
      'Time Slots',
    );
    await waitFor(() => expect(router.state.location.search).not.toContain('staff='));
    expect(screen.queryByLabelText(BUSINESS_TEXTS.staffSwitcherLabel)).toBeNull();
    await waitFor(() => expect(callsOf('/api/timeslots/view').length).toBeGreaterThan(0));
    expect(api.calls.filter((call) => providerIdOf(call) !== null)).toEqual([]);
  });

  it('an owner without other staff sees no switcher', async () => {
    business.own = makeOwnBusiness({ staff: [makeOwnBusiness().staff[0]!] });
    await openRoute('/dashboard/timeslots', 'Time Slots');
    await waitFor(() => expect(callsOf('/api/business').length).toBeGreaterThan(0));
    expect(screen.queryByLabelText(BUSINESS_TEXTS.staffSwitcherLabel)).toBeNull();
  });
});
