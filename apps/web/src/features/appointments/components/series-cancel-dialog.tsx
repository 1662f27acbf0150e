import { msg } from '@slotwise/shared/locales';
import { translate, useTranslation } from '../../../lib/i18n';
import type { ClientAppointment } from '@slotwise/shared/appointments-schemas';
import { SEATS_MESSAGES } from '@slotwise/shared/appointments-series-schemas';
import { MESSAGES, withMessage } from '@slotwise/shared/texts';
import { useRef } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Modal } from '../../../components/modal';
import { formatSlot } from '../../../lib/date-time-format';
import { fullName } from '../../../lib/full-name';
import { useCancelAppointment } from '../api/cancel-appointment';
import { useCancelSeries } from '../api/cancel-series';
import { CANCELLED_TOAST_MS } from './cancel-appointment-dialog';

type Choice = 'one' | 'following' | 'all';

const CHOICES: { choice: Choice; label: string }[] = [
  { choice: 'one', label: msg('Cancel this one') },
  { choice: 'following', label: msg('This and following') },
  { choice: 'all', label: msg('Whole series') },
];

const failedText = (error: unknown) =>
  withMessage(
    translate(MESSAGES.cancelAppointmentFailedWithMessage),
    error instanceof Error ? error.message : translate(MESSAGES.requestFailed),
  );

/**
 * Canceling an occurrence of a series (docs/decisions/067-seats-and-series.md): this one (the
 * ordinary cancel), this and the following ones, or the whole series (the series cancel). Focus
 * starts on 'Keep appointment'; it closes either way and the list is refetched.
 */
export function SeriesCancelDialog({
  appointment,
  onClose,
}: {
  appointment: ClientAppointment;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const keepRef = useRef<HTMLButtonElement>(null);
  const cancelOne = useCancelAppointment();
  const cancelSeries = useCancelSeries();
  const busy = cancelOne.isPending || cancelSeries.isPending;
  const seriesId = appointment.series_id ?? '';

  const run = async (choice: Choice) => {
    try {
      if (choice === 'one') {
        await cancelOne.mutateAsync({
          appointmentId: appointment.appointment_id,
          providerId: appointment.provider_id,
        });
        toast.success(t(MESSAGES.appointmentCancelledSuccessfully), {
          autoClose: CANCELLED_TOAST_MS,
        });
      } else {
        const { message } = await cancelSeries.mutateAsync({
          seriesId,
          providerId: appointment.provider_id,
          ...(choice === 'following' ? { fromAppointmentId: appointment.appointment_id } : {}),
        });
        toast.success(message || t(SEATS_MESSAGES.seriesCanceled), {
          autoClose: CANCELLED_TOAST_MS,
        });
      }
    } catch (error) {
      toast.error(failedText(error));
    }
    onClose();
  };

  return (
    <Modal
      open
      onClose={busy ? () => {} : onClose}
      title={t('Cancel appointment')}
      description={t('This appointment is part of a series. What should be canceled?')}
      size="sm"
      initialFocusRef={keepRef}
      closeOnBackdrop={!busy}
      footer={
        <div className="flex w-full flex-col gap-2">
          {CHOICES.map(({ choice, label }) => (
            <button
              key={choice}
              type="button"
              disabled={busy}
              onClick={() => void run(choice)}
              className="rounded-md border border-red-300 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {t(label)}
            </button>
          ))}
          <button
            ref={keepRef}
            type="button"
            onClick={onClose}
            disabled={busy}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
          >
            {t('Keep appointment')}
          </button>
        </div>
      }
    >
      <p className="text-sm text-slate-700">
        {fullName(appointment.provider_first_name, appointment.provider_last_name)}:{' '}
        {formatSlot(appointment)}
      </p>
    </Modal>
  );
}
