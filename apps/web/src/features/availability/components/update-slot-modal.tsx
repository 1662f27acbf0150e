import { useTranslation } from '../../../lib/i18n';
import { MESSAGES } from '@slotwise/shared/texts';
import { hhmm, normalizeTime } from '@slotwise/shared/dates';
import type { Timeslot, UpdateTimeslotBody } from '@slotwise/shared/availability-slot-schemas';
import { Modal } from '../../../components/modal';
import { useUpdateTimeslot } from '../api/update-timeslot';
import { SlotForm } from './slot-form';
import { useSlotForm, type SlotFormValues } from '../use-slot-form';

/**
 * docs/product.md §2 Update Time Slot modal: prefilled with the slot, the same live rules as Create on the
 * whole slot, and only the changed fields sent (docs/product.md §5).
 */
export function UpdateSlotModal({ slot, onClose }: { slot: Timeslot; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, today, submitWith } = useSlotForm(
    { day: slot.day, startTime: hhmm(slot.start_time), endTime: hhmm(slot.end_time) },
    slot.capacity ?? 1,
  );
  const update = useUpdateTimeslot();
  const { dirtyFields } = form.formState;

  // Only the changed fields are sent.
  const changes = (values: SlotFormValues) => {
    const body: UpdateTimeslotBody = {};
    if (dirtyFields.day) body.day = values.day;
    if (dirtyFields.startTime) body.startTime = normalizeTime(values.startTime);
    if (dirtyFields.endTime) body.endTime = normalizeTime(values.endTime);
    if (dirtyFields.capacity) body.capacity = values.capacity;
    return body;
  };

  return (
    <Modal open onClose={onClose} title={t('Update Time Slot')} description={slot.type} size="lg">
      <SlotForm
        label={t('Update the slot')}
        form={form}
        today={today}
        idPrefix="update-slot"
        onSubmit={submitWith(
          (values) => update.mutateAsync({ id: slot.id, body: changes(values) }),
          { done: MESSAGES.slotUpdated, failed: MESSAGES.updateSlotFailed, after: onClose },
        )}
        onCancel={onClose}
        submitLabel={t('Update Slot')}
        busyLabel={t('Updating...')}
        requireChange
      />
    </Modal>
  );
}
