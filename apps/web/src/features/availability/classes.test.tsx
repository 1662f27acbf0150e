import { addDays, todayIn } from '@slotwise/shared/dates';
import type { TimeslotWindowSlot } from '@slotwise/shared/availability-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { epochSeconds, makeToken } from '../../../test/make-token';
import { renderRoute } from '../../../test/render-route';
import { mondayOf } from './calendar/week-layout';

/**
 * Classes on the provider's Time Slots (docs/decisions/067-seats-and-series.md): the Seats field
 * of the slot forms, '3 of 8 left' on a class, its attendees each cancellable, 'Cancel class'.
 */

interface Call {
  method: string;
  url: string;
  body: unknown;
}

const day1 = addDays(addDays(mondayOf(todayIn(undefined)), 7), 1);
let slots: TimeslotWindowSlot[];
let calls: Call[];

const yoga = (): TimeslotWindowSlot => ({
  id: '11111111-1111-4111-8111-111111111111',
  day: day1,
  start_time: '18:00:00',
  end_time: '19:00:00',
  type: 'Yoga',
  is_booked: false,
  capacity: 8,
  seats_left: 6,
  source: 'manual',
  appointment_id: null,
  client_first_name: null,
  client_last_name: null,
  attendees: [
    {
      appointment_id: '22222222-2222-4222-8222-222222222222',
      client_first_name: 'Ana',
      client_last_name: 'Lopez',
    },
    {
      appointment_id: '33333333-3333-4333-8333-333333333333',
      client_first_name: 'Ben',
      client_last_name: 'Okafor',
    },
  ],
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

async function handle(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = String(input);
  const method = init.method ?? 'GET';
  const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, url, body });
  const path = url.split('?')[0]!;
  if (method === 'GET' && path === '/api/timeslots/view') return json(200, { slots });
  if (method === 'GET' && path === '/api/services') return json(200, { services: [] });
  if (method === 'POST' && path === '/api/timeslots/create') {
    return json(201, { message: 'Time slot created successfully!', slot: yoga() });
  }
  if (method === 'PATCH' && path.startsWith('/api/appointment/provider/cancel/')) {
    const id = path.split('/').at(-1);
    slots = slots.map((slot) => ({
      ...slot,
      seats_left: (slot.seats_left ?? 0) + 1,
      attendees: slot.attendees?.filter((a) => a.appointment_id !== id) ?? null,
    }));
    return json(200, { message: 'Appointment canceled' });
  }
  if (method === 'PATCH' && path.startsWith('/api/appointment/provider/cancel-class/')) {
    const canceled = slots.flatMap((slot) => slot.attendees ?? []).map((a) => a.appointment_id);
    slots = slots.map((slot) => ({ ...slot, seats_left: slot.capacity, attendees: [] }));
    return json(200, { message: 'Class canceled', canceled });
  }
  return json(404, { message: 'Not found', error: 'Not found', code: 'NOT_FOUND' });
}

beforeEach(() => {
  slots = [yoga()];
  calls = [];
  vi.stubGlobal('fetch', vi.fn(handle));
  window.localStorage.setItem(
    'token',
    makeToken({ userId: 'user-1', role: 'provider', providerId: 'p-1', exp: epochSeconds(3600) }),
  );
});

async function openList() {
  const user = userEvent.setup();
  renderRoute(`/dashboard/timeslots?view=list&week=${day1}`);
  await screen.findByRole('heading', { level: 1, name: 'Time Slots' });
  return user;
}

const callsTo = (method: string, prefix: string) =>
  calls.filter((call) => call.method === method && call.url.startsWith(prefix));

describe('classes on the time slots page', () => {
  it('creates a class with its seats; a one-client slot sends none', async () => {
    slots = [];
    const user = await openList();
    await user.click(screen.getByRole('button', { name: '+ Create Slot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Time Slot' });
    const seats = within(dialog).getByLabelText('Seats');
    expect(seats).toHaveValue(1);
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: day1 } });
    fireEvent.change(within(dialog).getByLabelText('Start time'), { target: { value: '18:00' } });
    fireEvent.change(within(dialog).getByLabelText('End time'), { target: { value: '19:00' } });
    fireEvent.change(seats, { target: { value: '101' } });
    expect(
      await within(dialog).findByText('Seats must be a whole number from 1 to 100'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Slot' })).toBeDisabled();
    fireEvent.change(seats, { target: { value: '8' } });
    const submit = within(dialog).getByRole('button', { name: 'Create Slot' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(callsTo('POST', '/api/timeslots/create')).toHaveLength(1));
    expect(callsTo('POST', '/api/timeslots/create')[0]!.body).toEqual({
      day: day1,
      startTime: '18:00:00',
      endTime: '19:00:00',
      capacity: 8,
    });
  });

  it("shows '6 of 8 left', the attendees, and cancels one seat after a confirmation", async () => {
    const user = await openList();
    const card = await screen.findByRole('article', { name: 'Yoga' });
    expect(within(card).getByText('6 of 8 left')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: /^Attendees of Yoga class/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Class' });
    // Seats booked: Update (its seats) but no Delete.
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    const list = within(dialog).getByRole('list', { name: 'Attendees (2)' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ana LopezCancel', 'Ben OkaforCancel']);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the seat of Ben Okafor' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    expect(within(confirm).getByText(/Ben Okafor, Yoga/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() =>
      expect(
        callsTo('PATCH', '/api/appointment/provider/cancel/33333333-3333-4333-8333-333333333333'),
      ).toHaveLength(1),
    );
    // Back to the class, as it now is.
    const again = await screen.findByRole('dialog', { name: 'Class' });
    expect(await within(again).findByText('7 of 8 left')).toBeInTheDocument();
    expect(within(again).getByRole('list', { name: 'Attendees (1)' })).toBeInTheDocument();
  });

  it("'Cancel class' cancels every seat after a confirmation", async () => {
    const user = await openList();
    const card = await screen.findByRole('article', { name: 'Yoga' });
    await user.click(within(card).getByRole('button', { name: /^Attendees of Yoga class/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Class' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel class' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel class' });
    expect(within(confirm).getByText(/All 2 attendees will be told/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, cancel class' }));
    await waitFor(() =>
      expect(callsTo('PATCH', `/api/appointment/provider/cancel-class/${yoga().id}`)).toHaveLength(
        1,
      ),
    );
    const again = await screen.findByRole('dialog', { name: 'Class' });
    expect(await within(again).findByText('No one has booked a seat yet.')).toBeInTheDocument();
    expect(within(again).getByText('8 of 8 left')).toBeInTheDocument();
  });

  it("labels a class's block in the week calendar with its seats", async () => {
    renderRoute(`/dashboard/timeslots`);
    await screen.findByRole('heading', { level: 1, name: 'Time Slots' });
    // The calendar opens on this week; the class is next week.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next week' }));
    const block = await screen.findByRole('button', { name: /^Class, 6 of 8 left, Yoga, / });
    expect(block).toHaveTextContent('6 of 8 left · Yoga');
  });
});
