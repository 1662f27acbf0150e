import { PlaceholderScreen } from '../../components/placeholder-screen';

export function EmailVerificationPage() {
  return <PlaceholderScreen title="Verify Your Email" route="/email-verification" />;
}
