import { MESSAGES } from '@slotwise/shared/messages';
import type { Timeslot } from '@slotwise/shared/timeslot-schemas';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Modal } from '../../../components/modal';
import { useDeleteTimeslot } from '../api/delete-timeslot';
import { failureMessage } from '../failure-message';
import { formatDay, formatTimeRange } from '../slot-format';

/** SPEC §2 delete confirmation, as an accessible dialog; focus starts on Cancel. */
export function DeleteSlotDialog({ slot, onClose }: { slot: Timeslot; onClose: () => void }) {
  const remove = useDeleteTimeslot();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [reason, setReason] = useState<string | null>(null);

  const confirm = async () => {
    setReason(null);
    try {
      await remove.mutateAsync(slot.id);
      toast.success(MESSAGES.slotDeleted);
      onClose();
    } catch (error) {
      toast.error(MESSAGES.deleteSlotFailed);
      const message = failureMessage(error, MESSAGES.deleteSlotFailed);
      if (message !== MESSAGES.deleteSlotFailed) setReason(message);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Delete time slot"
      description="Are you sure you want to delete this slot?"
      size="sm"
      initialFocusRef={cancelRef}
      footer={
        <>
          <button
            ref={cancelRef}
            type="button"
            onClick={onClose}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={remove.isPending}
            className="rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        {slot.type}: {formatDay(slot.day)}, {formatTimeRange(slot)}
      </p>
      {reason ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {reason}
        </p>
      ) : null}
    </Modal>
  );
}
