import { translate, useTranslation } from '../../../lib/i18n';
import type { ClientAppointment } from '@slotwise/shared/appointments-schemas';
import { rescheduleBodySchema } from '@slotwise/shared/appointments-booking-schemas';
import { MESSAGES, withMessage } from '@slotwise/shared/texts';
import { useId } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ListState } from '../../../components/list-state';
import { Modal } from '../../../components/modal';
import { ShowLaterTimes } from '../../../components/show-later-times';
import { ApiError } from '../../../lib/api-client';
import { compareSlotTimes } from '../../../lib/date-time-format';
import { formatSlot } from '../../../lib/date-time-format';
import { fullName } from '../../../lib/full-name';
import { useZodForm } from '../../../lib/use-zod-form';
import { useAvailableSlots } from '../../availability/api/get-available-slots';
import { useRescheduleAppointment } from '../api/reschedule-appointment';

export const RESCHEDULE_TITLE = 'Reschedule Appointment';

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : translate(MESSAGES.requestFailed);
}

/**
 * docs/product.md §2 reschedule modal: the current appointment and the provider's free slots as a radio
 * group; 'Confirm Reschedule' ('Processing...' while busy) moves the appointment. Without a choice
 * it says 'Please select a time slot' (docs/product.md §5, the shared schema). Success toasts 'Appointment
 * rescheduled successfully' and closes; failure toasts 'Failed to reschedule appointment:
 * {message}' and stays open (a slot taken meanwhile disappears from the refetched list).
 */
export function RescheduleModal({
  appointment,
  onClose,
  onRescheduled = onClose,
}: {
  appointment: ClientAppointment;
  onClose: () => void;
  /** After a successful reschedule; defaults to onClose. */
  onRescheduled?: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const errorId = useId();
  const slots = useAvailableSlots(appointment.provider_id);
  const reschedule = useRescheduleAppointment();
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useZodForm(rescheduleBodySchema, { newTimeslotId: '' }, 'onSubmit');
  const fieldError = errors.newTimeslotId?.message;
  const slotField = register('newTimeslotId');
  const options = slots.data
    ? [...slots.data].filter((slot) => slot.id !== appointment.timeslot_id).sort(compareSlotTimes)
    : [];

  const onSubmit = handleSubmit(async ({ newTimeslotId }) => {
    try {
      await reschedule.mutateAsync({
        appointmentId: appointment.appointment_id,
        providerId: appointment.provider_id,
        newTimeslotId,
      });
    } catch (error) {
      toast.error(withMessage(t(MESSAGES.rescheduleFailed), errorMessage(error)));
      if (error instanceof ApiError && error.code === 'SLOT_TAKEN') resetField('newTimeslotId');
      return;
    }
    toast.success(t(MESSAGES.appointmentRescheduled));
    onRescheduled();
  });

  const texts = {
    loading: t(MESSAGES.loadingAvailableSlots),
    failed: (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
        {withMessage(t(MESSAGES.loadAvailableSlotsFailed), errorMessage(slots.error))}
      </p>
    ),
    empty: t(MESSAGES.noAvailableSlotsFound),
  };
  const choices =
    options.length > 0 ? (
      <fieldset aria-describedby={fieldError ? errorId : undefined}>
        <legend className="mb-2 text-sm font-semibold text-slate-900">
          {t('Choose a new time slot')}
        </legend>
        <ul className="space-y-1.5">
          {options.map((slot) => (
            <li key={slot.id}>
              <label className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50 has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50">
                <input
                  type="radio"
                  value={slot.id}
                  {...slotField}
                  className="size-4 accent-indigo-600"
                />
                <span>{formatSlot(slot)}</span>
              </label>
            </li>
          ))}
        </ul>
        <ShowLaterTimes slots={slots} />
      </fieldset>
    ) : null;

  return (
    <Modal
      open
      onClose={reschedule.isPending ? () => {} : onClose}
      title={t('Reschedule Appointment')}
      closeOnBackdrop={!reschedule.isPending}
      footer={
        <>
          <button
            type="button"
            onClick={onClose}
            disabled={reschedule.isPending}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
          >
            {t('Cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            disabled={reschedule.isPending || !slots.isSuccess || options.length === 0}
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {reschedule.isPending ? t('Processing...') : t('Confirm Reschedule')}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)}>
        <section aria-label={t('Current appointment')} className="mb-4 rounded-md bg-slate-50 p-3">
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {t('Current appointment')}
          </h3>
          <p className="mt-1 font-medium text-slate-900">
            {fullName(appointment.provider_first_name, appointment.provider_last_name)}
            {appointment.provider_specialty ? (
              <span className="font-normal text-slate-600">
                {' '}
                · {appointment.provider_specialty}
              </span>
            ) : null}
          </p>
          <p className="text-sm text-slate-700">{formatSlot(appointment)}</p>
        </section>
        <ListState
          query={slots}
          items={options}
          texts={texts}
          textClassName="text-sm text-slate-600"
        >
          {choices}
        </ListState>
        {fieldError ? (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-600">
            {t(fieldError)}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
