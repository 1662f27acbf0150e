import { PlaceholderScreen } from '../../components/placeholder-screen';

export function ProviderAppointmentsPage() {
  return <PlaceholderScreen title="Appointments" route="/dashboard/appointments" />;
}
