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
 * booking page's day strip shows the first window and 'Later days' past it loads the 14 days from
 * the next free day.
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

/** The day strip's days, as their chips read. */
const dayChips = (section: HTMLElement) =>
  within(within(section).getByRole('group', { name: 'Day' }))
    .getAllByRole('button')
    .map((chip) => chip.textContent);

describe('available slots, 14 days at a time', () => {
  it("'Later days' past the loaded days asks for the next window and opens its first day", async () => {
    answerFirstWindow();
    const { user, section } = await openDetail();
    expect(await within(section).findAllByRole('button', { name: /Book Now$/ })).toHaveLength(1);
    // The first window is the server's default: no from/to sent.
    expect(slotCalls()[0]!.url).not.toContain('from=');
    expect(dayChips(section)).toEqual(['Wed, Jan 2, 2030']);
    expect(within(section).getByRole('button', { name: 'Earlier days' })).toBeDisabled();

    await user.click(within(section).getByRole('button', { name: 'Later days' }));
    await vi.waitFor(() => expect(dayChips(section)).toHaveLength(3));
    expect(slotCalls().at(-1)!.url).toContain('from=2030-02-01');
    expect(within(section).getByRole('button', { name: 'Fri, Feb 1, 2030' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(section).getByRole('button', { name: '10:00 Book Now' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Later days' }));
    await vi.waitFor(() => expect(dayChips(section)).toHaveLength(4));
    expect(slotCalls().at(-1)!.url).toContain('from=2030-03-05');
    expect(within(section).getByRole('button', { name: 'Tue, Mar 5, 2030' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Nothing later: the arrow rests, and every day is there exactly once.
    expect(within(section).getByRole('button', { name: 'Later days' })).toBeDisabled();
    expect(new Set(dayChips(section)).size).toBe(4);
  });

  it('an empty first window shows the next free days, not "no slots"', async () => {
    answerFirstWindow([]);
    const { section } = await openDetail();
    expect(await within(section).findAllByRole('button', { name: /Book Now$/ })).toHaveLength(1);
    expect(dayChips(section)).toEqual(['Fri, Feb 1, 2030', 'Sun, Feb 10, 2030']);
    expect(within(section).queryByText(MESSAGES.noAvailableTimeSlots)).toBeNull();
    expect(slotCalls().at(-1)!.url).toContain('from=2030-02-01');
  });

  it('on a phone the public page shows four whole days at a time', async () => {
    // A phone: narrower than 640 px.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const week = Array.from({ length: 6 }, (_, index) =>
      makeSlot({ day: `2030-01-0${index + 2}`, start_time: '18:00:00', end_time: '18:30:00' }),
    );
    answerFirstWindow(week);
    const user = userEvent.setup();
    renderRoute(`/providers/${ana.listing.provider_id}`);
    const section = await screen.findByRole(
      'region',
      { name: 'Available Time Slots' },
      { timeout: 5000 },
    );
    await within(section).findByRole('group', { name: 'Day' });
    expect(dayChips(section)).toEqual([
      'Wed, Jan 2, 2030',
      'Thu, Jan 3, 2030',
      'Fri, Jan 4, 2030',
      'Sat, Jan 5, 2030',
    ]);
    await user.click(within(section).getByRole('button', { name: 'Later days' }));
    expect(dayChips(section)).toEqual(['Sun, Jan 6, 2030', 'Mon, Jan 7, 2030']);
    expect(within(section).getByRole('button', { name: 'Sun, Jan 6, 2030' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(section).getByRole('button', { name: 'Earlier days' }));
    expect(dayChips(section)).toHaveLength(4);
  });
});
