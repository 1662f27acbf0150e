import { MESSAGES } from '@slotwise/shared/texts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  makeProvider,
  makeSlot,
  mockBookingApi,
  signInAs,
  type BookingBackend,
  type ProviderRecord,
} from '../../../test/booking-api';
import { json } from '../../../test/mock-api';
import { renderRoute } from '../../../test/render-route';

/**
 * Available slots come 14 days at a time (docs/decisions/054-available-slots-window.md): the
 * screens show the first window and 'Show later times' loads the 14 days from the next free day.
 */

let api: BookingBackend;
let ana: ProviderRecord;
const ROUTE = 'GET /api/search/providers/:id/available-slots';

// One slot in the first window, two in the 14 days from 1 February, one in March.
const first = makeSlot({ day: '2030-01-02', start_time: '09:00:00', end_time: '09:30:00' });
const february = [
  makeSlot({ day: '2030-02-01', start_time: '10:00:00', end_time: '10:30:00' }),
  makeSlot({ day: '2030-02-10', start_time: '11:00:00', end_time: '11:30:00' }),
];
const march = makeSlot({ day: '2030-03-05', start_time: '12:00:00', end_time: '12:30:00' });

beforeEach(() => {
  api = mockBookingApi();
  ana = makeProvider({ first_name: 'Ana', last_name: 'Lopez', specialty: 'Plumber' });
  ana.slots = [first, ...february, march];
  api.providers = [ana];
  signInAs('client');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The server's default window (the provider's today + 13 days), as the first page asks it. */
function answerFirstWindow(slots = [first]) {
  api.answerNext(ROUTE, () =>
    json(200, {
      availableSlots: slots,
      from: '2030-01-01',
      to: '2030-01-14',
      nextFrom: '2030-02-01',
    }),
  );
}

async function openDetail() {
  const user = userEvent.setup();
  renderRoute(`/client/provider/${ana.listing.provider_id}`);
  await screen.findByRole('combobox', { name: 'Search providers' }, { timeout: 5000 });
  return { user, section: await screen.findByRole('region', { name: 'Available Time Slots' }) };
}

const slotCalls = () => api.calls.filter((call) => call.path.includes('/available-slots'));

describe('available slots, 14 days at a time', () => {
  it("pages with 'Show later times' until the last slot, each slot shown once", async () => {
    answerFirstWindow();
    const { user, section } = await openDetail();
    expect(await within(section).findAllByRole('button', { name: /Book Now/ })).toHaveLength(1);
    // The first window is the server's default: no from/to sent.
    expect(slotCalls()[0]!.url).not.toContain('from=');

    await user.click(within(section).getByRole('button', { name: MESSAGES.showLaterTimes }));
    expect(await within(section).findAllByRole('button', { name: /Book Now/ })).toHaveLength(3);
    expect(slotCalls().at(-1)!.url).toContain('from=2030-02-01');

    await user.click(within(section).getByRole('button', { name: MESSAGES.showLaterTimes }));
    expect(await within(section).findAllByRole('button', { name: /Book Now/ })).toHaveLength(4);
    expect(slotCalls().at(-1)!.url).toContain('from=2030-03-05');
    // Nothing later: no button, and every slot exactly once.
    expect(within(section).queryByRole('button', { name: MESSAGES.showLaterTimes })).toBeNull();
    const days = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(new Set(days).size).toBe(days.length);
    expect(days).toHaveLength(4);
  });

  it('an empty first window shows the next free days, not "no slots"', async () => {
    answerFirstWindow([]);
    const { section } = await openDetail();
    expect(await within(section).findAllByRole('button', { name: /Book Now/ })).toHaveLength(2);
    expect(within(section).queryByText(MESSAGES.noAvailableTimeSlots)).toBeNull();
    expect(slotCalls().at(-1)!.url).toContain('from=2030-02-01');
  });

  it('the public page adds the later days to its day row', async () => {
    answerFirstWindow();
    const user = userEvent.setup();
    renderRoute(`/providers/${ana.listing.provider_id}`);
    const section = await screen.findByRole(
      'region',
      { name: 'Available times' },
      { timeout: 5000 },
    );
    const dayRow = await within(section).findByRole('group', { name: 'Day' });
    expect(within(dayRow).getAllByRole('button')).toHaveLength(1);
    await user.click(within(section).getByRole('button', { name: MESSAGES.showLaterTimes }));
    await vi.waitFor(() => expect(within(dayRow).getAllByRole('button')).toHaveLength(3));
  });
});
