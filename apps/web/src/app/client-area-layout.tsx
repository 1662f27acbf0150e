import { Outlet } from 'react-router';
import { BrandLink } from '../components/brand-logo';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { LogoutButton } from '../features/accounts/components/logout-button';
import { ProfileMenu } from '../features/accounts/components/profile-menu';
import { MessagesHeaderLink } from '../features/messages/components/unread-messages-badge';
import { ClientSearchBox } from '../features/discovery/components/client-search-box';
import { PhoneTabBar, TAB_BAR_PADDING } from './phone-tab-bar';
import { RealtimeProvider } from './realtime-provider';
import { SkipLink } from './skip-link';
import { useSignedInUser } from './use-signed-in-user';

// docs/product.md §2 (Client area layout): logo, provider search, notification bell, and the profile menu
// (Appointments, Waitlist, Account, Logout).
export function ClientAreaLayout() {
  const signedIn = useSignedInUser();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <RealtimeProvider />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-x-2 gap-y-2 px-4 py-2 sm:flex-nowrap sm:gap-x-4 sm:px-6">
          <BrandLink
            className="flex items-center gap-2 rounded-md text-lg font-bold text-slate-900"
            nameClassName="sr-only sm:not-sr-only"
          />
          {/* Provider search (docs/product.md §2): its own row on phones. */}
          <div className="order-last w-full sm:order-none sm:w-auto sm:max-w-md sm:flex-1">
            <ClientSearchBox />
          </div>
          {/* Notifications (docs/product.md §2): read when the dropdown opens. */}
          <div className="ms-auto flex items-center gap-1">
            {/* Messages (features/messages), with the unread count. */}
            <MessagesHeaderLink />
            <NotificationBell markReadOn="open" />
          </div>
          {/* Profile menu (docs/product.md §2): Appointments, Waitlist, Account, Logout. */}
          <ProfileMenu
            name={signedIn?.fullName ?? null}
            imageUrl={signedIn?.profileImageUrl ?? null}
            renderLogout={(item) => <LogoutButton {...item} />}
          />
        </div>
      </header>
      <main id="main" tabIndex={-1} className={`flex-1 focus:outline-none ${TAB_BAR_PADDING}`}>
        <Outlet />
      </main>
      <PhoneTabBar role="client" />
    </div>
  );
}
