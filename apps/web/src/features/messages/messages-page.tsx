import { PlaceholderScreen } from '../../components/placeholder-screen';

export function MessagesPage() {
  return <PlaceholderScreen title="Messages" route="/messages" />;
}
