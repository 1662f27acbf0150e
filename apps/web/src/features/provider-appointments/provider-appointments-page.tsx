import type { ProviderAppointment } from '@slotwise/shared/booking-types';
import { MESSAGES } from '@slotwise/shared/messages';
import { useState } from 'react';
import { AppointmentStatusBadge } from '../../components/appointment-status-badge';
import { formatSlotDate, formatSlotTimeRange } from '../../lib/format-slot';
import { fullName } from '../../lib/full-name';
import { useOpenConversation } from '../messages/api/open-conversation';
import { useProviderAppointments } from './api/get-provider-appointments';
import { CancelProviderAppointmentDialog } from './cancel-provider-appointment-dialog';

function AppointmentItem({
  appointment,
  onCancel,
}: {
  appointment: ProviderAppointment;
  onCancel?: () => void;
}) {
  const id = appointment.appointment_id;
  const titleId = `provider-appointment-${id}-title`;
  const whenId = `provider-appointment-${id}-when`;
  const message = useOpenConversation();
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-semibold break-words text-slate-900">
            {fullName(appointment.client_first_name, appointment.client_last_name)}
          </h3>
          <AppointmentStatusBadge status={appointment.status} />
        </div>
        <p className="text-sm text-indigo-700">{appointment.service_type}</p>
        <p id={whenId} className="mt-1 text-sm text-slate-700">
          <span>{formatSlotDate(appointment.day)}</span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          <span>{formatSlotTimeRange(appointment.start_time, appointment.end_time)}</span>
        </p>
      </div>
      {/* Messages (features/messages): about an upcoming appointment, with its client. */}
      {onCancel ? (
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
      {onCancel ? (
        <button
          type="button"
          onClick={onCancel}
          aria-describedby={`${titleId} ${whenId}`}
          className="self-start rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 sm:self-center"
        >
          Cancel
        </button>
      ) : null}
    </article>
  );
}

/**
 * SPEC §2 provider appointments (/dashboard/appointments): the booked appointments (soonest
 * first, as the server orders them) with Cancel and its confirmation, or 'No Appointments
 * booked.'; past and canceled ones follow in a collapsed section.
 */
export function ProviderAppointmentsPage() {
  const appointments = useProviderAppointments();
  const [canceling, setCanceling] = useState<ProviderAppointment | null>(null);

  const list = appointments.data?.appointments ?? [];
  const booked = list.filter((appointment) => appointment.status === 'booked');
  const others = list.filter((appointment) => appointment.status !== 'booked');

  let content;
  if (appointments.isPending) {
    content = (
      <p role="status" className="text-slate-600">
        {MESSAGES.loadingAppointments}
      </p>
    );
  } else if (appointments.isError) {
    content = (
      <p role="alert" className="text-red-700">
        {MESSAGES.loadAppointmentsFailed}
      </p>
    );
  } else {
    content = (
      <>
        <section aria-labelledby="booked-appointments-title">
          <h2 id="booked-appointments-title" className="sr-only">
            Booked appointments
          </h2>
          {booked.length === 0 ? (
            <p className="text-slate-600">{MESSAGES.noProviderAppointments}</p>
          ) : (
            <ul aria-labelledby="booked-appointments-title" className="space-y-3">
              {booked.map((appointment) => (
                <li key={appointment.appointment_id}>
                  <AppointmentItem
                    appointment={appointment}
                    onCancel={() => setCanceling(appointment)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
        {others.length > 0 ? (
          <details className="mt-8">
            <summary className="cursor-pointer text-sm font-semibold text-slate-700">
              Past and canceled ({others.length})
            </summary>
            <ul aria-label="Past and canceled appointments" className="mt-3 space-y-3">
              {others.map((appointment) => (
                <li key={appointment.appointment_id}>
                  <AppointmentItem appointment={appointment} />
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <title>Appointments · Slotwise</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Appointments</h1>
      {content}
      {canceling ? (
        <CancelProviderAppointmentDialog
          appointment={canceling}
          onClose={() => setCanceling(null)}
        />
      ) : null}
    </div>
  );
}
