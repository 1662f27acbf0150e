import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormActions } from './form-actions';
import { SlotFields } from './slot-fields';
import type { SlotFormInput, SlotFormValues } from '../use-slot-form';

interface SlotFormProps {
  label: string;
  form: UseFormReturn<SlotFormInput, unknown, SlotFormValues>;
  today: string;
  idPrefix: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  submitLabel: string;
  busyLabel: string;
  /** Update: nothing to send until a field changes. */
  requireChange?: boolean;
  /** Fields above the date and times (Create's service). */
  children?: ReactNode;
}

/** The Create and Update slot form: date and times, Cancel and submit, off while invalid. */
export function SlotForm({
  label,
  form,
  today,
  idPrefix,
  onSubmit,
  onCancel,
  submitLabel,
  busyLabel,
  requireChange = false,
  children,
}: SlotFormProps) {
  const { errors, isSubmitting } = form.formState;
  const unchanged = requireChange && !form.formState.isDirty;
  return (
    <form noValidate aria-label={label} onSubmit={onSubmit}>
      {children}
      <SlotFields form={form} today={today} idPrefix={idPrefix} />
      <FormActions
        onCancel={onCancel}
        submitLabel={submitLabel}
        busyLabel={busyLabel}
        busy={isSubmitting}
        disabled={unchanged || Object.keys(errors).length > 0 || isSubmitting}
      />
    </form>
  );
}
