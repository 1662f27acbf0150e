import { useTranslation } from '../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { OutlineIcon } from '../components/outline-icon';
import { useMediaQuery } from '../lib/use-media-query';

/** Below Tailwind's `sm` (640 px) the tab bar replaces reaching for the header (docs/product.md §14.5). */
export const PHONE_SCREEN = '(max-width: 639.98px)';

/**
 * The bottom padding a page needs so that nothing hides behind the tab bar on a phone, and the
 * bar's height as `--tab-bar-h` for anything else fixed to the bottom (the booking summary sits
 * on top of the bar, docs/product.md §14.1).
 */
export const TAB_BAR_PADDING =
  'pb-[calc(4.5rem+env(safe-area-inset-bottom))] sm:pb-0 [--tab-bar-h:calc(4.5rem+env(safe-area-inset-bottom))] sm:[--tab-bar-h:0px]';

interface Tab {
  to: string;
  label: string;
  end: boolean;
  icon: ReactNode;
}

const ICONS = {
  home: <path d="M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5M10 20v-5h4v5" />,
  search: <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm5-2 4.5 4.5" />,
  calendar: (
    <path d="M7 3v3m10-3v3M4 8h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm3 7h2m4 0h2m-8 4h2" />
  ),
  messages: <path d="M4 5h16v11H9l-5 4V5Zm4 5h8m-8 3h5" />,
  profile: <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0" />,
  dashboard: <path d="M4 4h7v7H4V4Zm9 0h7v4h-7V4Zm0 6h7v10h-7V10ZM4 13h7v7H4v-7Z" />,
  clock: <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4l3 2" />,
};

/** The header's routes, one tab each (docs/product.md §14.5). */
const CLIENT_TABS: readonly Tab[] = [
  { to: '/client', label: msg('Home'), end: true, icon: ICONS.home },
  { to: '/providers', label: msg('Search'), end: false, icon: ICONS.search },
  { to: '/client/appointments', label: msg('Appointments'), end: false, icon: ICONS.calendar },
  { to: '/messages', label: msg('Messages'), end: false, icon: ICONS.messages },
  { to: '/client/account', label: msg('Account'), end: false, icon: ICONS.profile },
];

const PROVIDER_TABS: readonly Tab[] = [
  { to: '/dashboard', label: msg('Dashboard'), end: true, icon: ICONS.dashboard },
  { to: '/dashboard/timeslots', label: msg('Time Slots'), end: false, icon: ICONS.clock },
  { to: '/dashboard/appointments', label: msg('Appointments'), end: false, icon: ICONS.calendar },
  { to: '/messages', label: msg('Messages'), end: false, icon: ICONS.messages },
  { to: '/dashboard/profile', label: msg('Settings'), end: false, icon: ICONS.profile },
];

/**
 * The bottom tab bar on phones: icons with labels, the current tab marked with aria-current
 * (NavLink sets it). Rendered only on a phone, so wider screens keep one set of links.
 */
export function PhoneTabBar({ role }: { role: 'client' | 'provider' }) {
  const { t } = useTranslation();
  const tabs = role === 'client' ? CLIENT_TABS : PROVIDER_TABS;
  const phone = useMediaQuery(PHONE_SCREEN, false);
  if (!phone) return null;
  return (
    <nav
      aria-label={t('Tabs')}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] sm:hidden"
    >
      <ul className="flex">
        {tabs.map((tab) => (
          <li key={tab.to} className="flex-1">
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                `flex min-h-16 flex-col items-center justify-center gap-0.5 px-1 text-xs font-medium focus-visible:-outline-offset-2 ${
                  isActive ? 'text-indigo-700' : 'text-slate-600 hover:text-slate-900'
                }`
              }
            >
              <OutlineIcon strokeWidth={1.75}>{tab.icon}</OutlineIcon>
              <span className="max-w-full truncate">{t(tab.label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
