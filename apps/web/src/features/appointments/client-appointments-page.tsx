import type { ClientAppointment } from '@slotwise/shared/appointments-schemas';
import { BOOKING_MESSAGES } from '@slotwise/shared/appointments-booking-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Modal } from '../../components/modal';
import { LoadMore } from '../../components/load-more';
import { useClientAppointmentPages, useClientAppointments } from './api/get-client-appointments';
import { useOpenConversation } from '../messages/api/open-conversation';
import { AppointmentCard } from './components/appointment-card';
import { CancelAppointmentDialog } from './components/cancel-appointment-dialog';
import { RESCHEDULE_TITLE, RescheduleModal } from './components/reschedule-modal';
import { loadedAppointments } from './loaded-appointments';
import { ListState, type ListTexts } from '../../components/list-state';

const APPOINTMENT_LIST_TEXTS: ListTexts = {
  loading: MESSAGES.loadingAppointmentDetails,
  failed: MESSAGES.fetchAppointmentDetailsFailed,
  empty: MESSAGES.noAppointmentsFound,
};

const LIST_PATH = '/client/appointments';

/** The reschedule route's appointment is missing or no longer booked. */
function NotReschedulable({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Modal
      open
      onClose={onClose}
      title={RESCHEDULE_TITLE}
      size="sm"
      footer={
        <button
          type="button"
          onClick={onClose}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Close
        </button>
      }
    >
      <p role="alert" className="text-sm text-slate-700">
        {message}
      </p>
    </Modal>
  );
}

/**
 * docs/product.md §2 client appointments (/client/appointments): 'Your Appointments' with '← Back' and one
 * card per appointment (Cancel with confirmation, Reschedule in a modal). The same screen answers
 * /client/reschedule/:id with the reschedule modal of that appointment open; closing it lands on
 * /client/appointments. The list loads 20 at a time, more on scroll (decision 052); the
 * reschedule route looks its appointment up in the whole list, which only it asks for.
 */
export function ClientAppointmentsPage({
  reviewDialog,
}: {
  /** The review dialog (features/reviews), composed in by app/: enables 'Leave a review'. */
  reviewDialog?: (appointment: ClientAppointment, onClose: () => void) => ReactNode;
}) {
  const [reviewing, setReviewing] = useState<ClientAppointment | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const { id: routeId } = useParams();
  const appointments = useClientAppointmentPages();
  const everything = useClientAppointments({ enabled: routeId !== undefined });
  const [canceling, setCanceling] = useState<ClientAppointment | null>(null);
  const [rescheduling, setRescheduling] = useState<ClientAppointment | null>(null);
  const message = useOpenConversation();

  const list = loadedAppointments(appointments.data?.pages);
  const routeAppointment = routeId
    ? (everything.data?.appointments ?? []).find(
        (appointment) => appointment.appointment_id === routeId,
      )
    : undefined;

  const goBack = () => {
    // The first page of this tab's visit has no in-app history to return to.
    if (location.key === 'default') void navigate('/client');
    else void navigate(-1);
  };
  const closeRoute = () => void navigate(LIST_PATH, { replace: true });

  const content = (
    <ListState query={appointments} items={list} texts={APPOINTMENT_LIST_TEXTS}>
      <>
        <ul aria-label="Appointments" className="space-y-3">
          {list.map((appointment) => (
            <li key={appointment.appointment_id}>
              <AppointmentCard
                variant="client"
                appointment={appointment}
                onCancel={() => setCanceling(appointment)}
                onReschedule={() => setRescheduling(appointment)}
                onMessage={() => message.mutate({ appointmentId: appointment.appointment_id })}
                onReview={reviewDialog ? () => setReviewing(appointment) : undefined}
              />
            </li>
          ))}
        </ul>
        <LoadMore
          hasMore={appointments.hasNextPage}
          loading={appointments.isFetchingNextPage}
          onLoadMore={() => void appointments.fetchNextPage()}
        />
      </>
    </ListState>
  );

  let routeModal = null;
  if (routeId && everything.isSuccess) {
    if (!routeAppointment) {
      routeModal = (
        <NotReschedulable message={BOOKING_MESSAGES.appointmentNotFound} onClose={closeRoute} />
      );
    } else if (routeAppointment.status !== 'booked') {
      routeModal = (
        <NotReschedulable message={MESSAGES.appointmentNotReschedulable} onClose={closeRoute} />
      );
    } else {
      routeModal = <RescheduleModal appointment={routeAppointment} onClose={closeRoute} />;
    }
  }

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <title>Your Appointments · Slotwise</title>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={goBack}
          className="rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          <span aria-hidden="true">← </span>Back
        </button>
        <h1 className="text-2xl font-bold text-slate-900">Your Appointments</h1>
      </div>
      {content}
      {canceling ? (
        <CancelAppointmentDialog appointment={canceling} onClose={() => setCanceling(null)} />
      ) : null}
      {rescheduling ? (
        <RescheduleModal appointment={rescheduling} onClose={() => setRescheduling(null)} />
      ) : null}
      {routeModal}
      {reviewing && reviewDialog ? reviewDialog(reviewing, () => setReviewing(null)) : null}
    </div>
  );
}
