import { MESSAGES } from '@slotwise/shared/messages';
import { normalizeTime } from '@slotwise/shared/calendar';
import type { TimeslotFormValues } from '@slotwise/shared/timeslot-schemas';
import { toast } from 'react-toastify/unstyled';
import { useCreateTimeslot } from '../api/create-timeslot';
import { applyServerErrors } from '../apply-server-errors';
import { failureMessage } from '../../../lib/failure-message';
import { FormActions } from './form-actions';
import { SlotFields } from './slot-fields';
import { useSlotForm } from '../use-slot-form';

const FIELDS = ['day', 'startTime', 'endTime'] as const;

/** One slot: SPEC §5 create rules, live; times sent as HH:MM:00 (SPEC §7). */
export function SingleSlotForm({
  onDone,
  initial,
}: {
  onDone: () => void;
  initial?: TimeslotFormValues;
}) {
  const { form, today } = useSlotForm(initial);
  const create = useCreateTimeslot();
  const {
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onValid = async (values: TimeslotFormValues) => {
    try {
      await create.mutateAsync({
        day: values.day,
        startTime: normalizeTime(values.startTime),
        endTime: normalizeTime(values.endTime),
      });
      toast.success(MESSAGES.slotCreated);
      onDone();
    } catch (error) {
      applyServerErrors(error, FIELDS, setError);
      toast.error(failureMessage(error, MESSAGES.createSlotFailed));
    }
  };

  return (
    <form
      noValidate
      aria-label="Create a single slot"
      onSubmit={handleSubmit(onValid, () => toast.error(MESSAGES.fixValidationErrors))}
    >
      <SlotFields form={form} today={today} idPrefix="create-slot" />
      <FormActions
        onCancel={onDone}
        submitLabel="Create Slot"
        busyLabel="Creating..."
        busy={isSubmitting}
        disabled={Object.keys(errors).length > 0 || isSubmitting}
      />
    </form>
  );
}
