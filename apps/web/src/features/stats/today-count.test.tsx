import type { ProviderAppointment } from '@slotwise/shared/appointments-schemas';
import type { ProviderStats } from '@slotwise/shared/stats-types';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, makeProviderAppointment } from '../../../test/booking-api';
import { json, mockApi } from '../../../test/mock-api';
import { renderRoute } from '../../../test/render-route';

/**
 * The 'Today's Appointments' card counts exactly the list under it (docs/product.md §14.3): booked,
 * on today's local date. The server's own count (booked or completed, in the provider's zone) says
 * 5 below, and the card must not follow it.
 */

const STATS: ProviderStats = {
  todayCount: 5,
  todayChange: 0,
  avgDuration: 30,
  durationChange: 0,
  completionRate: 100,
  completionChange: 0,
  bookedThisWeek: 5,
  canceledThisWeek: 0,
  rescheduledThisWeek: 0,
};

/** A half-hour Barber appointment on `day` from `start` (HH:MM). */
function appointment(
  day: string,
  status: ProviderAppointment['status'],
  start: string,
): ProviderAppointment {
  const end = `${start.slice(0, 3)}30`;
  return makeProviderAppointment({
    day,
    status,
    start_time: `${start}:00`,
    end_time: `${end}:00`,
    service_type: 'Barber',
    client_first_name: `Client${start.slice(0, 2)}`,
    client_last_name: day,
  });
}

let appointments: ProviderAppointment[];

beforeEach(() => {
  mockApi((call) => {
    if (call.path === '/api/stats/') return json(200, { stats: STATS });
    if (call.path === '/api/appointment/provider/view') return json(200, { appointments });
    if (call.path === '/api/notifications/unread')
      return json(200, { unreadNotifications: [], unreadCount: 0 });
    return undefined;
  });
});

afterEach(() => {
  vi.useRealTimers();
});

function todayCard() {
  return screen
    .getByRole('heading', { level: 3, name: "Today's Appointments" })
    .closest('article')!;
}

/** The card's figure and the list's length, once the page is in. */
async function cardAndList(): Promise<{ card: string; listed: number }> {
  await screen.findByRole('heading', { name: 'Weekly Summary' });
  const figure = todayCard().querySelector('p')!.textContent!;
  const list = screen.queryByRole('list', { name: "Today's Appointments" });
  return { card: figure, listed: list ? within(list).getAllByRole('listitem').length : 0 };
}

describe("dashboard: today's count equals today's list", () => {
  it('counts booked appointments of today only, labelled so', async () => {
    appointments = [
      appointment('2026-11-26', 'booked', '15:00'),
      appointment('2026-11-26', 'booked', '16:00'),
      appointment('2026-11-26', 'completed', '09:00'),
      appointment('2026-11-26', 'canceled', '10:00'),
      appointment('2026-11-27', 'booked', '09:00'),
    ];
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T17:00:00Z')); // 12:00 in New York
    signInAs('provider'); // a token valid on the faked clock
    renderRoute('/dashboard');
    expect(await cardAndList()).toEqual({ card: '2', listed: 2 });
    expect(todayCard()).toHaveTextContent('Booked today');
  });

  it.each([
    // 23:59 on the 26th in New York (04:59 UTC on the 27th): the 26th is today.
    ['2026-11-27T04:59:00Z', 2],
    // 00:01 on the 27th in New York (05:01 UTC): the 27th is today.
    ['2026-11-27T05:01:00Z', 1],
    // 19:30 on the 26th in New York, already the 27th in UTC: still the 26th.
    ['2026-11-27T00:30:00Z', 2],
  ])(
    'around midnight (now %s, TZ=America/New_York) the card is the list: %i',
    async (now, expected) => {
      appointments = [
        appointment('2026-11-26', 'booked', '20:00'),
        appointment('2026-11-26', 'booked', '23:00'),
        appointment('2026-11-27', 'booked', '09:00'),
      ];
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(now));
      signInAs('provider'); // a token valid on the faked clock
      renderRoute('/dashboard');
      expect(await cardAndList()).toEqual({ card: String(expected), listed: expected });
    },
  );
});
