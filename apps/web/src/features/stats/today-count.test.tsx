import type { ProviderAppointment } from '@slotwise/shared/appointments-schemas';
import type { ProviderStats } from '@slotwise/shared/stats-types';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs, makeProviderAppointment } from '../../../test/booking-api';
import { json, mockApi } from '../../../test/mock-api';
import { renderRoute } from '../../../test/render-route';
import { localToday } from './local-date';

/** The 'Today's Appointments' card and the today list never contradict each other. */

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

/** A half-hour Barber appointment today from `start` (HH:MM). */
function appointment(status: ProviderAppointment['status'], start: string): ProviderAppointment {
  const day = localToday();
  const end = `${start.slice(0, 3)}30`;
  return makeProviderAppointment({
    day,
    status,
    start_time: `${start}:00`,
    end_time: `${end}:00`,
    service_type: 'Barber',
    starts_at: `${day}T${start}:00.000Z`,
    ends_at: `${day}T${end}:00.000Z`,
  });
}

let appointments: ProviderAppointment[];
let stats: ProviderStats;

beforeEach(() => {
  signInAs('provider');
  mockApi((call) => {
    if (call.path === '/api/stats/') return json(200, { stats });
    if (call.path === '/api/appointment/provider/view') return json(200, { appointments });
    if (call.path === '/api/notifications/unread')
      return json(200, { unreadNotifications: [], unreadCount: 0 });
    return undefined;
  });
});

function todayCard() {
  return screen
    .getByRole('heading', { level: 3, name: "Today's Appointments" })
    .closest('article')!;
}

describe("dashboard: today's count and list", () => {
  it('says what the number counts, and why the list is empty when all were completed', async () => {
    stats = STATS;
    appointments = ['09:00', '10:00', '11:00', '12:00', '13:00'].map((start) =>
      appointment('completed', start),
    );
    renderRoute('/dashboard');
    expect(await screen.findByText('No appointments scheduled for today')).toBeInTheDocument();
    expect(todayCard()).toHaveTextContent('5');
    expect(todayCard()).toHaveTextContent('Booked or completed today');
    expect(screen.getByText('5 appointments were completed earlier today.')).toBeInTheDocument();
  });

  it('adds no note when the list shows appointments, or when the count is zero', async () => {
    stats = { ...STATS, todayCount: 2 };
    appointments = [appointment('booked', '15:00'), appointment('completed', '09:00')];
    const first = renderRoute('/dashboard');
    expect(await screen.findByText('15:00 - 15:30')).toBeInTheDocument();
    expect(screen.queryByText(/completed earlier today/)).not.toBeInTheDocument();
    first.unmount();

    stats = { ...STATS, todayCount: 0 };
    appointments = [];
    renderRoute('/dashboard');
    expect(await screen.findByText('No appointments scheduled for today')).toBeInTheDocument();
    expect(screen.queryByText(/earlier today|no longer booked/)).not.toBeInTheDocument();
  });
});
