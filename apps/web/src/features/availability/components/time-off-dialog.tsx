import { useTranslation } from '../../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import {
  timeOffBodySchema,
  type CoveredAppointment,
  type TimeOff,
  type TimeOffBody,
} from '@slotwise/shared/availability-schemas';
import { z } from '@slotwise/shared/zod';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { FormError, TextField } from '../../../components/form-field';
import { ListState } from '../../../components/list-state';
import { Modal } from '../../../components/modal';
import { PendingSubmit } from '../../../components/plain-button';
import { failureMessage } from '../../../lib/failure-message';
import { useLocalToday } from '../../../lib/use-local-today';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCancelProviderAppointment } from '../../appointments/api/cancel-provider-appointment';
import { useCreateTimeOff } from '../api/create-time-off';
import { useDeleteTimeOff } from '../api/delete-time-off';
import { useTimeOff } from '../api/get-time-off';
import { formatInstantDate, formatInstantTime, formatSlot } from '../../../lib/date-time-format';
import { sendWithToasts } from '../send-with-toasts';

/** An instant on the browser's clock: 'Mon, Nov 30, 00:00' (the shared formats, §14.5). */
function instantLabel(iso: string): string {
  return `${formatInstantDate(iso)}, ${formatInstantTime(iso)}`;
}

/** 'Mon, Nov 30, 00:00 – Tue, Dec 1, 23:59' in the browser's zone. */
function timeOffRange(entry: TimeOff): string {
  const end = new Date(Date.parse(entry.ends_at) - 60_000).toISOString();
  return `${instantLabel(entry.starts_at)} – ${instantLabel(end)}`;
}

/** The form as typed: a date, or a date and a time when whole days are off, for each bound. */
const timeOffFormSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    wholeDays: z.boolean(),
    fromTime: z.string(),
    toTime: z.string(),
    reason: z.string(),
  })
  .transform((form): TimeOffBody => ({
    from: form.wholeDays || !form.from ? form.from : `${form.from}T${form.fromTime}`,
    to: form.wholeDays || !form.to ? form.to : `${form.to}T${form.toTime}`,
    reason: form.reason,
  }))
  .pipe(timeOffBodySchema);

const button =
  'rounded-md border px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Time off (docs/decisions/040-weekly-hours-and-time-off.md): the entries that have not ended,
 * a form for a new one (whole days or hours), and — after adding — the booked appointments
 * inside it, each to cancel or keep (never canceled silently).
 */
export function TimeOffDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const list = useTimeOff();
  const remove = useDeleteTimeOff();
  const [covered, setCovered] = useState<CoveredAppointment[]>([]);
  const [addedMessage, setAddedMessage] = useState<string | null>(null);

  const onDelete = async (entry: TimeOff) => {
    try {
      const answer = await remove.mutateAsync(entry.id);
      toast.success(answer.message);
    } catch (error) {
      toast.error(failureMessage(error, t('Failed to remove time off')));
    }
  };

  return (
    <Modal open onClose={onClose} title={t('Time off')} size="lg">
      <section aria-labelledby="time-off-list-title">
        <h3 id="time-off-list-title" className="text-sm font-semibold text-slate-800">
          {t('Upcoming time off')}
        </h3>
        <ListState
          query={list}
          items={list.data}
          texts={{
            loading: t('Loading time off...'),
            failed: (
              <FormError>{failureMessage(list.error, t('Failed to load time off'))}</FormError>
            ),
            empty: t('No time off planned.'),
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
                  aria-label={t('Delete time off {{range}}', { range: timeOffRange(entry) })}
                  className={`${button} border-red-300 text-red-700 hover:bg-red-50`}
                >
                  {t('Delete')}
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
            {covered.length > 0
              ? t('Booked appointments inside this time off')
              : t('Time off added')}
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
          {t('Done')}
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
  const { t } = useTranslation();
  const cancel = useCancelProviderAppointment();
  const [state, setState] = useState<'open' | 'canceled'>('open');
  const what = `${appointment.client_first_name} ${appointment.client_last_name}, ${
    appointment.service_type
  }, ${formatSlot(appointment)}`;

  const onCancel = async () => {
    try {
      const answer = await cancel.mutateAsync(appointment.id);
      toast.success(answer.message);
      setState('canceled');
    } catch (error) {
      toast.error(failureMessage(error, t('Failed to cancel the appointment')));
    }
  };

  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-200 bg-amber-50 p-2">
      <span className="text-sm text-slate-800">{what}</span>
      {state === 'canceled' ? (
        <span className="text-sm font-medium text-slate-600">{t('Canceled')}</span>
      ) : (
        <span className="flex gap-2">
          <button
            type="button"
            disabled={cancel.isPending}
            onClick={() => void onCancel()}
            aria-label={t('Cancel appointment: {{what}}', { what })}
            className={`${button} border-red-300 bg-white text-red-700 hover:bg-red-50`}
          >
            {t('Cancel appointment')}
          </button>
          <button
            type="button"
            onClick={onKeep}
            aria-label={t('Keep appointment: {{what}}', { what })}
            className={`${button} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
          >
            {t('Keep')}
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
  const { t } = useTranslation();
  const today = useLocalToday();
  const create = useCreateTimeOff();
  const wholeId = useId();
  const { control, register, handleSubmit, setValue, setError, formState, field } = useZodForm(
    timeOffFormSchema,
    { from: today, to: today, wholeDays: true, fromTime: '09:00', toTime: '17:00', reason: '' },
    'onSubmit',
  );
  const wholeDaysField = register('wholeDays');
  const reasonField = field('reason');
  const wholeDays = useWatch({ control, name: 'wholeDays' });

  const onSubmit = handleSubmit((body) =>
    sendWithToasts({
      send: () => create.mutateAsync(body),
      onSent: (answer) => {
        onAdded(answer.message, answer.bookedAppointments);
        setValue('reason', '');
      },
      setError,
      failed: msg('Failed to add time off'),
    }),
  );

  // From and To dates, then their times unless whole days are off.
  const fields = [
    { label: t('From'), type: 'date', ...field('from') },
    { label: t('To'), type: 'date', ...field('to') },
    ...(wholeDays
      ? []
      : [
          { label: t('From time'), type: 'time', ...field('fromTime') },
          { label: t('To time'), type: 'time', ...field('toTime') },
        ]),
  ];

  return (
    <form
      noValidate
      aria-label={t('Add time off')}
      onSubmit={(event) => void onSubmit(event)}
      className="mt-6 rounded-md border border-slate-200 p-3"
    >
      <h3 className="text-sm font-semibold text-slate-800">{t('Add time off')}</h3>
      <div className="mt-2 flex items-center gap-2 text-sm text-slate-700">
        <input id={wholeId} type="checkbox" {...wholeDaysField} />
        <label htmlFor={wholeId}>{t('Whole days')}</label>
      </div>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {fields.map((props) => (
          <TextField key={props.label} {...props} />
        ))}
      </div>
      <TextField className="mt-3" label={t('Reason (optional)')} maxLength={200} {...reasonField} />
      <div className="mt-3 flex items-center justify-end gap-2">
        <FormError>{formState.errors.root?.server?.message}</FormError>
        <PendingSubmit busy={create.isPending} busyText={t('Adding...')}>
          {t('Add time off')}
        </PendingSubmit>
      </div>
    </form>
  );
}
