import { MESSAGES } from '@slotwise/shared/messages';
import { hhmm, normalizeTime } from '@slotwise/shared/calendar';
import type {
  Timeslot,
  TimeslotFormValues,
  UpdateTimeslotBody,
} from '@slotwise/shared/timeslot-schemas';
import { toast } from 'react-toastify/unstyled';
import { Modal } from '../../../components/modal';
import { useUpdateTimeslot } from '../api/update-timeslot';
import { applyServerErrors } from '../apply-server-errors';
import { failureMessage } from '../../../lib/failure-message';
import { FormActions } from './form-actions';
import { SlotFields } from './slot-fields';
import { useSlotForm } from '../use-slot-form';

const FIELDS = ['day', 'startTime', 'endTime'] as const;

/**
 * docs/product.md §2 Update Time Slot modal: prefilled with the slot, the same live rules as Create on the
 * whole slot, and only the changed fields sent (docs/product.md §5).
 */
export function UpdateSlotModal({ slot, onClose }: { slot: Timeslot; onClose: () => void }) {
  const { form, today } = useSlotForm({
    day: slot.day,
    startTime: hhmm(slot.start_time),
    endTime: hhmm(slot.end_time),
  });
  const update = useUpdateTimeslot();
  const {
    handleSubmit,
    setError,
    formState: { errors, dirtyFields, isDirty, isSubmitting },
  } = form;

  const onValid = async (values: TimeslotFormValues) => {
    const body: UpdateTimeslotBody = {};
    if (dirtyFields.day) body.day = values.day;
    if (dirtyFields.startTime) body.startTime = normalizeTime(values.startTime);
    if (dirtyFields.endTime) body.endTime = normalizeTime(values.endTime);
    try {
      await update.mutateAsync({ id: slot.id, body });
      toast.success(MESSAGES.slotUpdated);
      onClose();
    } catch (error) {
      applyServerErrors(error, FIELDS, setError);
      toast.error(failureMessage(error, MESSAGES.updateSlotFailed));
    }
  };

  return (
    <Modal open onClose={onClose} title="Update Time Slot" description={slot.type} size="lg">
      <form
        noValidate
        aria-label="Update the slot"
        onSubmit={handleSubmit(onValid, () => toast.error(MESSAGES.fixValidationErrors))}
      >
        <SlotFields form={form} today={today} idPrefix="update-slot" />
        <FormActions
          onCancel={onClose}
          submitLabel="Update Slot"
          busyLabel="Updating..."
          busy={isSubmitting}
          disabled={!isDirty || Object.keys(errors).length > 0 || isSubmitting}
        />
      </form>
    </Modal>
  );
}
