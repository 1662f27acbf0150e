import { MESSAGES } from '@slotwise/shared/texts';
import { addDays, clockIn, normalizeTime } from '@slotwise/shared/dates';
import {
  bulkTimeslotFormSchema,
  type BulkTimeslotFormValues,
  countSlotRun,
  datesBetween,
} from '@slotwise/shared/availability-slot-run-schemas';
import { MAX_SLOTS_PER_REQUEST, TIMESLOT_MESSAGES } from '@slotwise/shared/availability-slot-texts';
import { useTranslation } from '../../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import { useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { useBulkCreateTimeslots } from '../api/bulk-create-timeslots';
import { failureMessage } from '../../../lib/failure-message';
import { applyServerErrors } from '../../../lib/form-failure';
import { useZodForm } from '../../../lib/use-zod-form';
import { FormActions } from './form-actions';
import { TextField } from '../../../components/form-field';

/** Monday first, as a working week reads. */
const WEEKDAYS = [
  { value: 1, label: msg('Mon'), name: msg('Monday') },
  { value: 2, label: msg('Tue'), name: msg('Tuesday') },
  { value: 3, label: msg('Wed'), name: msg('Wednesday') },
  { value: 4, label: msg('Thu'), name: msg('Thursday') },
  { value: 5, label: msg('Fri'), name: msg('Friday') },
  { value: 6, label: msg('Sat'), name: msg('Saturday') },
  { value: 0, label: msg('Sun'), name: msg('Sunday') },
] as const;

function defaults(today: string): BulkTimeslotFormValues {
  const tomorrow = addDays(today, 1);
  return {
    fromDate: tomorrow,
    toDate: addDays(tomorrow, 6),
    weekdays: [1, 2, 3, 4, 5],
    startTime: '09:00',
    endTime: '17:00',
    slotMinutes: 30,
    breakMinutes: 0,
  };
}

/** What the run would create, or null while the form is not valid. */
function preview(values: BulkTimeslotFormValues): { slots: number; days: number } | null {
  const dates = datesBetween(values.fromDate, values.toDate, values.weekdays);
  if (dates.length === 0) return null;
  const slots = countSlotRun({
    dates,
    startTime: values.startTime,
    endTime: values.endTime,
    slotMinutes: values.slotMinutes,
    breakMinutes: Number.isFinite(values.breakMinutes) ? values.breakMinutes : 0,
  });
  return slots > 0 ? { slots, days: dates.length } : null;
}

const FIELDS = ['startTime', 'endTime', 'slotMinutes'] as const;

/** One labelled input of the form; numbers step by 5 minutes. */
interface BulkField {
  name: Exclude<keyof BulkTimeslotFormValues, 'weekdays'>;
  id: string;
  label: string;
  type: 'date' | 'time' | 'number';
  min?: number | string;
}

const runFields: BulkField[] = [
  { name: 'startTime', id: 'bulk-start', label: msg('Start time'), type: 'time' },
  { name: 'endTime', id: 'bulk-end', label: msg('End time'), type: 'time' },
  {
    name: 'slotMinutes',
    id: 'bulk-length',
    label: msg('Slot length (minutes)'),
    type: 'number',
    min: 15,
  },
  {
    name: 'breakMinutes',
    id: 'bulk-break',
    label: msg('Break between slots (minutes)'),
    type: 'number',
    min: 0,
  },
];

/**
 * "Several slots": consecutive slots of a chosen length (and optional break) between two times,
 * on every chosen weekday of a date range. One request, all or nothing: a clash creates nothing
 * and the server names every clash.
 */
export function BulkSlotsForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [clock] = useState(() => clockIn(undefined));
  const [schema] = useState(() => bulkTimeslotFormSchema(clock));
  const form = useZodForm(schema, defaults(clock.today), 'all');
  const {
    control,
    register,
    handleSubmit,
    setError,
    trigger,
    formState: { errors, isSubmitting },
  } = form;
  const bulkCreate = useBulkCreateTimeslots();
  const [serverError, setServerError] = useState<string | null>(null);
  const values = useWatch({ control }) as BulkTimeslotFormValues;
  const weekdaysId = useId();
  const hasErrors = Object.keys(errors).length > 0;
  const run = hasErrors ? null : preview(values);

  // Every rule of a run ties fields together: re-check the whole form on each change.
  const revalidate = () => {
    setServerError(null);
    void trigger();
  };

  const dateFields: BulkField[] = [
    { name: 'fromDate', id: 'bulk-from', label: msg('From date'), type: 'date', min: clock.today },
    {
      name: 'toDate',
      id: 'bulk-to',
      label: msg('To date'),
      type: 'date',
      min: values.fromDate || clock.today,
    },
  ];
  const textField = (field: BulkField) => (
    <TextField
      key={field.id}
      id={field.id}
      label={t(field.label)}
      type={field.type}
      min={field.min}
      step={field.type === 'number' ? 5 : undefined}
      inputMode={field.type === 'number' ? 'numeric' : undefined}
      error={errors[field.name]?.message}
      {...register(
        field.name,
        field.type === 'number'
          ? { valueAsNumber: true, onChange: revalidate }
          : { onChange: revalidate },
      )}
    />
  );

  const onValid = async (input: BulkTimeslotFormValues) => {
    setServerError(null);
    try {
      const result = await bulkCreate.mutateAsync({
        dates: datesBetween(input.fromDate, input.toDate, input.weekdays),
        startTime: normalizeTime(input.startTime),
        endTime: normalizeTime(input.endTime),
        slotMinutes: input.slotMinutes,
        breakMinutes: input.breakMinutes,
      });
      toast.success(result.message);
      onDone();
    } catch (error) {
      applyServerErrors(error, FIELDS, setError);
      const message = failureMessage(error, t(TIMESLOT_MESSAGES.bulkFailed));
      setServerError(message);
      toast.error(message);
    }
  };

  return (
    <form
      noValidate
      aria-label={t('Create several slots')}
      onSubmit={handleSubmit(onValid, () => toast.error(t(MESSAGES.fixValidationErrors)))}
    >
      <div className="grid gap-4 sm:grid-cols-2">{dateFields.map(textField)}</div>

      <Controller
        control={control}
        name="weekdays"
        render={({ field }) => (
          <fieldset
            className="mt-4"
            aria-describedby={errors.weekdays ? `${weekdaysId}-error` : undefined}
          >
            <legend className="text-sm font-medium text-slate-700">{t('Weekdays')}</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {WEEKDAYS.map((day) => {
                const checked = field.value.includes(day.value);
                return (
                  <label
                    key={day.value}
                    className={`flex cursor-pointer items-center gap-1.5 rounded-md border px-2.5 py-1.5 text-sm ${
                      checked
                        ? 'border-indigo-500 bg-indigo-50 text-indigo-800'
                        : 'border-slate-300'
                    }`}
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      aria-label={t(day.name)}
                      onBlur={field.onBlur}
                      onChange={(event) => {
                        field.onChange(
                          event.target.checked
                            ? [...field.value, day.value]
                            : field.value.filter((value) => value !== day.value),
                        );
                        revalidate();
                      }}
                    />
                    <span aria-hidden="true">{t(day.label)}</span>
                  </label>
                );
              })}
            </div>
            {errors.weekdays ? (
              <p id={`${weekdaysId}-error`} role="alert" className="mt-1 text-sm text-red-600">
                {errors.weekdays.message ? t(errors.weekdays.message) : null}
              </p>
            ) : null}
          </fieldset>
        )}
      />

      <div className="mt-4 grid gap-4 sm:grid-cols-2">{runFields.map(textField)}</div>

      <p aria-live="polite" className="mt-4 text-sm text-slate-700">
        {run
          ? t('This creates {{slots}} on {{days}}.', {
              slots: t('{{count}} slots', { count: run.slots }),
              days: t('{{count}} days', { count: run.days }),
            })
          : t('Up to {{max}} slots at once; nothing is created if any of them clashes.', {
              max: MAX_SLOTS_PER_REQUEST,
            })}
      </p>
      {serverError ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {serverError}
        </p>
      ) : null}

      <FormActions
        onCancel={onDone}
        submitLabel={t('Create Slots')}
        busyLabel={t('Creating...')}
        busy={isSubmitting}
        disabled={hasErrors || isSubmitting}
      />
    </form>
  );
}
