import { fullName } from '../../lib/full-name';
import { ClientAppointmentsPage } from '../../features/appointments/client-appointments-page';
import { ReviewDialog } from '../../features/reviews/components/review-dialog';

/** The client's appointments with 'Leave a review' on completed, unreviewed ones. */
export function ClientAppointmentsWithReviews() {
  return (
    <ClientAppointmentsPage
      reviewDialog={(appointment, onClose) => (
        <ReviewDialog
          appointmentId={appointment.appointment_id}
          providerName={fullName(appointment.provider_first_name, appointment.provider_last_name)}
          onClose={onClose}
        />
      )}
    />
  );
}
