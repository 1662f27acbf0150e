import { zodResolver } from '@hookform/resolvers/zod';
import { clockIn } from '@slotwise/shared/calendar';
import { timeslotFormSchema, type TimeslotFormValues } from '@slotwise/shared/timeslot-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

const EMPTY: TimeslotFormValues = { day: '', startTime: '', endTime: '' };

/**
 * The docs/product.md §5 slot form (Create and Update): the shared rules, checked live on every change,
 * "not in the past" against the browser's clock (docs/product.md §9: today is the local date). The server
 * judges it again in the provider's zone.
 */
export function useSlotForm(defaultValues: TimeslotFormValues = EMPTY) {
  // One clock per opening of the modal: the date input's minimum and the rules agree.
  const [clock] = useState(() => clockIn(undefined));
  const [resolver] = useState(() => zodResolver(timeslotFormSchema(clock)));
  const form = useForm<TimeslotFormValues>({ resolver, mode: 'all', defaultValues });
  return { form, today: clock.today };
}
