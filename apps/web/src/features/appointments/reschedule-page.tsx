import { ClientAppointmentsPage } from './client-appointments-page';

/**
 * /client/reschedule/:id (docs/product.md §2: the route is declared and the flow is also a modal): the
 * appointments screen with that appointment's reschedule modal open.
 */
export function ReschedulePage() {
  return <ClientAppointmentsPage />;
}
