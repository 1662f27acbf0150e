import type { ProviderAppointment } from '@slotwise/shared/booking-types';
import { MESSAGES } from '@slotwise/shared/messages';
import { useRef } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Modal } from '../../../components/modal';
import { failureMessage } from '../../../lib/failure-message';
import { formatSlot } from '../../../lib/format-slot';
import { fullName } from '../../../lib/full-name';
import { useCancelProviderAppointment } from '../api/cancel-provider-appointment';

/**
 * SPEC §2 provider cancel confirmation ('Are you sure you want to cancel this appointment?');
 * success toasts 'Appointment Canceled', failure the server's message else 'Failed to cancel
 * appointment' (SPEC §8). Either way it closes and the list is refetched.
 */
export function CancelProviderAppointmentDialog({
  appointment,
  onClose,
}: {
  appointment: ProviderAppointment;
  onClose: () => void;
}) {
  const cancel = useCancelProviderAppointment();
  const keepRef = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    try {
      await cancel.mutateAsync(appointment.appointment_id);
      toast.success(MESSAGES.appointmentCanceledToast);
    } catch (error) {
      toast.error(failureMessage(error, MESSAGES.cancelAppointmentFailed));
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
      closeOnBackdrop={!cancel.isPending}
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
        {fullName(appointment.client_first_name, appointment.client_last_name)},{' '}
        {appointment.service_type}: {formatSlot(appointment)}
      </p>
    </Modal>
  );
}
