import { msg } from '@slotwise/shared/locales';
import { useTranslation } from '../lib/i18n';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Avatar } from '../components/avatar';
import { BrandLink } from '../components/brand-logo';
import { InstallAppButton } from '../components/install-app-button';
import { OutlineIcon } from '../components/outline-icon';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { LogoutButton } from '../features/accounts/components/logout-button';
import { UnreadMessagesBadge } from '../features/messages/components/unread-messages-badge';
import { PhoneTabBar, TAB_BAR_PADDING } from './phone-tab-bar';
import { RealtimeProvider } from './realtime-provider';
import { SkipLink } from './skip-link';
import { useMediaQuery } from '../lib/use-media-query';
import { useSignedInUser } from './use-signed-in-user';

// docs/product.md §2 (Provider area layout): collapsible sidebar with the brand, the user's picture, name
// and role and the links (Earnings: docs/product.md §16; Waitlist: §17); header 'Dashboard' with the notification bell, the user's
// avatar (or initials) and full name.
const LINKS = [
  { to: '/dashboard', label: msg('Dashboard'), end: true },
  { to: '/dashboard/timeslots', label: msg('Time Slots'), end: false },
  { to: '/dashboard/appointments', label: msg('Appointments'), end: false },
  { to: '/dashboard/analytics', label: msg('Analytics'), end: false },
  { to: '/dashboard/earnings', label: msg('Earnings'), end: false },
  { to: '/dashboard/waitlist', label: msg('Waitlist'), end: false },
  { to: '/messages', label: msg('Messages'), end: false },
  { to: '/dashboard/profile', label: msg('Settings'), end: false },
] as const;

/** Tailwind's `md`: from here on the sidebar sits beside the page; below it is a drawer. */
const WIDE_SCREEN = '(min-width: 768px)';

const ROLE_LABEL = {
  provider: msg('Provider'),
  client: msg('Client'),
  admin: msg('Operator'),
} as const;

export function ProviderAreaLayout() {
  const { t } = useTranslation();
  const wide = useMediaQuery(WIDE_SCREEN);
  // Open by default beside the page, closed by default as a drawer; each remembers its own state.
  const [wideOpen, setWideOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const expanded = wide ? wideOpen : drawerOpen;
  const setExpanded = wide ? setWideOpen : setDrawerOpen;
  const sidebarId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const user = useSignedInUser();
  const drawerShown = !wide && drawerOpen;

  /** Set when closing the drawer should put the focus back on the toggle. */
  const returnFocusRef = useRef(false);

  // An opened drawer takes the focus (the page behind it is inert until it closes); closing it
  // with the keyboard gives the focus back to the toggle once the page is interactive again.
  useEffect(() => {
    if (drawerShown) {
      closeRef.current?.focus();
    } else if (returnFocusRef.current) {
      returnFocusRef.current = false;
      toggleRef.current?.focus();
    }
  }, [drawerShown]);

  const closeDrawer = (returnFocus: boolean) => {
    returnFocusRef.current = returnFocus;
    setDrawerOpen(false);
  };

  const onSidebarKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!wide && event.key === 'Escape') {
      event.preventDefault();
      closeDrawer(true);
    }
  };

  return (
    <RealtimeProvider>
      <div className="flex min-h-screen bg-slate-50">
        <SkipLink />
        {drawerShown ? (
          <div
            aria-hidden="true"
            className="fixed inset-0 z-30 bg-slate-900/40"
            onClick={() => closeDrawer(false)}
          />
        ) : null}
        <aside
          id={sidebarId}
          aria-label={t('Sidebar')}
          hidden={!expanded}
          onKeyDown={onSidebarKeyDown}
          className={
            wide
              ? 'w-64 shrink-0 border-r border-slate-200 bg-white'
              : 'fixed inset-y-0 start-0 z-40 w-72 max-w-[85vw] overflow-y-auto bg-white shadow-xl'
          }
        >
          <div className="flex items-center justify-between gap-2 px-5 py-4">
            <BrandLink className="flex items-center gap-2 rounded-md text-lg font-bold text-slate-900" />
            {!wide ? (
              <button
                ref={closeRef}
                type="button"
                aria-label={t('Close navigation')}
                onClick={() => closeDrawer(true)}
                className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-700"
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
                  <path d="M5.3 4.3a1 1 0 0 1 1.4 0L10 7.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 9l3.3 3.3a1 1 0 0 1-1.4 1.4L10 10.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 9 5.3 5.7a1 1 0 0 1 0-1.4Z" />
                </svg>
              </button>
            ) : null}
          </div>

          {user ? (
            <div className="mx-3 mb-3 flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-3">
              <Avatar src={user.profileImageUrl} name={user.fullName} alt="" size="md" />
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-slate-900">{user.fullName}</p>
                <p className="text-xs text-slate-600">{t(ROLE_LABEL[user.role])}</p>
              </div>
            </div>
          ) : null}

          <nav aria-label={t('Provider')}>
            <ul className="flex flex-col gap-1 px-3 pb-4">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    onClick={() => {
                      if (!wide) closeDrawer(false);
                    }}
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-2 text-sm font-medium ${
                        isActive
                          ? 'bg-indigo-50 text-indigo-700'
                          : 'text-slate-700 hover:bg-slate-100'
                      }`
                    }
                  >
                    {t(link.label)}
                    {link.to === '/messages' ? <UnreadMessagesBadge className="ms-2" /> : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>

        <div inert={drawerShown} className="flex min-w-0 flex-1 flex-col">
          <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-3 sm:gap-4 sm:px-6">
            <button
              ref={toggleRef}
              type="button"
              aria-label={expanded ? t('Hide navigation') : t('Show navigation')}
              aria-expanded={expanded}
              aria-controls={sidebarId}
              onClick={() => setExpanded(!expanded)}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <OutlineIcon>
                <path d="M4 6h16M4 12h16M4 18h16" />
              </OutlineIcon>
            </button>
            <p className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900">
              {t('Dashboard')}
            </p>
            <NotificationBell markReadOn="close" />
            {user ? (
              <div className="flex min-w-0 items-center gap-2">
                <Avatar src={user.profileImageUrl} name={user.fullName} alt="" size="sm" />
                <span className="sr-only max-w-40 truncate text-sm font-medium text-slate-800 md:not-sr-only">
                  {user.fullName}
                </span>
              </div>
            ) : null}
            {/* docs/product.md §20.1: only where the browser offers installation. */}
            <InstallAppButton />
            <LogoutButton />
          </header>
          <main
            id="main"
            tabIndex={-1}
            className={`min-w-0 flex-1 focus:outline-none ${TAB_BAR_PADDING}`}
          >
            <Outlet />
          </main>
          {wide ? null : <PhoneTabBar role="provider" />}
        </div>
      </div>
    </RealtimeProvider>
  );
}
