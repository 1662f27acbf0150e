import type { ClientAppointment } from '@slotwise/shared/appointments-schemas';
import { fillIn, REVIEW_MESSAGES } from '@slotwise/shared/reviews-schemas';
import { useState } from 'react';
import { formatDate } from '../../../lib/date-time-format';
import { fullName } from '../../../lib/full-name';
import { useClientAppointments } from '../../appointments/api/get-client-appointments';
import { ReviewDialog } from './review-dialog';

/** How many prompts the home shows at most (the rest wait on the appointments page). */
const MAX_PROMPTS = 3;

/** A completed appointment the client has not reviewed yet (the server says `reviewed`). */
function awaitsReview(appointment: ClientAppointment): boolean {
  return appointment.status === 'completed' && appointment.reviewed === false;
}

/**
 * The client home's 'How was your appointment with X?': one line per completed, unreviewed
 * appointment (most recent first, as the list comes) with 'Leave a review' opening the dialog.
 */
export function ReviewPrompts() {
  const appointments = useClientAppointments();
  const [reviewing, setReviewing] = useState<ClientAppointment | null>(null);
  const pending = (appointments.data?.appointments ?? [])
    .filter(awaitsReview)
    .slice(0, MAX_PROMPTS);
  if (pending.length === 0 && !reviewing) return null;

  return (
    <section aria-label="Reviews to write" className="space-y-3">
      {pending.map((appointment) => {
        const name = fullName(appointment.provider_first_name, appointment.provider_last_name);
        const titleId = `review-prompt-${appointment.appointment_id}`;
        return (
          <div
            key={appointment.appointment_id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4"
          >
            <p className="min-w-0">
              <span id={titleId} className="block font-semibold text-slate-900">
                {fillIn(REVIEW_MESSAGES.howWasAppointment, { name })}
              </span>
              <span className="block text-sm text-slate-700">
                {appointment.service_type} · {formatDate(appointment.day)}
              </span>
            </p>
            <button
              type="button"
              aria-describedby={titleId}
              onClick={() => setReviewing(appointment)}
              className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700"
            >
              {REVIEW_MESSAGES.leaveReview}
            </button>
          </div>
        );
      })}
      {reviewing ? (
        <ReviewDialog
          appointmentId={reviewing.appointment_id}
          providerName={fullName(reviewing.provider_first_name, reviewing.provider_last_name)}
          onClose={() => setReviewing(null)}
        />
      ) : null}
    </section>
  );
}
