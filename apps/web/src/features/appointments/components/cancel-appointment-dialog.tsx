import { useTranslation } from '../../../lib/i18n';
import type { ClientAppointment, ProviderAppointment } from '@slotwise/shared/appointments-schemas';
import { MESSAGES, withMessage } from '@slotwise/shared/texts';
import type { ReactNode } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { failureMessage } from '../../../lib/failure-message';
import { formatSlot } from '../../../lib/date-time-format';
import { fullName } from '../../../lib/full-name';
import type { AppointmentDialogProps } from './appointment-dialog-props';
import { useCancelAppointment } from '../api/cancel-appointment';
import { useCancelProviderAppointment } from '../api/cancel-provider-appointment';
import { CancelQuoteText } from './cancel-quote-text';

/** docs/product.md §8: the cancelled-appointment toast stays 5 s (the container's default is 4 s). */
export const CANCELLED_TOAST_MS = 5_000;

interface CancelDialogProps {
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** docs/product.md §2 cancel confirmation ('Are you sure you want to cancel this appointment?'). */
function CancelDialog({ busy, onConfirm, onClose, children }: CancelDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('Cancel appointment')}
      question={t(MESSAGES.confirmCancelAppointment)}
      keepLabel={t('Keep appointment')}
      confirmLabel={t('Yes, cancel')}
      busyLabel={t('Canceling...')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p className="text-sm text-slate-700">{children}</p>
    </ConfirmDialog>
  );
}

/** Runs the cancel, toasts its outcome (the failure's text per party), and closes either way. */
async function cancelThenClose(
  cancel: () => Promise<unknown>,
  toastSuccess: () => void,
  failureText: (error: unknown) => string,
  onClose: () => void,
): Promise<void> {
  try {
    await cancel();
    toastSuccess();
  } catch (error) {
    toast.error(failureText(error));
  }
  onClose();
}

/**
 * The client cancels: success toasts 'Appointment cancelled successfully' (5 s), failure
 * 'Failed to cancel appointment: {message}'; either way it closes and the list is refetched.
 */
export function CancelAppointmentDialog({
  appointment,
  onClose,
}: AppointmentDialogProps<ClientAppointment>) {
  const { t } = useTranslation();
  const cancel = useCancelAppointment();

  const confirm = () =>
    cancelThenClose(
      () =>
        cancel.mutateAsync({
          appointmentId: appointment.appointment_id,
          providerId: appointment.provider_id,
        }),
      () =>
        toast.success(t(MESSAGES.appointmentCancelledSuccessfully), {
          autoClose: CANCELLED_TOAST_MS,
        }),
      (error) =>
        withMessage(
          t(MESSAGES.cancelAppointmentFailedWithMessage),
          error instanceof Error ? error.message : t(MESSAGES.requestFailed),
        ),
      onClose,
    );

  return (
    <CancelDialog busy={cancel.isPending} onConfirm={() => void confirm()} onClose={onClose}>
      {fullName(appointment.provider_first_name, appointment.provider_last_name)}:{' '}
      {formatSlot(appointment)}
      {appointment.payment ? <CancelQuoteText appointmentId={appointment.appointment_id} /> : null}
    </CancelDialog>
  );
}

/**
 * The provider cancels: success toasts 'Appointment Canceled', failure the server's message else
 * 'Failed to cancel appointment' (docs/product.md §8); either way it closes and the list is refetched.
 */
export function CancelProviderAppointmentDialog({
  appointment,
  onClose,
}: AppointmentDialogProps<ProviderAppointment>) {
  const { t } = useTranslation();
  const cancel = useCancelProviderAppointment();

  const confirm = () =>
    cancelThenClose(
      () => cancel.mutateAsync(appointment.appointment_id),
      () => toast.success(t(MESSAGES.appointmentCanceledToast)),
      (error) => failureMessage(error, t(MESSAGES.cancelAppointmentFailed)),
      onClose,
    );

  return (
    <CancelDialog busy={cancel.isPending} onConfirm={() => void confirm()} onClose={onClose}>
      {fullName(appointment.client_first_name, appointment.client_last_name)},{' '}
      {appointment.service_type}: {formatSlot(appointment)}
    </CancelDialog>
  );
}
