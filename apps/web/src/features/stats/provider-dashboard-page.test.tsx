import type { ProviderAppointment } from '@slotwise/shared/appointments-schemas';
import type { ProviderStats } from '@slotwise/shared/stats-types';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, deferred, json, mockApi, type ApiCall } from '../../../test/mock-api';
import { createQueryClient } from '../../app/query-client';
import { ProviderDashboardPage } from './provider-dashboard-page';
import { makeProviderAppointment } from '../../../test/booking-api';
import { expectTexts } from '../../../test/expect-texts';

const STATS: ProviderStats = {
  todayCount: 2,
  todayChange: 100,
  avgDuration: 38,
  durationChange: -20,
  completionRate: 66.7,
  completionChange: 0,
  bookedThisWeek: 4,
  canceledThisWeek: 1,
  rescheduledThisWeek: 2,
};

/** A Barber appointment on 2025-03-09, 09:00–09:30 in New York. */
function appointment(overrides: Partial<ProviderAppointment>): ProviderAppointment {
  return makeProviderAppointment({
    day: '2025-03-09',
    start_time: '09:00:00',
    end_time: '09:30:00',
    service_type: 'Barber',
    starts_at: '2025-03-09T13:00:00.000Z',
    ends_at: '2025-03-09T13:30:00.000Z',
    ...overrides,
  });
}

let appointments: ProviderAppointment[];
let statsAnswer: () => Response | Promise<Response>;
let appointmentsAnswer: () => Response | Promise<Response>;
let api: { calls: ApiCall[] };

beforeEach(() => {
  appointments = [];
  statsAnswer = () => json(200, { stats: STATS });
  appointmentsAnswer = () => json(200, { appointments });
  api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/api/stats/') return statsAnswer();
    if (call.method === 'GET' && call.path === '/api/appointment/provider/view')
      return appointmentsAnswer();
    return undefined;
  });
});

function renderDashboard() {
  const queryClient = createQueryClient();
  // Fail at once instead of after the client's two retries.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <ProviderDashboardPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

function statCard(label: string) {
  return screen.getByRole('heading', { level: 3, name: label }).closest('article')!;
}

describe('provider dashboard', () => {
  it("shows 'Loading dashboard...' until both appointments and stats are in, fetched together", async () => {
    const stats = deferred<Response>();
    statsAnswer = () => stats.promise;
    renderDashboard();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Provider Dashboard' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Loading dashboard...')).toBeInTheDocument();
    // Both requests are out before either answered.
    await waitFor(() => {
      expect(callsTo(api.calls, 'GET', '/api/stats/')).toHaveLength(1);
      expect(callsTo(api.calls, 'GET', '/api/appointment/provider/view')).toHaveLength(1);
    });
    stats.resolve(json(200, { stats: STATS }));
    await screen.findByRole('heading', { name: 'Weekly Summary' });
    expect(screen.queryByText('Loading dashboard...')).not.toBeInTheDocument();
  });

  it('shows the three stat cards with their changes', async () => {
    const now = new Date();
    const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    appointments = [appointment({ day }), appointment({ day, start_time: '10:00:00' })];
    renderDashboard();
    await screen.findByRole('heading', { name: 'Weekly Summary' });

    // The count is the list's (booked, today's local date; docs/product.md §14.3).
    const today = statCard("Today's Appointments");
    expect(within(today).getByText('2')).toBeInTheDocument();
    expect(within(today).getByText('Booked today')).toBeInTheDocument();
    expect(within(today).getByRole('img', { name: 'Up' })).toBeInTheDocument();
    expect(within(today).getByText('100% from yesterday')).toBeInTheDocument();

    const duration = statCard('Average Duration');
    expect(within(duration).getByText('38 min')).toBeInTheDocument();
    expect(within(duration).getByRole('img', { name: 'Down' })).toBeInTheDocument();
    expect(within(duration).getByText('20% from yesterday')).toBeInTheDocument();

    const rate = statCard('Succesful Booking Rate');
    expect(within(rate).getByText('66.7%')).toBeInTheDocument();
    expect(within(rate).queryByRole('img')).not.toBeInTheDocument();
    expect(within(rate).queryByText(/from yesterday/)).not.toBeInTheDocument();
  });

  it('draws the Weekly Summary with a green / red / amber legend beside the pie', async () => {
    renderDashboard();
    const legend = await screen.findByRole('list', { name: 'Weekly Summary legend' });
    const rows = within(legend).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Booked this week4',
      'Canceled this week1',
      'Rescheduled this week2',
    ]);
    expect(screen.getByTestId('legend-swatch-booked')).toHaveStyle({
      backgroundColor: 'rgb(22, 163, 74)',
    });
    expect(screen.getByTestId('legend-swatch-canceled')).toHaveStyle({
      backgroundColor: 'rgb(220, 38, 38)',
    });
    expect(screen.getByTestId('legend-swatch-rescheduled')).toHaveStyle({
      backgroundColor: 'rgb(245, 158, 11)',
    });
    // The pie (its own chunk) draws the same three colours.
    const chart = screen.getByTestId('weekly-summary-chart');
    await waitFor(() => expect(chart.querySelectorAll('path.recharts-sector')).toHaveLength(3));
    const fills = [...chart.querySelectorAll('path.recharts-sector')].map((path) =>
      path.getAttribute('fill'),
    );
    expect(fills).toEqual(['#16a34a', '#dc2626', '#f59e0b']);
  });

  it("lists today's booked appointments by the browser's local date, not UTC", async () => {
    // 02:30 UTC on 10 March is still 9 March, 22:30, in New York (the tests' zone).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-10T02:30:00Z'));
    appointments = [
      appointment({
        day: '2025-03-09',
        start_time: '23:00:00',
        end_time: '23:45:00',
        client_first_name: 'Late',
        client_last_name: 'Evening',
      }),
      appointment({
        day: '2025-03-09',
        start_time: '22:45:00',
        end_time: '23:00:00',
        client_first_name: 'Ada',
        client_last_name: 'Lovelace',
        service_type: 'Tutor',
      }),
      appointment({ day: '2025-03-10', client_first_name: 'Utc', client_last_name: 'Tomorrow' }),
      appointment({
        day: '2025-03-09',
        status: 'canceled',
        client_first_name: 'Gone',
        client_last_name: 'Away',
      }),
      appointment({
        day: '2025-03-09',
        status: 'completed',
        client_first_name: 'Done',
        client_last_name: 'Already',
      }),
    ];
    const user = userEvent.setup();
    const { router } = renderDashboard();
    const list = await screen.findByRole('list', { name: "Today's Appointments" });
    const cards = within(list).getAllByRole('link');
    expect(cards).toHaveLength(2);
    expectTexts(cards[0], ['22:45–23:00', 'Ada Lovelace', 'Tutor', 'booked']);
    expectTexts(cards[1], ['23:00–23:45', 'Late Evening']);
    expect(screen.queryByText(/Utc Tomorrow/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Gone Away/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Done Already/)).not.toBeInTheDocument();
    expect(screen.getByTestId('today-count-badge')).toHaveTextContent('(2)');

    await user.click(cards[0]!);
    expect(router.state.location.pathname).toBe('/dashboard/appointments');
  });

  it("offers 'Set Availability' when nothing is booked today", async () => {
    const user = userEvent.setup();
    const { router } = renderDashboard();
    expect(await screen.findByText('No appointments scheduled for today')).toBeInTheDocument();
    expect(screen.getByTestId('today-count-badge')).toHaveTextContent('0');
    await user.click(screen.getByRole('link', { name: 'Set Availability' }));
    expect(router.state.location.pathname).toBe('/dashboard/timeslots');
  });

  it('shows zero values when the fetch fails, logging the failure only', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    statsAnswer = () => json(500, { message: 'Stats are down' });
    appointmentsAnswer = () => json(500, { message: 'Appointments are down' });
    appointments = [appointment({})];
    renderDashboard();
    await screen.findByRole('heading', { name: 'Weekly Summary' });

    expect(within(statCard("Today's Appointments")).getByText('0')).toBeInTheDocument();
    expect(within(statCard('Average Duration')).getByText('0 min')).toBeInTheDocument();
    expect(within(statCard('Succesful Booking Rate')).getByText('0%')).toBeInTheDocument();
    expect(screen.queryByText(/from yesterday/)).not.toBeInTheDocument();
    expect(screen.getByText('No appointments scheduled for today')).toBeInTheDocument();
    const legend = screen.getByRole('list', { name: 'Weekly Summary legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((row) => row.lastChild?.textContent),
    ).toEqual(['0', '0', '0']);
    expect(error).toHaveBeenCalledWith('[api]', 'Stats are down');
    expect(error).toHaveBeenCalledWith('[api]', 'Appointments are down');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    error.mockRestore();
  });

  it('has the create button and the four quick actions', async () => {
    renderDashboard();
    await screen.findByRole('heading', { name: 'Quick Actions' });
    expect(screen.getByRole('link', { name: 'Create Availability' })).toHaveAttribute(
      'href',
      '/dashboard/timeslots',
    );
    const actions = within(screen.getByRole('heading', { name: 'Quick Actions' }).parentElement!);
    expect(
      actions.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Respond to Messages', '/messages'],
      ['Manage Availability', '/dashboard/timeslots'],
      ['Update Profile', '/dashboard/profile'],
      ['View Full Analytics', '/stats'],
    ]);
  });
});
