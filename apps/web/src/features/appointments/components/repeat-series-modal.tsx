import { useTranslation } from '../../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import type { ClientAppointment } from '@slotwise/shared/appointments-schemas';
import {
  MAX_SERIES_COUNT,
  MIN_SERIES_COUNT,
  SEATS_MESSAGES,
  SERIES_CONFLICT_TEXTS,
  SERIES_INTERVAL_WEEKS,
  bookSeriesBodySchema,
  type BookSeriesResponse,
} from '@slotwise/shared/appointments-series-schemas';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { FormError, TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { PendingSubmit, PlainButton } from '../../../components/plain-button';
import { formatDate, formatTime } from '../../../lib/date-time-format';
import { failureMessage } from '../../../lib/failure-message';
import { useBookSeries } from '../api/book-series';

const FAILED = msg('Could not book the series');

/**
 * 'Repeat' on a booked appointment (docs/decisions/067-seats-and-series.md): "Repeat every
 * [1–4] weeks, [2–26] times" makes this appointment the first of a series and books the same
 * time and service in the weeks after, then says how many are booked and, for each week that
 * could not be, its date and why.
 */
export function RepeatSeriesModal({
  appointment,
  onClose,
}: {
  appointment: ClientAppointment;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const intervalId = useId();
  const [intervalWeeks, setIntervalWeeks] = useState('1');
  const [count, setCount] = useState('4');
  const [countError, setCountError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<BookSeriesResponse | null>(null);
  const book = useBookSeries();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = bookSeriesBodySchema.shape.count.safeParse(count);
    if (!parsed.success) {
      setCountError(t(SEATS_MESSAGES.countInvalid));
      return;
    }
    setCountError(undefined);
    if (!appointment.timeslot_id) {
      setFailure(t(FAILED));
      return;
    }
    try {
      // This appointment's own slot: the server makes the booking the series' first occurrence.
      const answer = await book.mutateAsync({
        body: {
          timeslotId: appointment.timeslot_id,
          intervalWeeks: Number(intervalWeeks),
          count: parsed.data,
        },
        providerId: appointment.provider_id,
      });
      toast.success(answer.message || t(SEATS_MESSAGES.seriesBooked));
      setResult(answer);
    } catch (error) {
      setFailure(failureMessage(error, t(FAILED)));
    }
  };

  return (
    <Modal open onClose={onClose} title={t('Repeat this appointment')} size="md">
      {result ? (
        <SeriesResult result={result} onClose={onClose} />
      ) : (
        <form noValidate aria-label={t('Repeat this appointment')} onSubmit={(e) => void submit(e)}>
          <p className="mb-4 text-sm text-slate-700">
            {t('The same time, {{time}}, starting with this one on {{date}}.', {
              time: formatTime(appointment.start_time),
              date: formatDate(appointment.day),
            })}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={intervalId} className="block text-sm font-medium text-slate-700">
                {t('Repeat every')}
              </label>
              <select
                id={intervalId}
                value={intervalWeeks}
                onChange={(event) => setIntervalWeeks(event.target.value)}
                className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
              >
                {SERIES_INTERVAL_WEEKS.map((weeks) => (
                  <option key={weeks} value={String(weeks)}>
                    {t('{{count}} weeks', { count: weeks })}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              label={t('Times')}
              type="number"
              inputMode="numeric"
              min={MIN_SERIES_COUNT}
              max={MAX_SERIES_COUNT}
              value={count}
              onChange={(event) => setCount(event.target.value)}
              error={countError}
            />
          </div>
          <div className="mt-3">
            <FormError>{failure}</FormError>
          </div>
          <div className="mt-5 flex justify-end gap-2">
            <PlainButton onClick={onClose}>{t('Cancel')}</PlainButton>
            <PendingSubmit busy={book.isPending} busyText={t('Booking...')}>
              {t('Book series')}
            </PendingSubmit>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** 'n booked', and each week that could not be booked with its reason. */
function SeriesResult({ result, onClose }: { result: BookSeriesResponse; onClose: () => void }) {
  const { t } = useTranslation();
  const booked = result.appointments.length;
  return (
    <div role="status">
      <p className="text-sm font-semibold text-emerald-800">
        {booked > 0
          ? t('{{count}} booked: {{dates}}', {
              count: booked,
              dates: result.appointments.map((a) => formatDate(a.day)).join(', '),
            })
          : t('{{count}} booked', { count: booked })}
      </p>
      {result.conflicts.length > 0 ? (
        <>
          <p className="mt-3 text-sm font-medium text-slate-800">{t('Not booked:')}</p>
          <ul className="mt-1 list-disc ps-5 text-sm text-slate-700">
            {result.conflicts.map((conflict) => (
              <li key={conflict.date}>
                {formatDate(conflict.date)}: {t(SERIES_CONFLICT_TEXTS[conflict.reason])}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="mt-5 flex justify-end">
        <PlainButton onClick={onClose}>{t('Done')}</PlainButton>
      </div>
    </div>
  );
}
