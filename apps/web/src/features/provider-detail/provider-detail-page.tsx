import { PlaceholderScreen } from '../../components/placeholder-screen';

export function ProviderDetailPage() {
  return <PlaceholderScreen title="Provider Details" route="/client/provider/:id" />;
}
