import { useTranslation } from '../../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import { MAX_CAPACITY, MIN_CAPACITY } from '@slotwise/shared/appointments-series-schemas';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/form-field';
import type { SlotFormInput, SlotFormValues } from '../use-slot-form';

/** Each field, and the field whose check depends on it. */
const SLOT_FIELDS = [
  { name: 'day', idSuffix: 'day', label: msg('Date'), type: 'date', recheck: 'startTime' },
  {
    name: 'startTime',
    idSuffix: 'start',
    label: msg('Start time'),
    type: 'time',
    recheck: 'endTime',
  },
  { name: 'endTime', idSuffix: 'end', label: msg('End time'), type: 'time', recheck: undefined },
] as const;

interface SlotFieldsProps {
  form: UseFormReturn<SlotFormInput, unknown, SlotFormValues>;
  /** `YYYY-MM-DD`: the date input's minimum (docs/product.md §5). */
  today: string;
  idPrefix: string;
}

/**
 * Date, start time, end time and seats, each labelled, with its live docs/product.md §5 error. A change re-checks
 * the field that depends on it (end after start; start not past on today) once that one has a
 * value, so "End time must be after start time" follows the start time as it moves.
 */
export function SlotFields({ form, today, idPrefix }: SlotFieldsProps) {
  const { t } = useTranslation();
  const {
    register,
    getValues,
    trigger,
    formState: { errors },
  } = form;
  const capacity = register('capacity');
  const recheck = (field: keyof SlotFormInput) => () => {
    if (getValues(field)) void trigger(field);
  };
  return (
    <div className="grid gap-4 sm:grid-cols-4">
      {SLOT_FIELDS.map((field) => (
        <TextField
          key={field.name}
          id={`${idPrefix}-${field.idSuffix}`}
          label={t(field.label)}
          type={field.type}
          min={field.name === 'day' ? today : undefined}
          error={errors[field.name]?.message}
          {...register(field.name, {
            onChange: field.recheck ? recheck(field.recheck) : undefined,
          })}
        />
      ))}
      {/* Seats (docs/decisions/067-seats-and-series.md): 1 for one client, more for a class. */}
      <TextField
        id={`${idPrefix}-capacity`}
        label={t('Seats')}
        type="number"
        inputMode="numeric"
        min={MIN_CAPACITY}
        max={MAX_CAPACITY}
        step={1}
        error={errors.capacity?.message}
        {...capacity}
      />
    </div>
  );
}
