import { createElement, lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { BareLayout } from './bare-layout';
import { embedRoutes } from './embed-routes';
import { LandingWithSearch } from './landing-with-search';
import { NotificationPreferencesRedirect } from './notification-preferences-redirect';
import { OwnAreaLayout } from './own-area-layout';
import { PublicLayout } from './public-layout';
import { RequireSession } from './route-guards';
import { RootLayout } from './root-layout';

/**
 * Every route of docs/product.md §2. Only the landing page and its frame ship in the entry chunk; every
 * other screen (and the area layouts) is split out and loaded on first visit.
 */
function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/**
 * A lazy screen that renders straight away, without the Suspense fallback, once `preload` has
 * brought its chunk in.
 */
function preloadableNamed<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
) {
  let loaded: ComponentType | null = null;
  const preload = async () => (loaded ??= (await load())[name]);
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Screen() {
    return loaded ? createElement(loaded) : <Lazy />;
  }
  return [Screen, preload] as const;
}

const AboutPage = lazyNamed(() => import('../features/site/about-page'), 'AboutPage');
const ProviderAreaLayout = lazyNamed(() => import('./provider-area-layout'), 'ProviderAreaLayout');
const ClientAreaLayout = lazyNamed(() => import('./client-area-layout'), 'ClientAreaLayout');

const RegisterPage = lazyNamed(() => import('../features/accounts/register-page'), 'RegisterPage');
const RegisterProviderPage = lazyNamed(
  () => import('../features/accounts/register-provider-page'),
  'RegisterProviderPage',
);
const EmailVerificationPage = lazyNamed(
  () => import('../features/accounts/email-verification-page'),
  'EmailVerificationPage',
);
const [LoginPage, preloadLoginPage] = preloadableNamed(
  () => import('../features/accounts/login-page'),
  'LoginPage',
);
const ForgotPasswordPage = lazyNamed(
  () => import('../features/accounts/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('../features/accounts/reset-password-page'),
  'ResetPasswordPage',
);
const ClientAccountPage = lazyNamed(
  () => import('../features/accounts/client-account-page'),
  'ClientAccountPage',
);

// Trust (features/reviews) composed into the dashboard, the provider page and the client's list.
const ProviderDashboardPage = lazyNamed(
  () => import('./trust/provider-dashboard-with-reviews'),
  'ProviderDashboardWithReviews',
);
const TimeslotsPage = lazyNamed(
  () => import('../features/availability/timeslots-page'),
  'TimeslotsPage',
);
const ProviderAppointmentsPage = lazyNamed(
  () => import('../features/appointments/provider-appointments-page'),
  'ProviderAppointmentsPage',
);
const AnalyticsPage = lazyNamed(() => import('../features/stats/analytics-page'), 'AnalyticsPage');
// SPEC's profile screen with the provider's services under it (features/catalogue).
const ProviderSettingsPage = lazyNamed(
  () => import('./provider-settings-page'),
  'ProviderSettingsPage',
);

// Public discovery (docs/product.md §11.2): results and the public provider page.
const ProvidersPage = lazyNamed(
  () => import('../features/discovery/providers-page'),
  'ProvidersPage',
);
const PublicProviderPage = lazyNamed(
  () => import('./trust/trust-screens'),
  'PublicProviderPageWithReviews',
);

const ClientHomePage = lazyNamed(() => import('./client-home/client-home-page'), 'ClientHomePage');
const ProviderDetailPage = lazyNamed(
  () => import('./trust/trust-screens'),
  'ProviderPageWithReviews',
);
const ClientAppointmentsPage = lazyNamed(
  () => import('./trust/client-appointments-with-reviews'),
  'ClientAppointmentsWithReviews',
);
// The reschedule route is the appointments screen with its reschedule modal open.
const ReschedulePage = lazyNamed(
  () => import('../features/appointments/reschedule-page'),
  'ReschedulePage',
);

// The owner's staff switcher over the provider pages (docs/product.md §13.1).
const StaffScope = lazyNamed(() => import('./staff-scope'), 'StaffScope');
// Teams (docs/product.md §13): a business's public page and the mailed invitation link.
// With 'Join the waitlist' for the person chosen (features/waitlist, docs/product.md §17).
const PublicBusinessPage = lazyNamed(
  () => import('./business-with-waitlist'),
  'PublicBusinessPageWithWaitlist',
);
const JoinBusinessPage = lazyNamed(
  () => import('../features/business/join-business-page'),
  'JoinBusinessPage',
);

// Payments (docs/product.md §16): the checkout and the provider's earnings.
const CheckoutPage = lazyNamed(() => import('../features/payments/checkout-page'), 'CheckoutPage');
const EarningsPage = lazyNamed(() => import('../features/payments/earnings-page'), 'EarningsPage');

// The waitlist (docs/product.md §17): the client's entries and offers, the provider's list.
const WaitlistPage = lazyNamed(() => import('../features/waitlist/waitlist-page'), 'WaitlistPage');
const ProviderWaitlistPage = lazyNamed(
  () => import('../features/waitlist/provider-waitlist-page'),
  'ProviderWaitlistPage',
);

// The operator's area (docs/product.md §19.6): one screen with its own tab routes.
const AdminArea = lazyNamed(() => import('./admin-area'), 'AdminArea');

// With 'Report' on received messages (features/moderation, docs/product.md §19.3).
const MessagesPage = lazyNamed(() => import('./messages-with-reports'), 'MessagesWithReports');
const NotificationsPage = lazyNamed(
  () => import('../features/notifications/notifications-page'),
  'NotificationsPage',
);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // Public marketing pages.
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingWithSearch /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'providers', element: <ProvidersPage /> },
          { path: 'providers/:id', element: <PublicProviderPage /> },
          { path: 'businesses/:id', element: <PublicBusinessPage /> },
        ],
      },
      // Public stand-alone screens.
      {
        element: <BareLayout />,
        children: [
          { path: 'register', element: <RegisterPage /> },
          { path: 'register-provider', element: <RegisterProviderPage /> },
          { path: 'email-verification', element: <EmailVerificationPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
        ],
      },
      // Provider area: providers only.
      {
        element: <RequireSession role="provider" />,
        children: [
          {
            path: 'dashboard',
            element: <ProviderAreaLayout />,
            children: [
              {
                // A business owner may look at a staff member's records (?staff=, §13.1).
                element: <StaffScope />,
                children: [
                  { index: true, element: <ProviderDashboardPage /> },
                  { path: 'timeslots', element: <TimeslotsPage /> },
                  { path: 'appointments', element: <ProviderAppointmentsPage /> },
                  { path: 'analytics', element: <AnalyticsPage /> },
                ],
              },
              { path: 'profile', element: <ProviderSettingsPage /> },
              // The provider's own takings (not a staff member's).
              { path: 'earnings', element: <EarningsPage /> },
              // Who waits for the provider's own times (docs/product.md §17).
              { path: 'waitlist', element: <ProviderWaitlistPage /> },
            ],
          },
        ],
      },
      // Client area: clients only.
      {
        element: <RequireSession role="client" />,
        children: [
          {
            path: 'client',
            element: <ClientAreaLayout />,
            children: [
              { index: true, element: <ClientHomePage /> },
              { path: 'provider/:id', element: <ProviderDetailPage /> },
              { path: 'appointments', element: <ClientAppointmentsPage /> },
              { path: 'reschedule/:id', element: <ReschedulePage /> },
              { path: 'account', element: <ClientAccountPage /> },
            ],
          },
          // The client's waitlist and the times held for them (docs/product.md §17).
          {
            path: 'waitlist',
            element: <ClientAreaLayout />,
            children: [{ index: true, element: <WaitlistPage /> }],
          },
          // The checkout (docs/decisions/068-payments.md): a bare page, light to load.
          {
            element: <BareLayout />,
            children: [{ path: 'pay/:paymentId', element: <CheckoutPage /> }],
          },
        ],
      },
      // The operator's area (docs/product.md §19.1): operators only.
      {
        element: <RequireSession role="admin" />,
        children: [{ path: 'admin/*', element: <AdminArea /> }],
      },
      // Quick-action targets (docs/product.md §2) and every notification: any signed-in user.
      {
        element: <RequireSession />,
        children: [
          {
            path: 'messages',
            element: (
              <OwnAreaLayout provider={<ProviderAreaLayout />} client={<ClientAreaLayout />} />
            ),
            children: [
              { index: true, element: <MessagesPage /> },
              { path: ':conversationId', element: <MessagesPage /> },
            ],
          },
          {
            path: 'notifications',
            element: (
              <OwnAreaLayout provider={<ProviderAreaLayout />} client={<ClientAreaLayout />} />
            ),
            children: [{ index: true, element: <NotificationsPage /> }],
          },
          // The mailed invitation to a business (docs/product.md §13.1).
          {
            path: 'business/join',
            element: (
              <OwnAreaLayout provider={<ProviderAreaLayout />} client={<ClientAreaLayout />} />
            ),
            children: [{ index: true, element: <JoinBusinessPage /> }],
          },
          // The mails' preference link: the user's own profile screen.
          { path: 'notification-preferences', element: <NotificationPreferencesRedirect /> },
        ],
      },
      // 'View Full Analytics' (SPEC quick action) points to /stats: the provider's analytics.
      {
        element: <RequireSession role="provider" />,
        children: [{ path: 'stats', element: <Navigate to="/dashboard/analytics" replace /> }],
      },
      // The booking widget on other sites (docs/product.md §21.3).
      embedRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Screens the entry fetches before its first render when the app opens on them, so the first
 * paint is the screen itself rather than the loading spinner (whose paint would leave the
 * screen's rendering to count as blocking time after it: docs/decisions/053-lean-login-route.md).
 * /login is where the guards send every signed-out visitor. The server answers these paths with a
 * page that preloads the screen's chunks: keep `ROUTE_SCREENS` in vite.config.ts the same.
 */
const PRELOADED_SCREENS: Record<string, () => Promise<unknown>> = { '/login': preloadLoginPage };

export function preloadInitialScreen(pathname: string): Promise<unknown> {
  return PRELOADED_SCREENS[pathname]?.() ?? Promise.resolve();
}
