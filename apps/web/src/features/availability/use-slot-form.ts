import { clockIn } from '@slotwise/shared/dates';
import {
  timeslotFormSchema,
  type TimeslotFormValues,
} from '@slotwise/shared/availability-slot-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { failureMessage } from '../../lib/failure-message';
import { applyServerErrors } from '../../lib/form-failure';
import { useZodForm } from '../../lib/use-zod-form';

const EMPTY: TimeslotFormValues = { day: '', startTime: '', endTime: '' };

const FIELDS = ['day', 'startTime', 'endTime'] as const;

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
export function useSlotForm(defaultValues: TimeslotFormValues = EMPTY) {
  // One clock per opening of the modal: the date input's minimum and the rules agree.
  const [clock] = useState(() => clockIn(undefined));
  const [schema] = useState(() => timeslotFormSchema(clock));
  const form = useZodForm(schema, defaultValues, 'all');
  // Create and Update end alike: a toast, and the server's 400 field errors under their fields.
  const submitWith = (
    send: (values: TimeslotFormValues) => Promise<unknown>,
    outcome: SlotOutcome,
  ) =>
    form.handleSubmit(
      async (values) => {
        try {
          await send(values);
          toast.success(outcome.done);
          outcome.after();
        } catch (error) {
          applyServerErrors(error, FIELDS, form.setError);
          toast.error(failureMessage(error, outcome.failed));
        }
      },
      () => toast.error(MESSAGES.fixValidationErrors),
    );
  return { form, today: clock.today, submitWith };
}
