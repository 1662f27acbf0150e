import { todayIn } from '@slotwise/shared/dates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProviderAppointment, signInAs } from '../../../../test/booking-api';
import { callsTo } from '../../../../test/mock-api';
import { renderRoute } from '../../../../test/render-route';
import { formatDateRange } from '../../../lib/date-time-format';
import {
  makeWindowSlot,
  mockScheduleApi,
  type ScheduleBackend,
} from '../../../../test/schedule-api';

/** The week calendar of /dashboard/timeslots (decision 046), over the in-memory schedule API. */

let api: ScheduleBackend;

beforeEach(() => {
  signInAs('provider', { firstName: 'Pat', lastName: 'Slots' });
  api = mockScheduleApi();
});

/** Opens the week view and jumps to the week of Wednesday 2030-06-12 (Mon 10 – Sun 16). */
async function openWeek() {
  const user = userEvent.setup();
  renderRoute('/dashboard/timeslots?view=week');
  await screen.findByRole('heading', { level: 1, name: 'Time Slots' });
  fireEvent.change(await screen.findByLabelText('Go to date'), {
    target: { value: '2030-06-12' },
  });
  const grid = await screen.findByRole('grid', {
    name: formatDateRange('2030-06-10', '2030-06-16'),
  });
  return { user, grid };
}

function seedWeek() {
  api.slots.push(
    makeWindowSlot({ day: '2030-06-10', start_time: '09:00:00', end_time: '09:30:00' }),
    makeWindowSlot({
      day: '2030-06-12',
      start_time: '10:00:00',
      end_time: '10:30:00',
      is_booked: true,
      appointment_id: crypto.randomUUID(),
      client_first_name: 'Cleo',
      client_last_name: 'Client',
    }),
    // Outside the window: the fake filters by from/to like the server.
    makeWindowSlot({ day: '2030-06-17', start_time: '09:00:00', end_time: '09:30:00' }),
  );
}

describe('week calendar', () => {
  it('opens on the week, with the SPEC list one toggle away (kept in the URL)', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/dashboard/timeslots');
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'List' }));
    expect(await screen.findByText('No time slots available.')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(router.state.location.search).toContain('view=list');
  });

  it('renders the week from the API: days as columns, blocks Available / Booked with the client', async () => {
    seedWeek();
    const { grid } = await openWeek();
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Time',
      'Mon, Jun 10, 2030',
      'Tue, Jun 11, 2030',
      'Wed, Jun 12, 2030',
      'Thu, Jun 13, 2030',
      'Fri, Jun 14, 2030',
      'Sat, Jun 15, 2030',
      'Sun, Jun 16, 2030',
    ]);
    expect(
      await within(grid).findByRole('button', {
        name: 'Available, Barber, Mon, Jun 10, 2030, 09:00–09:30',
      }),
    ).toBeInTheDocument();
    const booked = within(grid).getByRole('button', {
      name: 'Booked by Cleo Client, Barber, Wed, Jun 12, 2030, 10:00–10:30',
    });
    // One text line each: time and state, then who and what (docs/product.md §14.3).
    expect(booked.textContent).toBe('10:00–10:30\nCleo Client · Barber');
    expect(booked.children).toHaveLength(0);
    expect(within(grid).getAllByRole('button')).toHaveLength(2);
    // Only the visible window was asked for.
    const windowCalls = callsTo(api.calls, 'GET', '/api/timeslots/view').map(
      (call) => new URL(call.url, 'http://localhost').searchParams,
    );
    expect(windowCalls.at(-1)?.get('from')).toBe('2030-06-10');
    expect(windowCalls.at(-1)?.get('to')).toBe('2030-06-16');
  });

  it('marks today and moves by weeks', async () => {
    const user = userEvent.setup();
    renderRoute('/dashboard/timeslots?view=week');
    const grid = await screen.findByRole('grid');
    const today = within(grid)
      .getAllByRole('columnheader')
      .find((header) => header.getAttribute('aria-current') === 'date');
    expect(today).toHaveTextContent('Today');
    expect(today?.querySelector('time')?.getAttribute('datetime')).toBe(todayIn(undefined));
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('grid'))
          .getAllByRole('columnheader')
          .some((header) => header.getAttribute('aria-current') === 'date'),
      ).toBe(false),
    );
  });

  it('walks free times and blocks with the arrow keys and opens a block with Enter', async () => {
    seedWeek();
    const { user, grid } = await openWeek();
    await within(grid).findByRole('button', { name: /^Available/ });
    // One element of the grid takes Tab: the first free time of the week.
    await user.tab();
    while (!grid.contains(document.activeElement)) await user.tab();
    expect(document.activeElement).toHaveAccessibleName('Free, Mon, Jun 10, 2030, from 08:00');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName('Free, Mon, Jun 10, 2030, from 09:30');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName(
      'Available, Barber, Mon, Jun 10, 2030, 09:00–09:30',
    );
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName('Free, Tue, Jun 11, 2030, from 09:00');
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName(
      'Booked by Cleo Client, Barber, Wed, Jun 12, 2030, 10:00–10:30',
    );
    // Only one grid element is in the Tab order at a time.
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Booked slot' });
    expect(dialog).toHaveTextContent('Cleo Client');
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('opens Create Time Slot prefilled from a free time, and the new block appears', async () => {
    const { user, grid } = await openWeek();
    const cell = within(grid).getByRole('gridcell', {
      name: 'Free, Tue, Jun 11, 2030, from 09:00',
    });
    cell.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Create Time Slot' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2030-06-11');
    expect(within(dialog).getByLabelText('Start time')).toHaveValue('09:00');
    expect(within(dialog).getByLabelText('End time')).toHaveValue('09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Create Slot' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(api.calls, 'POST', '/api/timeslots/create').at(-1)?.body).toEqual({
      day: '2030-06-11',
      startTime: '09:00:00',
      endTime: '09:30:00',
    });
    expect(
      await within(grid).findByRole('button', {
        name: 'Available, Barber, Tue, Jun 11, 2030, 09:00–09:30',
      }),
    ).toBeInTheDocument();
  });

  it('deletes a free slot from its block', async () => {
    seedWeek();
    const id = api.slots[0]!.id;
    const { user, grid } = await openWeek();
    await user.click(await within(grid).findByRole('button', { name: /^Available/ }));
    const actions = await screen.findByRole('dialog', { name: 'Time slot' });
    await user.click(within(actions).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete time slot' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(grid).queryByRole('button', { name: /^Available/ })).not.toBeInTheDocument(),
    );
    expect(callsTo(api.calls, 'DELETE', `/api/timeslots/delete/${id}`)).toHaveLength(1);
  });

  it('shows one day on phones', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 640px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    seedWeek();
    const user = userEvent.setup();
    renderRoute('/dashboard/timeslots?view=week');
    fireEvent.change(await screen.findByLabelText('Go to date'), {
      target: { value: '2030-06-12' },
    });
    const grid = await screen.findByRole('grid', { name: 'Wed, Jun 12, 2030' });
    expect(within(grid).getAllByRole('columnheader')).toHaveLength(2);
    expect(await within(grid).findByRole('button', { name: /^Booked by Cleo/ })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByRole('grid', { name: 'Thu, Jun 13, 2030' })).toBeInTheDocument();
    const last = callsTo(api.calls, 'GET', '/api/timeslots/view').at(-1)!;
    expect(new URL(last.url, 'http://localhost').search).toBe('?from=2030-06-13&to=2030-06-13');
  });
});

describe('weekly hours and time off', () => {
  /** The Weekly hours dialog opened from `path`, with a first range added on `weekday`. */
  async function addHoursOn(path: string, weekday: string) {
    const user = userEvent.setup();
    renderRoute(path);
    await user.click(await screen.findByRole('button', { name: 'Weekly hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Weekly hours' });
    const add = await within(dialog).findByRole('button', { name: `Add hours on ${weekday}` });
    await user.click(add);
    return { user, dialog };
  }

  it('saves weekly hours and shows what was generated', async () => {
    const { user, dialog } = await addHoursOn('/dashboard/timeslots?view=week', 'Monday');
    fireEvent.change(within(dialog).getByLabelText('Monday range 1 End'), {
      target: { value: '11:00' },
    });
    fireEvent.change(within(dialog).getByLabelText('Horizon (weeks)'), { target: { value: '1' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save weekly hours' }));
    // 09:00–11:00 in 30-minute slots, one Monday within one week.
    expect(
      await within(dialog).findByText(
        /^Weekly hours saved\. Created 4 slots, kept 0, removed 0\.$/,
      ),
    ).toBeInTheDocument();
    const put = callsTo(api.calls, 'PUT', '/api/availability/weekly').at(-1);
    expect(put?.body).toEqual({
      rules: [
        {
          weekday: 1,
          start: '09:00:00',
          end: '11:00:00',
          slotMinutes: 30,
          breakMinutes: 0,
          capacity: 1,
        },
      ],
      horizonWeeks: 1,
    });
  });

  it('shows the rule errors before sending', async () => {
    const { user, dialog } = await addHoursOn('/dashboard/timeslots', 'Friday');
    fireEvent.change(within(dialog).getByLabelText('Friday range 1 End'), {
      target: { value: '08:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save weekly hours' }));
    expect(await within(dialog).findByText('End time must be after start time')).toBeVisible();
    expect(callsTo(api.calls, 'PUT', '/api/availability/weekly')).toEqual([]);
  });

  it('adds time off, lists the booked appointments inside, cancels one', async () => {
    const appointmentId = crypto.randomUUID();
    api.slots.push(
      makeWindowSlot({
        day: '2030-06-12',
        start_time: '10:00:00',
        end_time: '10:30:00',
        is_booked: true,
        appointment_id: appointmentId,
        client_first_name: 'Cleo',
        client_last_name: 'Client',
      }),
    );
    api.providerAppointments.push(
      makeProviderAppointment({
        appointment_id: appointmentId,
        id: appointmentId,
        day: '2030-06-12',
      }),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard/timeslots');
    await user.click(await screen.findByRole('button', { name: 'Time off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Time off' });
    expect(await within(dialog).findByText('No time off planned.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2030-06-12' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2030-06-12' } });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Holiday');
    await user.click(within(dialog).getByRole('button', { name: 'Add time off' }));
    expect(
      await within(dialog).findByText(
        'Time off added. 1 booked appointment falls inside it: cancel it or keep it.',
      ),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText(/Holiday/)).toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('button', { name: /^Cancel appointment: Cleo Client/ }),
    );
    expect(await within(dialog).findByText('Canceled')).toBeInTheDocument();
    expect(api.providerAppointments[0]?.status).toBe('canceled');
    expect(callsTo(api.calls, 'POST', '/api/availability/time-off').at(-1)?.body).toEqual({
      from: '2030-06-12',
      to: '2030-06-12',
      reason: 'Holiday',
    });
  });
});

describe('week calendar while its first week loads', () => {
  it('draws the empty grid busy and inert, with the loading status, until the slots come', async () => {
    seedWeek();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.holdWindow = held;
    renderRoute('/dashboard/timeslots?view=week');
    const grid = await screen.findByRole('grid');
    expect(grid).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading time slots...');
    fireEvent.click(within(grid).getAllByRole('gridcell')[0]!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getByRole('grid')).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByText('Loading time slots...')).not.toBeInTheDocument();
  });
});
