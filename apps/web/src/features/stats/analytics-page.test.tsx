import type { ProviderAnalytics } from '@slotwise/shared/stats-types';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/mock-api';
import { createQueryClient } from '../../app/query-client';
import { AnalyticsPage } from './analytics-page';

function days(from: string, count: number): string[] {
  const start = new Date(`${from}T00:00:00Z`).getTime();
  return Array.from({ length: count }, (_, i) =>
    new Date(start + i * 86_400_000).toISOString().slice(0, 10),
  );
}

function analytics(overrides: Partial<ProviderAnalytics> = {}): ProviderAnalytics {
  return {
    timezone: 'America/New_York',
    last30Days: days('2025-02-08', 30).map((day) => ({
      day,
      bookings: day === '2025-03-04' ? 4 : day === '2025-03-09' ? 2 : 0,
      cancellations: day === '2025-03-09' ? 1 : 0,
    })),
    utilisation: 37.5,
    publishedMinutes: 480,
    bookedMinutes: 180,
    byWeekday: Array.from({ length: 7 }, (_, weekday) => ({
      weekday,
      appointments: weekday === 1 ? 5 : weekday === 4 ? 2 : 0,
    })),
    byHour: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      appointments: hour === 10 ? 4 : hour === 20 ? 1 : 0,
    })),
    next7Days: days('2025-03-09', 7).map((day, index) => ({
      day,
      publishedMinutes: index === 0 ? 120 : index === 1 ? 90 : 0,
      bookedMinutes: index === 0 ? 60 : 0,
    })),
    ...overrides,
  };
}

let answer: () => Response;

beforeEach(() => {
  answer = () => json(200, { analytics: analytics() });
  mockApi((call) =>
    call.method === 'GET' && call.path === '/api/stats/analytics' ? answer() : undefined,
  );
});

function renderPage() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AnalyticsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function section(title: string) {
  return screen.getByRole('heading', { level: 2, name: title }).closest('section')!;
}

/** The section `title`, once it is checked to show `summary`. */
function sectionSaying(title: string, summary: string) {
  const region = section(title);
  expect(within(region).getByText(summary)).toBeInTheDocument();
  return region;
}

describe('analytics page', () => {
  it('loads, then gives every chart a heading, a summary and a hidden data table', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(screen.getByText('Loading analytics...')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Bookings per day, last 30 days' });
    expect(screen.getByText(/America\/New_York/)).toBeInTheDocument();

    const activity = section('Bookings per day, last 30 days');
    expect(
      within(activity).getByText(
        'In the last 30 days: 6 bookings and 1 cancellation. Busiest day: Tue, Mar 4, 2025 with 4 bookings.',
      ),
    ).toBeInTheDocument();
    const activityTable = within(activity).getByRole('table', {
      name: 'Bookings per day, last 30 days',
    });
    expect(activityTable.parentElement).toHaveClass('sr-only');
    const rows = within(activityTable).getAllByRole('row');
    expect(rows).toHaveLength(31); // header + 30 days
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Day', 'Bookings', 'Cancellations']);
    expect(rows.at(-1)!.textContent).toBe('Sun, Mar 9, 202521');
    expect(within(activity).getByTestId('analytics-chart')).toHaveAttribute('aria-hidden', 'true');

    const weekdays = sectionSaying(
      'Busiest weekdays',
      'Over the last 90 days your busiest weekday is Tuesday, with 5 appointments.',
    );
    expect(within(weekdays).getByRole('row', { name: 'Tuesday 5' })).toBeInTheDocument();

    const hours = sectionSaying(
      'Busiest hours',
      'Over the last 90 days most appointments start between 10:00 and 11:00 (4 appointments).',
    );
    const hourRows = within(within(hours).getByRole('table')).getAllByRole('row');
    // 08:00–18:00 by default, widened to 20:00 by an appointment then.
    expect(hourRows).toHaveLength(1 + 13);
    expect(within(hours).getByRole('row', { name: '20:00 1' })).toBeInTheDocument();

    const week = sectionSaying(
      'Next 7 days',
      'Today and the next 6 days: 3 h 30 min published, 1 h booked (28.6%).',
    );
    expect(within(week).getByRole('row', { name: 'Sun, Mar 9, 2025 2 h 1 h' })).toBeInTheDocument();

    const utilisation = section('Utilisation');
    expect(within(utilisation).getByText('37.5%')).toBeInTheDocument();
    expect(
      within(utilisation).getByText('3 h booked of 8 h published in the last 30 days.'),
    ).toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    answer = () =>
      json(200, {
        analytics: analytics({
          last30Days: [],
          utilisation: 0,
          publishedMinutes: 0,
          bookedMinutes: 0,
          byWeekday: [],
          byHour: [],
          next7Days: [],
        }),
      });
    renderPage();
    expect(
      await screen.findByText('No bookings or cancellations in the last 30 days.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('You published no time slots in the last 30 days.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('No appointments in the last 90 days.')).toHaveLength(2);
    expect(
      screen.getByText('Nothing published or booked for today and the next 6 days.'),
    ).toBeInTheDocument();
  });

  it('offers a retry when loading fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer = () => json(500, { message: 'Analytics are down' });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load analytics: Analytics are down');
    answer = () => json(200, { analytics: analytics() });
    within(alert).getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('heading', { name: 'Busiest hours' })).toBeInTheDocument();
    error.mockRestore();
  });
});
