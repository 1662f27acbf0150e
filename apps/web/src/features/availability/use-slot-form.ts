import { useTranslation } from '../../lib/i18n';
import { clockIn } from '@slotwise/shared/dates';
import {
  timeslotFormSchema,
  type TimeslotFormValues,
} from '@slotwise/shared/availability-slot-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { capacityField } from '@slotwise/shared/appointments-series-schemas';
import { z } from '@slotwise/shared/zod';
import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { failureMessage } from '../../lib/failure-message';
import { applyServerErrors } from '../../lib/form-failure';
import { useZodForm } from '../../lib/use-zod-form';

/**
 * The slot form: SPEC's date and times, and the slot's seats (docs/decisions/067-seats-and-series.md:
 * 1 is SPEC's one-client slot, more makes a class), typed as text and checked by the shared field.
 */
function slotFormSchema(clock: ReturnType<typeof clockIn>) {
  return z.intersection(timeslotFormSchema(clock), z.object({ capacity: capacityField }));
}
export type SlotFormInput = TimeslotFormValues & { capacity: string };
export type SlotFormValues = TimeslotFormValues & { capacity: number };

const EMPTY: TimeslotFormValues = { day: '', startTime: '', endTime: '' };

const FIELDS = ['day', 'startTime', 'endTime', 'capacity'] as const;

/** The toasts of a slot request, and what follows its success. */
interface SlotOutcome {
  done: string;
  failed: string;
  after: () => void;
}

/**
 * The docs/product.md §5 slot form (Create and Update): the shared rules, checked live on every change,
 * "not in the past" against the browser's clock (docs/product.md §9: today is the local date). The server
 * judges it again in the provider's zone.
 */
export function useSlotForm(initial: TimeslotFormValues = EMPTY, capacity = 1) {
  // One clock per opening of the modal: the date input's minimum and the rules agree.
  const { t } = useTranslation();
  const [clock] = useState(() => clockIn(undefined));
  const [schema] = useState(
    () => slotFormSchema(clock) as unknown as z.ZodType<SlotFormValues, SlotFormInput>,
  );
  const form = useZodForm(schema, { ...initial, capacity: String(capacity) }, 'all');
  // Create and Update end alike: a toast, and the server's 400 field errors under their fields.
  const submitWith = (send: (values: SlotFormValues) => Promise<unknown>, outcome: SlotOutcome) =>
    form.handleSubmit(
      async (values) => {
        try {
          await send(values);
          toast.success(t(outcome.done));
          outcome.after();
        } catch (error) {
          applyServerErrors(error, FIELDS, form.setError);
          toast.error(failureMessage(error, t(outcome.failed)));
        }
      },
      () => toast.error(t(MESSAGES.fixValidationErrors)),
    );
  return { form, today: clock.today, submitWith };
}
