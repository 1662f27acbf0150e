import { CALENDAR_SYNC_TEXTS } from '@slotwise/shared/calendar-sync-texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs, type ExtraRoutes } from '../../../../test/booking-api';
import {
  STAFF_ID,
  businessRoutes,
  emptyBusinessState,
  makeOwnBusiness,
} from '../../../../test/business-api';
import { callsTo, json } from '../../../../test/mock-api';
import { renderRoute } from '../../../../test/render-route';
import { formatDateRange } from '../../../lib/date-time-format';
import {
  makeWindowSlot,
  mockScheduleApi,
  type ScheduleBackend,
} from '../../../../test/schedule-api';

/** Busy time of connected calendars on the week calendar (docs/product.md §18.2). */

let api: ScheduleBackend;

/** The provider lives in Chicago; the browser (TZ of the tests) is in New York. */
const busyRoutes: ExtraRoutes = (call, route) => {
  if (route === 'GET /api/profile') {
    return json(200, { profile: { id: 'provider-user-1', timezone: 'America/Chicago' } });
  }
  if (route === 'GET /api/calendar/busy') {
    const query = new URL(call.url, 'http://localhost').searchParams;
    const busy = [
      // Tue Jun 11, 12:00–13:00 in Chicago (CDT, UTC−5).
      {
        starts_at: '2030-06-11T17:00:00.000Z',
        ends_at: '2030-06-11T18:00:00.000Z',
        calendar_name: 'Work',
      },
    ].filter((b) => b.starts_at < query.get('to')! && b.ends_at > query.get('from')!);
    return json(200, { busy });
  }
  return undefined;
};

beforeEach(() => {
  signInAs('provider', { firstName: 'Pat', lastName: 'Slots' });
  api = mockScheduleApi(busyRoutes);
});

describe('busy time on the week calendar', () => {
  it("greys a busy block in its day and hour on the provider's clock, with the calendar's name", async () => {
    api.slots.push(
      makeWindowSlot({ day: '2030-06-11', start_time: '12:00:00', end_time: '12:30:00' }),
      makeWindowSlot({ day: '2030-06-11', start_time: '13:00:00', end_time: '13:30:00' }),
    );
    renderRoute('/dashboard/timeslots?view=week');
    fireEvent.change(await screen.findByLabelText('Go to date'), {
      target: { value: '2030-06-12' },
    });
    const grid = await screen.findByRole('grid', {
      name: formatDateRange('2030-06-10', '2030-06-16'),
    });
    const block = await within(grid).findByText(`${CALENDAR_SYNC_TEXTS.busy} · Work`);
    expect(block).toHaveAttribute('title', CALENDAR_SYNC_TEXTS.busyLabel('Work', '12:00–13:00'));
    const cell = block.closest('[role="gridcell"]');
    expect(cell).toHaveAccessibleName('Free, Tue, Jun 11, 2030, from 12:30');
    // The free slot inside it says it is not offered; the one after it is as before.
    expect(
      within(grid).getByRole('button', {
        name: `Available, Barber, Tue, Jun 11, 2030, 12:00–12:30, ${CALENDAR_SYNC_TEXTS.busySlotLabel('Work')}`,
      }),
    ).toHaveTextContent(`${CALENDAR_SYNC_TEXTS.busy} · Work`);
    expect(
      within(grid).getByRole('button', {
        name: 'Available, Barber, Tue, Jun 11, 2030, 13:00–13:30',
      }),
    ).not.toHaveTextContent(CALENDAR_SYNC_TEXTS.busy);
    // Asked for the visible week with a day of margin (any zone's days fall inside).
    const asked = callsTo(api.calls, 'GET', '/api/calendar/busy').map(
      (call) => new URL(call.url, 'http://localhost').searchParams,
    );
    expect(asked.at(-1)?.get('from')).toBe('2030-06-09T00:00:00.000Z');
    expect(asked.at(-1)?.get('to')).toBe('2030-06-18T00:00:00.000Z');
  });

  it("does not ask for busy time while the owner looks at a staff member's week", async () => {
    const business = emptyBusinessState();
    business.own = makeOwnBusiness();
    const owner = businessRoutes(business);
    api = mockScheduleApi(
      async (call, route) => (await owner(call, route)) ?? busyRoutes(call, route),
    );
    renderRoute(`/dashboard/timeslots?view=week&staff=${STAFF_ID}`);
    await screen.findByRole('grid');
    await waitFor(() =>
      expect(
        callsTo(api.calls, 'GET', '/api/timeslots/view').some((call) =>
          call.url.includes(`providerId=${STAFF_ID}`),
        ),
      ).toBe(true),
    );
    expect(callsTo(api.calls, 'GET', '/api/calendar/busy')).toHaveLength(0);
    expect(screen.queryByText(`${CALENDAR_SYNC_TEXTS.busy} · Work`)).toBeNull();
  });
});
