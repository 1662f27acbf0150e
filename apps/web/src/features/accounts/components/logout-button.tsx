import { useTranslation } from '../../../lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { clearSession, useSession } from '../../../lib/session';
import { useLogout } from '../api/logout';

interface LogoutButtonProps {
  className?: string;
  /** For use as an item of a menu (the client area's profile menu): role and roving tabindex. */
  role?: 'menuitem';
  tabIndex?: number;
}

/**
 * Signs out: revokes the token on the server (a failure there changes nothing for the user),
 * leaves the area — a client for '/' (docs/product.md §2), a provider for '/login' — and forgets the
 * session and the cached data.
 *
 * For use inside a guarded area only: the session is cleared when the area (and this button)
 * has been replaced by the new page. Cleared any earlier, while the area is still on screen
 * (router updates are transitions, a session change is not), the area's guard would send the
 * user to /login with this page as `from` instead.
 */
export function LogoutButton({ className, role, tabIndex }: LogoutButtonProps) {
  const { t } = useTranslation();
  const { session } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  const leaving = useRef(false);

  useEffect(
    () => () => {
      if (!leaving.current) return; // also StrictMode's trial unmount
      clearSession();
      queryClient.clear();
    },
    [queryClient],
  );

  const onClick = async () => {
    setBusy(true);
    const target = session?.role === 'provider' ? '/login' : '/';
    try {
      await logout.mutateAsync();
    } catch {
      // Already revoked or the server is unreachable: signing out locally is what counts.
    }
    leaving.current = true;
    await navigate(target, { replace: true });
  };

  return (
    <button
      type="button"
      role={role}
      tabIndex={tabIndex}
      onClick={() => void onClick()}
      disabled={busy}
      className={
        className ??
        'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-50'
      }
    >
      {t('Logout')}
    </button>
  );
}
