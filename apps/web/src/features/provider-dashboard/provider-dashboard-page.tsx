import { PlaceholderScreen } from '../../components/placeholder-screen';

export function ProviderDashboardPage() {
  return <PlaceholderScreen title="Provider Dashboard" route="/dashboard" />;
}
