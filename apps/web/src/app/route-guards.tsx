import { Navigate, Outlet, useLocation } from 'react-router';
import { toRedirectState } from '../lib/redirect-state';
import { HOME_PATH, useSession, type Role } from '../lib/session';

interface RequireSessionProps {
  /** Only this role may enter; the other role is sent to its own home. Omit for any role. */
  role?: Role;
}

/**
 * Guards a branch of routes: signed-out visitors go to /login (with `state.from` set to where
 * they were going), a signed-in user of the wrong role goes to their own area.
 */
export function RequireSession({ role }: RequireSessionProps) {
  const { session } = useSession();
  const location = useLocation();
  if (!session) {
    return <Navigate to="/login" replace state={toRedirectState(location)} />;
  }
  if (role && session.role !== role) {
    return <Navigate to={HOME_PATH[session.role]} replace />;
  }
  return <Outlet />;
}
