import {
  timeOffBodySchema,
  type CoveredAppointment,
  type TimeOff,
} from '@slotwise/shared/availability-schemas';
import { hhmm } from '@slotwise/shared/dates';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { FormError, TextField } from '../../../components/form-field';
import { ListState } from '../../../components/list-state';
import { Modal } from '../../../components/modal';
import { PendingSubmit } from '../../../components/plain-button';
import { failureMessage } from '../../../lib/failure-message';
import { useLocalToday } from '../../../lib/use-local-today';
import { useCancelProviderAppointment } from '../../appointments/api/cancel-provider-appointment';
import { useCreateTimeOff } from '../api/create-time-off';
import { useDeleteTimeOff } from '../api/delete-time-off';
import { useTimeOff } from '../api/get-time-off';
import { formatDay } from '../slot-format';
import { sendChecked } from '../send-checked';

const instantFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'Mon, Nov 30, 00:00 – Tue, Dec 1, 23:59' in the browser's zone. */
function timeOffRange(entry: TimeOff): string {
  const end = new Date(Date.parse(entry.ends_at) - 60_000);
  return `${instantFormat.format(new Date(entry.starts_at))} – ${instantFormat.format(end)}`;
}

const button =
  'rounded-md border px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Time off (docs/decisions/040-weekly-hours-and-time-off.md): the entries that have not ended,
 * a form for a new one (whole days or hours), and — after adding — the booked appointments
 * inside it, each to cancel or keep (never canceled silently).
 */
export function TimeOffDialog({ onClose }: { onClose: () => void }) {
  const list = useTimeOff();
  const remove = useDeleteTimeOff();
  const [covered, setCovered] = useState<CoveredAppointment[]>([]);
  const [addedMessage, setAddedMessage] = useState<string | null>(null);

  const onDelete = async (entry: TimeOff) => {
    try {
      const answer = await remove.mutateAsync(entry.id);
      toast.success(answer.message);
    } catch (error) {
      toast.error(failureMessage(error, 'Failed to remove time off'));
    }
  };

  return (
    <Modal open onClose={onClose} title="Time off" size="lg">
      <section aria-labelledby="time-off-list-title">
        <h3 id="time-off-list-title" className="text-sm font-semibold text-slate-800">
          Upcoming time off
        </h3>
        <ListState
          query={list}
          items={list.data}
          texts={{
            loading: 'Loading time off...',
            failed: <FormError>{failureMessage(list.error, 'Failed to load time off')}</FormError>,
            empty: 'No time off planned.',
          }}
          textClassName="mt-2 text-sm text-slate-600"
        >
          <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
            {(list.data ?? []).map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 p-2">
                <span className="text-sm text-slate-800">
                  {timeOffRange(entry)}
                  {entry.reason ? <span className="text-slate-500"> · {entry.reason}</span> : null}
                </span>
                <button
                  type="button"
                  disabled={remove.isPending}
                  onClick={() => void onDelete(entry)}
                  aria-label={`Delete time off ${timeOffRange(entry)}`}
                  className={`${button} border-red-300 text-red-700 hover:bg-red-50`}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </ListState>
      </section>

      <AddTimeOffForm
        onAdded={(message, booked) => {
          setAddedMessage(message);
          setCovered(booked);
        }}
      />

      {addedMessage ? (
        <section aria-labelledby="time-off-booked-title" className="mt-4">
          <h3 id="time-off-booked-title" className="text-sm font-semibold text-slate-800">
            {covered.length > 0 ? 'Booked appointments inside this time off' : 'Time off added'}
          </h3>
          <p className="mt-1 text-sm text-slate-700">{addedMessage}</p>
          {covered.length > 0 ? (
            <ul className="mt-2 space-y-2">
              {covered.map((appointment) => (
                <CoveredRow
                  key={appointment.id}
                  appointment={appointment}
                  onKeep={() =>
                    setCovered((current) => current.filter((other) => other.id !== appointment.id))
                  }
                />
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}

      <div className="mt-6 flex justify-end">
        <button
          type="button"
          onClick={onClose}
          className={`${button} border-slate-300 text-slate-700 hover:bg-slate-50`}
        >
          Done
        </button>
      </div>
    </Modal>
  );
}

function CoveredRow({
  appointment,
  onKeep,
}: {
  appointment: CoveredAppointment;
  onKeep: () => void;
}) {
  const cancel = useCancelProviderAppointment();
  const [state, setState] = useState<'open' | 'canceled'>('open');
  const what = `${appointment.client_first_name} ${appointment.client_last_name}, ${
    appointment.service_type
  }, ${formatDay(appointment.day)} ${hhmm(appointment.start_time)}–${hhmm(appointment.end_time)}`;

  const onCancel = async () => {
    try {
      const answer = await cancel.mutateAsync(appointment.id);
      toast.success(answer.message);
      setState('canceled');
    } catch (error) {
      toast.error(failureMessage(error, 'Failed to cancel the appointment'));
    }
  };

  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-200 bg-amber-50 p-2">
      <span className="text-sm text-slate-800">{what}</span>
      {state === 'canceled' ? (
        <span className="text-sm font-medium text-slate-600">Canceled</span>
      ) : (
        <span className="flex gap-2">
          <button
            type="button"
            disabled={cancel.isPending}
            onClick={() => void onCancel()}
            aria-label={`Cancel appointment: ${what}`}
            className={`${button} border-red-300 bg-white text-red-700 hover:bg-red-50`}
          >
            Cancel appointment
          </button>
          <button
            type="button"
            onClick={onKeep}
            aria-label={`Keep appointment: ${what}`}
            className={`${button} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
          >
            Keep
          </button>
        </span>
      )}
    </li>
  );
}

function AddTimeOffForm({
  onAdded,
}: {
  onAdded: (message: string, booked: CoveredAppointment[]) => void;
}) {
  const today = useLocalToday();
  const create = useCreateTimeOff();
  const wholeId = useId();
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [wholeDays, setWholeDays] = useState(true);
  const [fromTime, setFromTime] = useState('09:00');
  const [toTime, setToTime] = useState('17:00');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = {
      from: wholeDays || !from ? from : `${from}T${fromTime}`,
      to: wholeDays || !to ? to : `${to}T${toTime}`,
      reason,
    };
    await sendChecked(timeOffBodySchema.safeParse(body), {
      keyOf: (path) => String(path[0]),
      setErrors,
      setFailure,
      send: () => create.mutateAsync(body),
      onSent: (answer) => {
        onAdded(answer.message, answer.bookedAppointments);
        setReason('');
      },
      failed: 'Failed to add time off',
    });
  };

  // A controlled input's value and change handler from one piece of state.
  const bind = (value: string, set: (next: string) => void) => ({
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(event.target.value),
  });
  // From and To dates, then their times unless whole days are off.
  const fields = [
    { label: 'From', type: 'date', error: errors.from, ...bind(from, setFrom) },
    { label: 'To', type: 'date', error: errors.to, ...bind(to, setTo) },
    ...(wholeDays
      ? []
      : [
          { label: 'From time', type: 'time', ...bind(fromTime, setFromTime) },
          { label: 'To time', type: 'time', ...bind(toTime, setToTime) },
        ]),
  ];

  return (
    <form
      noValidate
      aria-label="Add time off"
      onSubmit={(event) => void onSubmit(event)}
      className="mt-6 rounded-md border border-slate-200 p-3"
    >
      <h3 className="text-sm font-semibold text-slate-800">Add time off</h3>
      <div className="mt-2 flex items-center gap-2 text-sm text-slate-700">
        <input
          id={wholeId}
          type="checkbox"
          checked={wholeDays}
          onChange={(event) => setWholeDays(event.target.checked)}
        />
        <label htmlFor={wholeId}>Whole days</label>
      </div>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {fields.map((field) => (
          <TextField key={field.label} {...field} />
        ))}
      </div>
      <TextField
        className="mt-3"
        label="Reason (optional)"
        maxLength={200}
        error={errors.reason}
        {...bind(reason, setReason)}
      />
      <div className="mt-3 flex items-center justify-end gap-2">
        <FormError>{failure}</FormError>
        <PendingSubmit busy={create.isPending} busyText="Adding...">
          Add time off
        </PendingSubmit>
      </div>
    </form>
  );
}
