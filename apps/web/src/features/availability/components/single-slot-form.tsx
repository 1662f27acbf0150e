import { useTranslation } from '../../../lib/i18n';
import { MESSAGES } from '@slotwise/shared/texts';
import { normalizeTime } from '@slotwise/shared/dates';
import type { Service } from '@slotwise/shared/catalogue-schemas';
import { endTimeForDuration } from '@slotwise/shared/availability-slot-field-schemas';
import type { TimeslotFormValues } from '@slotwise/shared/availability-slot-schemas';
import { useEffect, useState } from 'react';
import { useCreateTimeslot } from '../api/create-timeslot';
import { ServiceSelect } from './service-select';
import { SlotForm } from './slot-form';
import { useSlotForm } from '../use-slot-form';

/** One slot: docs/product.md §5 create rules, live; times sent as HH:MM:00 (docs/product.md §7). */
export function SingleSlotForm({
  onDone,
  initial,
}: {
  onDone: () => void;
  initial?: TimeslotFormValues;
}) {
  const { t } = useTranslation();
  const { form, today, submitWith } = useSlotForm(initial);
  const create = useCreateTimeslot();
  const { setValue, watch } = form;
  // The slot's service (docs/product.md §11.1): its name becomes the type, its duration the
  // default length (the end time follows the start time while a service is chosen).
  const [service, setService] = useState<Service | null>(null);
  const startTime = watch('startTime');
  useEffect(() => {
    if (!service || !startTime) return;
    const end = endTimeForDuration(normalizeTime(startTime), service.duration_minutes);
    if (end) setValue('endTime', end.slice(0, 5), { shouldValidate: true, shouldDirty: true });
  }, [service, startTime, setValue]);

  return (
    <SlotForm
      label={t('Create a single slot')}
      form={form}
      today={today}
      idPrefix="create-slot"
      onSubmit={submitWith(
        (values) =>
          create.mutateAsync({
            day: values.day,
            startTime: normalizeTime(values.startTime),
            endTime: normalizeTime(values.endTime),
            // SPEC's one-client slot is the server's default; a class names its seats.
            ...(values.capacity !== 1 ? { capacity: values.capacity } : {}),
            ...(service ? { serviceId: service.id, type: service.name } : {}),
          }),
        { done: MESSAGES.slotCreated, failed: MESSAGES.createSlotFailed, after: onDone },
      )}
      onCancel={onDone}
      submitLabel={t('Create Slot')}
      busyLabel={t('Creating...')}
    >
      <ServiceSelect value={service?.id ?? ''} onChange={setService} idPrefix="create-slot" />
    </SlotForm>
  );
}
