import { PlaceholderScreen } from '../../components/placeholder-screen';

export function RegisterProviderPage() {
  return <PlaceholderScreen title="Complete Your Provider Profile" route="/register-provider" />;
}
