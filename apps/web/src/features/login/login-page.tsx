import { PlaceholderScreen } from '../../components/placeholder-screen';

export function LoginPage() {
  return <PlaceholderScreen title="Login" route="/login" />;
}
