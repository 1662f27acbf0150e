import { PlaceholderScreen } from '../../components/placeholder-screen';

export function StatsPage() {
  return <PlaceholderScreen title="Statistics" route="/stats" />;
}
