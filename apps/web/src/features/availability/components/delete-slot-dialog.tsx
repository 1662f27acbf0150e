import { useTranslation } from '../../../lib/i18n';
import { MESSAGES } from '@slotwise/shared/texts';
import type { Timeslot } from '@slotwise/shared/availability-slot-schemas';
import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteTimeslot } from '../api/delete-timeslot';
import { failureMessage } from '../../../lib/failure-message';
import { formatDay, formatTimeRange } from '../slot-format';

/** docs/product.md §2 delete confirmation, as an accessible dialog; focus starts on Cancel. */
export function DeleteSlotDialog({ slot, onClose }: { slot: Timeslot; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteTimeslot();
  const [reason, setReason] = useState<string | null>(null);

  const confirm = async () => {
    setReason(null);
    try {
      await remove.mutateAsync(slot.id);
      toast.success(t(MESSAGES.slotDeleted));
      onClose();
    } catch (error) {
      toast.error(t(MESSAGES.deleteSlotFailed));
      const message = failureMessage(error, t(MESSAGES.deleteSlotFailed));
      if (message !== t(MESSAGES.deleteSlotFailed)) setReason(message);
    }
  };

  return (
    <ConfirmDialog
      title={t('Delete time slot')}
      question={t('Are you sure you want to delete this slot?')}
      keepLabel={t('Cancel')}
      confirmLabel={t('Delete')}
      busyLabel={t('Deleting...')}
      busy={remove.isPending}
      lockWhileBusy={false}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <p className="text-sm text-slate-700">
        {slot.type}: {formatDay(slot.day)}, {formatTimeRange(slot)}
      </p>
      {reason ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {reason}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
