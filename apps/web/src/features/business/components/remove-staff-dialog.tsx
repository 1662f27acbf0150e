import { useTranslation } from '../../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import {
  BUSINESS_MESSAGES,
  BUSINESS_TEXTS,
  type StaffMember,
} from '@slotwise/shared/business-schemas';
import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { InlineAlert } from '../../../components/inline-alert';
import { Modal } from '../../../components/modal';
import { PlainButton } from '../../../components/plain-button';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { fullName } from '../../../lib/full-name';
import { useStaffUpcoming } from '../api/get-staff-upcoming';
import { useRemoveStaff, type FutureBookings } from '../api/remove-staff';
import { formatInstantWhen } from '../../../lib/date-time-format';

const FAILED = msg('Failed to remove the staff member');

/**
 * Removing a staff member (docs/product.md §13.1): confirmed first; when they still have future
 * bookings the server answers 409 STAFF_HAS_BOOKINGS, and the dialog lists those bookings and
 * lets the owner keep them (with the now independent provider) or cancel them (clients told).
 */
export function RemoveStaffDialog({
  member,
  onClose,
}: {
  member: StaffMember;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = fullName(member.first_name, member.last_name);
  const remove = useRemoveStaff();
  const [hasBookings, setHasBookings] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upcoming = useStaffUpcoming(member.provider_id, { enabled: hasBookings });

  const send = async (futureBookings?: FutureBookings) => {
    setError(null);
    try {
      const { message } = await remove.mutateAsync({
        providerId: member.provider_id,
        futureBookings,
      });
      toast.success(message);
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'STAFF_HAS_BOOKINGS') {
        setHasBookings(true);
      } else {
        setError(failureMessage(failure, t(FAILED)));
      }
    }
  };

  if (!hasBookings) {
    return (
      <ConfirmDialog
        title={t(BUSINESS_TEXTS.removeStaffTitle)}
        question={BUSINESS_TEXTS.removeStaffQuestion(name, t)}
        keepLabel={t(BUSINESS_TEXTS.keepStaff)}
        confirmLabel={t(BUSINESS_TEXTS.removeStaff)}
        busyLabel={t(BUSINESS_TEXTS.removing)}
        busy={remove.isPending}
        onConfirm={() => void send()}
        onClose={onClose}
      >
        <p className="font-medium text-slate-900">{name}</p>
        <InlineAlert>{error}</InlineAlert>
      </ConfirmDialog>
    );
  }

  const busy = remove.isPending;
  const chosen = busy ? remove.variables.futureBookings : null;
  return (
    <Modal
      open
      onClose={busy ? () => {} : onClose}
      title={t(BUSINESS_TEXTS.upcomingBookingsTitle)}
      description={t(BUSINESS_MESSAGES.staffHasBookings)}
      closeOnBackdrop={!busy}
      footer={
        <>
          <PlainButton look="cancel" onClick={onClose} disabled={busy}>
            {t(BUSINESS_TEXTS.keepStaff)}
          </PlainButton>
          <PlainButton look="cancel" onClick={() => void send('keep')} disabled={busy}>
            {chosen === 'keep' ? t(BUSINESS_TEXTS.removing) : t(BUSINESS_TEXTS.keepBookings)}
          </PlainButton>
          <PlainButton look="danger" onClick={() => void send('cancel')} disabled={busy}>
            {chosen === 'cancel' ? t(BUSINESS_TEXTS.removing) : t(BUSINESS_TEXTS.cancelBookings)}
          </PlainButton>
        </>
      }
    >
      <p className="font-medium text-slate-900">{name}</p>
      {upcoming.isPending ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          {t(BUSINESS_TEXTS.loading)}
        </p>
      ) : upcoming.isError ? (
        <InlineAlert>{failureMessage(upcoming.error, t(FAILED))}</InlineAlert>
      ) : (
        <ul aria-label={t(BUSINESS_TEXTS.upcomingBookingsTitle)} className="mt-2 space-y-1">
          {upcoming.data.map((appointment) => (
            <li key={appointment.id} className="text-sm text-slate-800">
              {formatInstantWhen(appointment.starts_at)} · {appointment.client_name}
            </li>
          ))}
        </ul>
      )}
      <InlineAlert>{error}</InlineAlert>
    </Modal>
  );
}
