import type { ClientAppointment } from '@slotwise/shared/booking-types';
import { AppointmentStatusBadge } from '../../components/appointment-status-badge';
import { formatSlotDate, formatSlotTimeRange } from '../../lib/format-slot';
import { fullName } from '../../lib/full-name';
import { useOpenConversation } from '../messages/api/open-conversation';

/** SPEC §4 status spellings. */
const CANCELED = new Set(['canceled', 'cancelled']);

interface AppointmentCardProps {
  appointment: ClientAppointment;
  onCancel: () => void;
  onReschedule: () => void;
}

/**
 * One appointment: provider, specialty, date, time range and status, with the SPEC §4 actions:
 * Cancel only while booked; Reschedule shown unless canceled, enabled only while booked.
 */
export function AppointmentCard({ appointment, onCancel, onReschedule }: AppointmentCardProps) {
  const id = appointment.appointment_id;
  const titleId = `appointment-${id}-title`;
  const whenId = `appointment-${id}-when`;
  const booked = appointment.status === 'booked';
  const showReschedule = !CANCELED.has(appointment.status);
  const message = useOpenConversation();

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="font-semibold break-words text-slate-900">
            {fullName(appointment.provider_first_name, appointment.provider_last_name)}
          </h2>
          <AppointmentStatusBadge status={appointment.status} />
        </div>
        {appointment.provider_specialty ? (
          <p className="text-sm text-indigo-700">{appointment.provider_specialty}</p>
        ) : null}
        <p id={whenId} className="mt-1 text-sm text-slate-700">
          <span>{formatSlotDate(appointment.day)}</span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          <span>{formatSlotTimeRange(appointment.start_time, appointment.end_time)}</span>
        </p>
      </div>
      {/* Messages (features/messages): about an active booking, with its provider. */}
      {booked ? (
        <button
          type="button"
          onClick={() => message.mutate({ appointmentId: id })}
          disabled={message.isPending}
          aria-describedby={`${titleId} ${whenId}`}
          className="self-start rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:ml-auto sm:self-center"
        >
          Message
        </button>
      ) : null}
      {booked || showReschedule ? (
        <div className="flex shrink-0 flex-wrap gap-2">
          {booked ? (
            <button
              type="button"
              onClick={onCancel}
              aria-describedby={`${titleId} ${whenId}`}
              className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
            >
              Cancel
            </button>
          ) : null}
          {showReschedule ? (
            <button
              type="button"
              onClick={onReschedule}
              disabled={!booked}
              aria-describedby={`${titleId} ${whenId}`}
              className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
            >
              Reschedule
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
