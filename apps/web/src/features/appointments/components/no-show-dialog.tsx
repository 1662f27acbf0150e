import { useTranslation } from '../../../lib/i18n';
import type { ProviderAppointment } from '@slotwise/shared/appointments-schemas';
import { REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { failureMessage } from '../../../lib/failure-message';
import { formatDate, formatTimeRange } from '../../../lib/date-time-format';
import { fullName } from '../../../lib/full-name';
import { useMarkNoShow } from '../api/mark-no-show';
import type { AppointmentDialogProps } from './appointment-dialog-props';

/** Confirms 'Mark as no-show' for one appointment, then marks it (features/appointments/api). */
export function NoShowDialog({
  appointment,
  onClose,
}: AppointmentDialogProps<ProviderAppointment>) {
  const { t } = useTranslation();
  const mark = useMarkNoShow();
  const [error, setError] = useState<string>();
  const onConfirm = async () => {
    try {
      const { message } = await mark.mutateAsync(appointment.appointment_id);
      toast.success(message);
      onClose();
    } catch (failure) {
      setError(failureMessage(failure, t(REVIEW_MESSAGES.noShowFailed)));
    }
  };
  return (
    <ConfirmDialog
      title={t(REVIEW_MESSAGES.markNoShow)}
      question={t(REVIEW_MESSAGES.confirmNoShow)}
      keepLabel={t('Keep as is')}
      confirmLabel={t(REVIEW_MESSAGES.markNoShow)}
      busyLabel={t('Marking...')}
      busy={mark.isPending}
      onConfirm={() => void onConfirm()}
      onClose={onClose}
    >
      <p className="text-sm text-slate-800">
        {fullName(appointment.client_first_name, appointment.client_last_name)} ·{' '}
        {formatDate(appointment.day)},{' '}
        {formatTimeRange(appointment.start_time, appointment.end_time)}
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
