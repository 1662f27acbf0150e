import type { ClientAppointment } from '@slotwise/shared/booking-types';
import { MESSAGES, withMessage } from '@slotwise/shared/messages';
import { useRef } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Modal } from '../../../components/modal';
import { formatSlot } from '../../../lib/format-slot';
import { fullName } from '../../../lib/full-name';
import { useCancelAppointment } from '../api/cancel-appointment';

/** SPEC §8: the cancelled-appointment toast stays 5 s (the container's default is 4 s). */
export const CANCELLED_TOAST_MS = 5_000;

/**
 * SPEC §2 cancel confirmation ('Are you sure you want to cancel this appointment?') as an
 * accessible dialog; focus starts on 'Keep appointment'. Success toasts 'Appointment cancelled
 * successfully', failure 'Failed to cancel appointment: {message}'; either way it closes and the
 * list is refetched.
 */
export function CancelAppointmentDialog({
  appointment,
  onClose,
}: {
  appointment: ClientAppointment;
  onClose: () => void;
}) {
  const cancel = useCancelAppointment();
  const keepRef = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    try {
      await cancel.mutateAsync({
        appointmentId: appointment.appointment_id,
        providerId: appointment.provider_id,
      });
      toast.success(MESSAGES.appointmentCancelledSuccessfully, { autoClose: CANCELLED_TOAST_MS });
    } catch (error) {
      toast.error(
        withMessage(
          MESSAGES.cancelAppointmentFailedWithMessage,
          error instanceof Error ? error.message : MESSAGES.requestFailed,
        ),
      );
    }
    onClose();
  };

  return (
    <Modal
      open
      onClose={cancel.isPending ? () => {} : onClose}
      title="Cancel appointment"
      description={MESSAGES.confirmCancelAppointment}
      size="sm"
      initialFocusRef={keepRef}
      footer={
        <>
          <button
            ref={keepRef}
            type="button"
            onClick={onClose}
            disabled={cancel.isPending}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
          >
            Keep appointment
          </button>
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={cancel.isPending}
            className="rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {cancel.isPending ? 'Canceling...' : 'Yes, cancel'}
          </button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        {fullName(appointment.provider_first_name, appointment.provider_last_name)}:{' '}
        {formatSlot(appointment)}
      </p>
    </Modal>
  );
}
