import type { TimeslotFormValues } from '@slotwise/shared/timeslot-schemas';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/form-field';

interface SlotFieldsProps {
  form: UseFormReturn<TimeslotFormValues>;
  /** `YYYY-MM-DD`: the date input's minimum (docs/product.md §5). */
  today: string;
  idPrefix: string;
}

/**
 * Date, start time and end time, each labelled, with its live docs/product.md §5 error. A change re-checks
 * the field that depends on it (end after start; start not past on today) once that one has a
 * value, so "End time must be after start time" follows the start time as it moves.
 */
export function SlotFields({ form, today, idPrefix }: SlotFieldsProps) {
  const {
    register,
    getValues,
    trigger,
    formState: { errors },
  } = form;
  const recheck = (field: keyof TimeslotFormValues) => () => {
    if (getValues(field)) void trigger(field);
  };
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField
        id={`${idPrefix}-day`}
        label="Date"
        type="date"
        min={today}
        error={errors.day?.message}
        {...register('day', { onChange: recheck('startTime') })}
      />
      <TextField
        id={`${idPrefix}-start`}
        label="Start time"
        type="time"
        error={errors.startTime?.message}
        {...register('startTime', { onChange: recheck('endTime') })}
      />
      <TextField
        id={`${idPrefix}-end`}
        label="End time"
        type="time"
        error={errors.endTime?.message}
        {...register('endTime')}
      />
    </div>
  );
}
