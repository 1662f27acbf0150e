import { PlaceholderScreen } from '../../components/placeholder-screen';

export function ClientAppointmentsPage() {
  return <PlaceholderScreen title="Your Appointments" route="/client/appointments" />;
}
