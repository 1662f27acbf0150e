import { PlaceholderScreen } from '../../components/placeholder-screen';

export function RegisterPage() {
  return <PlaceholderScreen title="Create Account" route="/register" />;
}
