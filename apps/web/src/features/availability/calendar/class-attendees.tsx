import type { Attendee } from '@slotwise/shared/appointments-series-schemas';
import { SEATS_MESSAGES } from '@slotwise/shared/appointments-series-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { useTranslation } from '../../../lib/i18n';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { failureMessage } from '../../../lib/failure-message';
import { fullName } from '../../../lib/full-name';
import { useCancelClass } from '../../appointments/api/cancel-class';
import { useCancelProviderAppointment } from '../../appointments/api/cancel-provider-appointment';
import type { WindowSlot } from '../api/get-timeslot-window';
import { formatDay, formatTimeRange } from '../slot-format';

/** What the attendee list asks to confirm: one attendee's seat, or the whole class. */
export type ClassCancel = { kind: 'seat'; attendee: Attendee } | { kind: 'class' };

const attendeeName = (attendee: Attendee) =>
  fullName(attendee.client_first_name, attendee.client_last_name);

interface ClassAttendeesProps {
  slot: WindowSlot;
  onCancel: (what: ClassCancel) => void;
}

/**
 * A class's attendees as its provider sees them (docs/decisions/067-seats-and-series.md): each
 * with a Cancel of their seat, and 'Cancel class' for everyone.
 */
export function ClassAttendees({ slot, onCancel }: ClassAttendeesProps) {
  const { t } = useTranslation();
  const attendees = slot.attendees ?? [];
  const headingId = `class-${slot.id}-attendees`;
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h3 id={headingId} className="text-sm font-semibold text-slate-800">
        {t('Attendees ({{count}})', { count: attendees.length })}
      </h3>
      {attendees.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t('No one has booked a seat yet.')}</p>
      ) : (
        <>
          <ul aria-labelledby={headingId} className="mt-2 divide-y divide-slate-200">
            {attendees.map((attendee) => (
              <li
                key={attendee.appointment_id}
                className="flex items-center justify-between gap-3 py-1.5"
              >
                <span className="text-sm text-slate-900">{attendeeName(attendee)}</span>
                <button
                  type="button"
                  onClick={() => onCancel({ kind: 'seat', attendee })}
                  aria-label={t('Cancel the seat of {{name}}', { name: attendeeName(attendee) })}
                  className="rounded-md border border-red-300 px-3 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                >
                  {t('Cancel')}
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex justify-end">
            <button
              type="button"
              onClick={() => onCancel({ kind: 'class' })}
              className="rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
            >
              {t('Cancel class')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

interface ConfirmClassCancelProps {
  slot: WindowSlot;
  what: ClassCancel;
  onClose: () => void;
}

/**
 * The confirmation of a seat's or a class's cancel, as the other cancels are confirmed: one seat
 * through the provider's cancel of that appointment, the class through cancel-class (every
 * attendee is told). Either way it closes, and the slot's lists are refetched.
 */
export function ConfirmClassCancel({ slot, what, onClose }: ConfirmClassCancelProps) {
  const { t } = useTranslation();
  const cancelSeat = useCancelProviderAppointment();
  const cancelClass = useCancelClass();
  const when = `${slot.type}: ${formatDay(slot.day)}, ${formatTimeRange(slot)}`;

  const confirm = async () => {
    try {
      if (what.kind === 'seat') {
        await cancelSeat.mutateAsync(what.attendee.appointment_id);
        toast.success(t(MESSAGES.appointmentCanceledToast));
      } else {
        const { message } = await cancelClass.mutateAsync(slot.id);
        toast.success(message || t(SEATS_MESSAGES.classCanceled));
      }
    } catch (error) {
      toast.error(failureMessage(error, t(MESSAGES.cancelAppointmentFailed)));
    }
    onClose();
  };

  const seat = what.kind === 'seat';
  const count = slot.attendees?.length ?? 0;
  return (
    <ConfirmDialog
      title={seat ? t('Cancel appointment') : t('Cancel class')}
      question={
        seat
          ? t(MESSAGES.confirmCancelAppointment)
          : t('Are you sure you want to cancel this class? All {{count}} attendees will be told.', {
              count,
            })
      }
      keepLabel={seat ? t('Keep appointment') : t('Keep class')}
      confirmLabel={seat ? t('Yes, cancel') : t('Yes, cancel class')}
      busyLabel={t('Canceling...')}
      busy={cancelSeat.isPending || cancelClass.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <p className="text-sm text-slate-700">
        {seat ? `${attendeeName(what.attendee)}, ` : null}
        {when}
      </p>
    </ConfirmDialog>
  );
}
