import { PlaceholderScreen } from '../../components/placeholder-screen';

export function AnalyticsPage() {
  return <PlaceholderScreen title="Analytics" route="/dashboard/analytics" />;
}
