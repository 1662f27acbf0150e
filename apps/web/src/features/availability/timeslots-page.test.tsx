import { addDays, todayIn } from '@slotwise/shared/dates';
import { planSlotRun, type SlotRun } from '@slotwise/shared/availability-slot-run-schemas';
import type { Timeslot } from '@slotwise/shared/availability-slot-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { epochSeconds, makeToken } from '../../../test/make-token';
import { renderRoute } from '../../../test/render-route';
import { errorBody } from '../../../test/contract';
import { formatDate, formatDateRange } from '../../lib/date-time-format';
import { mondayOf } from './calendar/week-layout';

/** An in-memory stand-in for the /api/timeslots endpoints, recording every call. */
interface Call {
  method: string;
  url: string;
  body: unknown;
}

const today = todayIn(undefined);
/** Next week's Tuesday and Wednesday: one week page of the list, always ahead. */
const nextMonday = addDays(mondayOf(today), 7);
const day1 = addDays(nextMonday, 1);
const day2 = addDays(nextMonday, 2);

function slot(overrides: Partial<Timeslot>): Timeslot {
  return {
    id: crypto.randomUUID(),
    day: day1,
    start_time: '09:00:00',
    end_time: '09:30:00',
    type: 'Barber',
    is_booked: false,
    ...overrides,
  };
}

let slots: Timeslot[];
let calls: Call[];
/** Answers for the next call to "METHOD path" instead of the default behaviour. */
let failures: Map<string, { status: number; body: unknown }>;

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
  const failure = failures.get(`${method} ${path.replace(/\/[0-9a-f-]{36}$/, '/:id')}`);
  if (failure) {
    failures.delete(`${method} ${path.replace(/\/[0-9a-f-]{36}$/, '/:id')}`);
    return json(failure.status, failure.body);
  }
  if (method === 'GET' && path === '/api/timeslots/view') {
    // The calendar window (from–to inclusive) as the server answers it: booked slots name the client.
    const query = new URL(url, 'http://localhost').searchParams;
    const from = query.get('from') ?? '0000-00-00';
    const to = query.get('to') ?? '9999-12-31';
    const window = slots
      .filter((s) => s.day >= from && s.day <= to)
      .map((s) => ({
        ...s,
        source: 'manual',
        appointment_id: s.is_booked ? 'appointment-1' : null,
        client_first_name: s.is_booked ? 'Ana' : null,
        client_last_name: s.is_booked ? 'Lopez' : null,
      }));
    return json(200, { slots: window });
  }
  if (method === 'POST' && path === '/api/timeslots/create') {
    const b = body as { day: string; startTime: string; endTime: string };
    const created = slot({ day: b.day, start_time: b.startTime, end_time: b.endTime });
    slots = [...slots, created];
    return json(201, { message: 'Time slot created successfully!', slot: created });
  }
  if (method === 'POST' && path === '/api/timeslots/bulk-create') {
    const created = planSlotRun(body as SlotRun).map((planned) =>
      slot({ day: planned.day, start_time: planned.startTime, end_time: planned.endTime }),
    );
    slots = [...slots, ...created];
    return json(201, {
      message: `${created.length} time slots created successfully!`,
      slots: created,
    });
  }
  const id = path.split('/').at(-1);
  if (method === 'PATCH' && path.startsWith('/api/timeslots/update/')) {
    const b = body as { day?: string; startTime?: string; endTime?: string };
    slots = slots.map((s) =>
      s.id === id
        ? {
            ...s,
            day: b.day ?? s.day,
            start_time: b.startTime ?? s.start_time,
            end_time: b.endTime ?? s.end_time,
          }
        : s,
    );
    return json(200, {
      message: 'Time slot updated successfully!',
      slot: slots.find((s) => s.id === id),
    });
  }
  if (method === 'DELETE' && path.startsWith('/api/timeslots/delete/')) {
    slots = slots.filter((s) => s.id !== id);
    return json(200, { message: 'Time slot deleted' });
  }
  return json(404, { message: 'Not found', error: 'Not found', code: 'NOT_FOUND' });
}

function callsTo(method: string, prefix: string): Call[] {
  return calls.filter((c) => c.method === method && c.url.startsWith(prefix));
}

beforeEach(() => {
  slots = [];
  calls = [];
  failures = new Map();
  vi.stubGlobal('fetch', vi.fn(handle));
  window.localStorage.setItem(
    'token',
    makeToken({
      userId: 'user-1',
      role: 'provider',
      providerId: 'provider-1',
      exp: epochSeconds(3600),
    }),
  );
});

/** The list view on the week of `day1` (docs/product.md §14.3: `?view=list&week=`). */
async function openPage(path = `/dashboard/timeslots?view=list&week=${day1}`) {
  const user = userEvent.setup();
  renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Time Slots' });
  return user;
}

/** Date and time inputs take a whole value at once, as a browser picker sets it. */
function setValue(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: '+ Create Slot' }));
  return screen.findByRole('dialog', { name: 'Create Time Slot' });
}

/** Fills the single slot form: `day` from `start` to `end` (HH:MM). */
function fillSlot(dialog: HTMLElement, day: string, start: string, end: string) {
  setValue(within(dialog).getByLabelText('Date'), day);
  setValue(within(dialog).getByLabelText('Start time'), start);
  setValue(within(dialog).getByLabelText('End time'), end);
}

/**
 * `tooShort` in the field labelled `label` shows the 15-minute rule and disables `submit`;
 * `fine` enables it again.
 */
async function expectMinimumDuration(
  dialog: HTMLElement,
  submit: HTMLElement,
  label: string,
  tooShort: string,
  fine: string,
) {
  setValue(within(dialog).getByLabelText(label), tooShort);
  expect(
    await within(dialog).findByText('Minimum slot duration is 15 minutes'),
  ).toBeInTheDocument();
  expect(submit).toBeDisabled();
  setValue(within(dialog).getByLabelText(label), fine);
  await waitFor(() => expect(submit).toBeEnabled());
}

describe('time slots list', () => {
  it("says 'No time slots available.' when the week has none", async () => {
    await openPage();
    expect(await screen.findByText('No time slots available.')).toBeInTheDocument();
  });

  it('groups the week by day, cards titled by type, Booked with who and what, or Available', async () => {
    slots = [
      slot({ day: day2, start_time: '08:00:00', end_time: '09:00:00', type: 'Late' }),
      slot({
        day: day1,
        start_time: '13:00:00',
        end_time: '14:00:00',
        type: 'Afternoon',
        is_booked: true,
      }),
      slot({ day: day1, start_time: '09:00:00', end_time: '10:00:00', type: 'Morning' }),
      // The week after is another page.
      slot({ day: addDays(nextMonday, 7), type: 'Elsewhere' }),
    ];
    await openPage();
    const first = await screen.findByRole('list', { name: formatDate(day1) });
    const second = screen.getByRole('list', { name: formatDate(day2) });
    const cards = within(first).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Morning',
      'Afternoon',
    ]);
    expect(within(second).getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
    expect(within(cards[0]!).getByText('Available')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('09:00–10:00')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Booked')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Ana Lopez · Afternoon')).toBeInTheDocument();
    // A booked slot cannot be changed: its actions say why and are off.
    expect(within(cards[1]!).getByRole('button', { name: /^Update/ })).toBeDisabled();
    expect(within(cards[1]!).getByRole('button', { name: /^Delete/ })).toBeDisabled();
    expect(within(cards[0]!).getByRole('button', { name: /^Update/ })).toBeEnabled();
  });

  it('pages by week: asks for that week only, titled by its range', async () => {
    const user = await openPage();
    await screen.findByText('No time slots available.');
    const sunday = addDays(nextMonday, 6);
    expect(callsTo('GET', '/api/timeslots/view').map((c) => c.url)).toEqual([
      `/api/timeslots/view?from=${nextMonday}&to=${sunday}`,
    ]);
    expect(
      screen.getByRole('heading', { name: formatDateRange(nextMonday, sunday) }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() =>
      expect(callsTo('GET', '/api/timeslots/view').at(-1)?.url).toBe(
        `/api/timeslots/view?from=${addDays(nextMonday, 7)}&to=${addDays(sunday, 7)}`,
      ),
    );
  });

  it('opens on the week calendar without ?view', async () => {
    await openPage('/dashboard/timeslots');
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Week calendar' })).toBeChecked();
  });
});

describe('Create Time Slot modal (single slot)', () => {
  it('every input has a visible label; the date input starts at today', async () => {
    const user = await openPage();
    const dialog = await openCreate(user);
    for (const input of dialog.querySelectorAll('input')) {
      expect(input.labels?.length, input.outerHTML).toBeGreaterThan(0);
    }
    expect(within(dialog).getByLabelText('Date')).toHaveAttribute('min', today);
    expect(within(dialog).getByLabelText('Start time')).toHaveAttribute('type', 'time');
    expect(within(dialog).getByLabelText('End time')).toHaveAttribute('type', 'time');
  });

  it('creates a slot with times as HH:MM:00, toasts, closes and refreshes the list', async () => {
    const user = await openPage();
    const dialog = await openCreate(user);
    fillSlot(dialog, day1, '09:00', '09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Create Slot' }));

    expect(await screen.findByText('Time slot created successfully!')).toBeInTheDocument();
    expect(callsTo('POST', '/api/timeslots/create').map((c) => c.body)).toEqual([
      { day: day1, startTime: '09:00:00', endTime: '09:30:00' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Barber' })).toBeInTheDocument();
  });

  it('shows the docs/product.md §5 rules live and keeps submit disabled while any is broken', async () => {
    const user = await openPage();
    const dialog = await openCreate(user);
    const submit = within(dialog).getByRole('button', { name: 'Create Slot' });
    const start = within(dialog).getByLabelText('Start time');
    const end = within(dialog).getByLabelText('End time');

    setValue(within(dialog).getByLabelText('Date'), addDays(today, -1));
    expect(await within(dialog).findByText('Date cannot be in the past')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    setValue(within(dialog).getByLabelText('Date'), day1);
    await waitFor(() =>
      expect(within(dialog).queryByText('Date cannot be in the past')).toBeNull(),
    );

    setValue(start, '10:00');
    setValue(end, '09:00');
    expect(
      await within(dialog).findByText('End time must be after start time'),
    ).toBeInTheDocument();
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(submit).toBeDisabled();

    setValue(end, '10:10');
    expect(
      await within(dialog).findByText('Minimum slot duration is 15 minutes'),
    ).toBeInTheDocument();

    // Moving the start re-checks the end.
    setValue(start, '09:50');
    await waitFor(() =>
      expect(within(dialog).queryByText('Minimum slot duration is 15 minutes')).toBeNull(),
    );
    expect(submit).toBeEnabled();

    setValue(start, '');
    expect(await within(dialog).findByText('Start time is required')).toBeInTheDocument();
    expect(callsTo('POST', '/api/timeslots/create')).toEqual([]);
  });

  it("submitting with errors toasts 'Please fix validation errors' and sends nothing", async () => {
    const user = await openPage();
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create Slot' }));
    expect(await screen.findByText('Please fix validation errors')).toBeInTheDocument();
    expect(within(dialog).getByText('Date is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Start time is required')).toBeInTheDocument();
    expect(within(dialog).getByText('End time is required')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create Slot' })).toBeDisabled();
    expect(callsTo('POST', '/api/timeslots/create')).toEqual([]);
  });

  it("shows the server's message, else 'Failed to create time slot'", async () => {
    const user = await openPage();
    const dialog = await openCreate(user);
    fillSlot(dialog, day1, '09:00', '09:30');

    const clash = `This time slot overlaps your slot on ${day1} from 09:00 to 09:30`;
    failures.set('POST /api/timeslots/create', {
      status: 409,
      body: errorBody('SLOT_OVERLAP', clash),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create Slot' }));
    expect(await screen.findByText(clash)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Time Slot' })).toBeInTheDocument();

    failures.set('POST /api/timeslots/create', { status: 500, body: {} });
    await user.click(within(dialog).getByRole('button', { name: 'Create Slot' }));
    expect(await screen.findByText('Failed to create time slot')).toBeInTheDocument();
  });
});

describe('Create Time Slot modal (several slots)', () => {
  it('creates a run: weekdays of a date range, previewed, in one request', async () => {
    const user = await openPage();
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByLabelText('Several slots'));
    for (const input of dialog.querySelectorAll('input')) {
      expect(input.labels?.length, input.outerHTML).toBeGreaterThan(0);
    }
    // The week the list shows (next week, Monday to Sunday).
    const from = nextMonday;
    setValue(within(dialog).getByLabelText('From date'), from);
    setValue(within(dialog).getByLabelText('To date'), addDays(from, 6));
    // Every day of that week: tick Saturday and Sunday too.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sunday' }));
    setValue(within(dialog).getByLabelText('Start time'), '09:00');
    setValue(within(dialog).getByLabelText('End time'), '12:00');
    setValue(within(dialog).getByLabelText('Slot length (minutes)'), '45');
    setValue(within(dialog).getByLabelText('Break between slots (minutes)'), '15');
    // 09:00, 10:00, 11:00 on 7 days.
    expect(await within(dialog).findByText('This creates 21 slots on 7 days.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create Slots' }));
    expect(await screen.findByText('21 time slots created successfully!')).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(21);
    const [call] = callsTo('POST', '/api/timeslots/bulk-create');
    expect(call?.body).toEqual({
      dates: Array.from({ length: 7 }, (_, i) => addDays(from, i)),
      startTime: '09:00:00',
      endTime: '12:00:00',
      slotMinutes: 45,
      breakMinutes: 15,
    });
  });

  it('checks the run live and shows a clash from the server', async () => {
    const user = await openPage();
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByLabelText('Several slots'));
    const submit = within(dialog).getByRole('button', { name: 'Create Slots' });

    await expectMinimumDuration(dialog, submit, 'Slot length (minutes)', '10', '30');

    for (const name of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await user.click(within(dialog).getByRole('checkbox', { name }));
    }
    expect(await within(dialog).findByText('Choose at least one weekday')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Monday' }));
    await waitFor(() => expect(submit).toBeEnabled());

    const clash = `No slots were created: the run overlaps your existing slot: ${day1} 10:15–10:45`;
    failures.set('POST /api/timeslots/bulk-create', {
      status: 409,
      body: errorBody('SLOT_OVERLAP', clash),
    });
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(clash);
    expect(screen.getByRole('dialog', { name: 'Create Time Slot' })).toBeInTheDocument();
  });
});

/** Opens the page and the Update/Delete dialog of its Barber slot. */
async function openSlotDialog(action: 'Update' | 'Delete') {
  const user = await openPage();
  await user.click(
    await screen.findByRole('button', { name: new RegExp(`^${action} Barber slot`) }),
  );
  const name = action === 'Update' ? 'Update Time Slot' : 'Delete time slot';
  return { user, dialog: await screen.findByRole('dialog', { name }) };
}

describe('Update Time Slot modal', () => {
  it('is prefilled, sends only the changed fields and toasts', async () => {
    slots = [slot({ day: day1, start_time: '09:00:00', end_time: '10:00:00', type: 'Barber' })];
    const { user, dialog } = await openSlotDialog('Update');
    expect(within(dialog).getByLabelText('Date')).toHaveValue(day1);
    expect(within(dialog).getByLabelText('Start time')).toHaveValue('09:00');
    const submit = within(dialog).getByRole('button', { name: 'Update Slot' });
    expect(submit).toBeDisabled(); // nothing changed yet

    await expectMinimumDuration(dialog, submit, 'End time', '09:10', '10:30');
    await user.click(submit);

    expect(await screen.findByText('Time slot updated successfully!')).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/timeslots/update/').map((c) => c.body)).toEqual([
      { endTime: '10:30:00' },
    ]);
    expect(await screen.findByText('09:00–10:30')).toBeInTheDocument();
  });

  it("shows the server's message, else 'Failed to update time slot'", async () => {
    slots = [slot({ type: 'Barber' })];
    const { user, dialog } = await openSlotDialog('Update');
    setValue(within(dialog).getByLabelText('Date'), day2);
    failures.set('PATCH /api/timeslots/update/:id', { status: 502, body: {} });
    await user.click(within(dialog).getByRole('button', { name: 'Update Slot' }));
    expect(await screen.findByText('Failed to update time slot')).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/timeslots/update/').map((c) => c.body)).toEqual([{ day: day2 }]);

    const booked = 'This slot is booked and cannot be changed. Cancel the appointment first.';
    failures.set('PATCH /api/timeslots/update/:id', {
      status: 409,
      body: errorBody('SLOT_BOOKED', booked),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Update Slot' }));
    expect(await screen.findByText(booked)).toBeInTheDocument();
  });
});

describe('deleting a slot', () => {
  it('asks first, in a dialog; Cancel keeps the slot', async () => {
    slots = [slot({ type: 'Barber' })];
    const { user, dialog } = await openSlotDialog('Delete');
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this slot?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('DELETE', '/api/timeslots/delete/')).toEqual([]);
  });

  it("deletes on confirmation with 'Time slot deleted'", async () => {
    const target = slot({ type: 'Barber' });
    slots = [target];
    const { user, dialog } = await openSlotDialog('Delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Time slot deleted')).toBeInTheDocument();
    expect(callsTo('DELETE', '/api/timeslots/delete/').map((c) => c.url)).toEqual([
      `/api/timeslots/delete/${target.id}`,
    ]);
    expect(await screen.findByText('No time slots available.')).toBeInTheDocument();
  });

  it("failure: toast 'Failed to delete slot', with the server's reason in the dialog", async () => {
    slots = [slot({ type: 'Barber' })];
    const { user, dialog } = await openSlotDialog('Delete');
    const booked = 'This slot is booked and cannot be deleted. Cancel the appointment first.';
    failures.set('DELETE /api/timeslots/delete/:id', {
      status: 409,
      body: errorBody('SLOT_BOOKED', booked),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete slot')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(booked);
  });
});
