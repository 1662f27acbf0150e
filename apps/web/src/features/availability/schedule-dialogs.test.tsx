import { AVAILABILITY_MESSAGES } from '@slotwise/shared/availability-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/booking-api';
import { apiError } from '../../../test/contract';
import { expectFieldError, expectNoFieldError } from '../../../test/field-error';
import { callsTo } from '../../../test/mock-api';
import { renderRoute } from '../../../test/render-route';
import { mockScheduleApi, type ScheduleBackend } from '../../../test/schedule-api';

/** The weekly-hours and time-off dialogs of /dashboard/timeslots: what they check and send. */

let api: ScheduleBackend;

beforeEach(() => {
  signInAs('provider', { firstName: 'Pat', lastName: 'Slots' });
  api = mockScheduleApi();
});

async function openDialog(name: 'Weekly hours' | 'Time off') {
  const user = userEvent.setup();
  renderRoute('/dashboard/timeslots');
  await user.click(await screen.findByRole('button', { name }));
  const dialog = within(await screen.findByRole('dialog', { name }));
  return { user, dialog };
}

describe('time off form', () => {
  it('refuses a missing start with the shared message and sends nothing', async () => {
    const { user, dialog } = await openDialog('Time off');
    const from = dialog.getByLabelText('From');
    fireEvent.change(from, { target: { value: '' } });
    expectNoFieldError(from);
    await user.click(dialog.getByRole('button', { name: 'Add time off' }));
    await waitFor(() => expectFieldError(from, AVAILABILITY_MESSAGES.timeOffFromRequired));
    expectNoFieldError(dialog.getByLabelText('To'));
    expect(callsTo(api.calls, 'POST', '/api/availability/time-off')).toEqual([]);
  });

  it('sends hours when not whole days; shows a failure in the form, clears the reason once added', async () => {
    const { user, dialog } = await openDialog('Time off');
    await user.click(dialog.getByLabelText('Whole days'));
    fireEvent.change(dialog.getByLabelText('From'), { target: { value: '2030-06-12' } });
    fireEvent.change(dialog.getByLabelText('From time'), { target: { value: '08:00' } });
    fireEvent.change(dialog.getByLabelText('To'), { target: { value: '2030-06-12' } });
    fireEvent.change(dialog.getByLabelText('To time'), { target: { value: '12:30' } });
    const reason = dialog.getByLabelText('Reason (optional)');
    await user.type(reason, 'Dentist');
    api.answerNext('POST /api/availability/time-off', () =>
      apiError(503, 'SERVICE_UNAVAILABLE', 'Try again in a minute'),
    );
    await user.click(dialog.getByRole('button', { name: 'Add time off' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Try again in a minute');
    expect(reason).toHaveValue('Dentist');

    await user.click(dialog.getByRole('button', { name: 'Add time off' }));
    expect(await dialog.findByRole('heading', { name: 'Time off added' })).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(reason).toHaveValue('');
    expect(callsTo(api.calls, 'POST', '/api/availability/time-off').map((c) => c.body)).toEqual([
      { from: '2030-06-12T08:00', to: '2030-06-12T12:30', reason: 'Dentist' },
      { from: '2030-06-12T08:00', to: '2030-06-12T12:30', reason: 'Dentist' },
    ]);
  });
});

describe('weekly hours form', () => {
  it("puts a range's error under its input, and a removed range takes its error along", async () => {
    const { user, dialog } = await openDialog('Weekly hours');
    const add = await dialog.findByRole('button', { name: 'Add hours on Tuesday' });
    await user.click(add);
    await user.click(add);
    // The second range starts where the first ends and has no end yet.
    expect(dialog.getByLabelText('Tuesday range 2 Start')).toHaveValue('17:00');
    await user.click(dialog.getByRole('button', { name: 'Save weekly hours' }));
    const end = dialog.getByLabelText('Tuesday range 2 End');
    await waitFor(() => expectFieldError(end, AVAILABILITY_MESSAGES.endRequired));
    expectNoFieldError(dialog.getByLabelText('Tuesday range 1 End'));
    expect(callsTo(api.calls, 'PUT', '/api/availability/weekly')).toEqual([]);

    await user.click(dialog.getByRole('button', { name: /^Remove ?Tuesday range 2$/ }));
    expect(dialog.queryByLabelText('Tuesday range 2 End')).not.toBeInTheDocument();
    expect(dialog.queryByText(AVAILABILITY_MESSAGES.endRequired)).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save weekly hours' }));
    expect(await dialog.findByText(/^Weekly hours saved\./)).toBeInTheDocument();
    expect(callsTo(api.calls, 'PUT', '/api/availability/weekly').at(-1)?.body).toEqual({
      rules: [
        {
          weekday: 2,
          start: '09:00:00',
          end: '17:00:00',
          slotMinutes: 30,
          breakMinutes: 0,
          capacity: 1,
        },
      ],
      horizonWeeks: 4,
    });
  });

  it('shows a failed save in the form and no report', async () => {
    const { user, dialog } = await openDialog('Weekly hours');
    await user.click(await dialog.findByRole('button', { name: 'Add hours on Monday' }));
    api.answerNext('PUT /api/availability/weekly', () =>
      apiError(503, 'SERVICE_UNAVAILABLE', 'Try again in a minute'),
    );
    await user.click(dialog.getByRole('button', { name: 'Save weekly hours' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Try again in a minute');
    expect(dialog.getByRole('status')).toHaveTextContent('');
  });
});
