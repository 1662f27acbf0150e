import type { ProviderAppointment } from '@slotwise/shared/booking-types';
import { MESSAGES } from '@slotwise/shared/messages';
import { useState } from 'react';
import { useOpenConversation } from '../messages/api/open-conversation';
import { useProviderAppointments } from './api/get-provider-appointments';
import { AppointmentCard } from './components/appointment-card';
import { CancelProviderAppointmentDialog } from './components/cancel-appointment-dialog';

/**
 * SPEC §2 provider appointments (/dashboard/appointments): the booked appointments (soonest
 * first, as the server orders them) with Cancel and its confirmation, or 'No Appointments
 * booked.'; past and canceled ones follow in a collapsed section.
 */
export function ProviderAppointmentsPage() {
  const appointments = useProviderAppointments();
  const [canceling, setCanceling] = useState<ProviderAppointment | null>(null);
  const message = useOpenConversation();

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
                  <AppointmentCard
                    variant="provider"
                    appointment={appointment}
                    onCancel={() => setCanceling(appointment)}
                    onMessage={() => message.mutate({ appointmentId: appointment.appointment_id })}
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
                  <AppointmentCard variant="provider" appointment={appointment} />
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
