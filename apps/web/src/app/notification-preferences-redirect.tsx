import { Navigate } from 'react-router';
import { useSession } from '../lib/session';

/**
 * /notification-preferences (the link in every reminder, List-Unsubscribe): the signed-in
 * user's own profile screen, where the email preferences are.
 */
export function NotificationPreferencesRedirect() {
  const { session } = useSession();
  const to = session?.role === 'provider' ? '/dashboard/profile' : '/client/account';
  return <Navigate to={`${to}#notification-preferences`} replace />;
}
