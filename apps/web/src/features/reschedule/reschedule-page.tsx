import { PlaceholderScreen } from '../../components/placeholder-screen';

export function ReschedulePage() {
  return <PlaceholderScreen title="Reschedule Appointment" route="/client/reschedule/:id" />;
}
