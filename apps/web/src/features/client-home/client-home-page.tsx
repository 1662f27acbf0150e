import { PlaceholderScreen } from '../../components/placeholder-screen';

export function ClientHomePage() {
  return <PlaceholderScreen title="Client Home" route="/client" />;
}
