import { PlaceholderScreen } from '../../components/placeholder-screen';

export function ProviderProfilePage() {
  return <PlaceholderScreen title="Profile Information" route="/dashboard/profile" />;
}
