import { useTranslation } from '../lib/i18n';
import { MODERATION_TEXTS } from '@slotwise/shared/moderation-texts';
import { NavLink, Outlet } from 'react-router';
import { BrandLink } from '../components/brand-logo';
import { LogoutButton } from '../features/accounts/components/logout-button';
import { SkipLink } from './skip-link';
import { useSignedInUser } from './use-signed-in-user';

/** The operator's tabs (docs/product.md §19.6). */
const TABS = [
  { to: '/admin', label: MODERATION_TEXTS.tabs.overview, end: true },
  { to: '/admin/reports', label: MODERATION_TEXTS.tabs.reports, end: false },
  { to: '/admin/providers', label: MODERATION_TEXTS.tabs.providers, end: false },
  { to: '/admin/reviews', label: MODERATION_TEXTS.tabs.reviews, end: false },
  { to: '/admin/audit', label: MODERATION_TEXTS.tabs.audit, end: false },
] as const;

/**
 * /admin (operators only, docs/product.md §19.1, §19.6): the brand, who is signed in, Logout, and
 * the tabs Overview, Reports, Providers, Reviews and Audit log over the tab's page.
 */
export function AdminAreaLayout() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2 sm:px-6">
          <BrandLink className="flex items-center gap-2 rounded-md text-lg font-bold text-slate-900" />
          <div className="flex items-center gap-3">
            {user ? (
              <span className="text-sm text-slate-700">
                {user.fullName}{' '}
                <span className="text-slate-500">({t(MODERATION_TEXTS.operator)})</span>
              </span>
            ) : null}
            <LogoutButton />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
          <h1 className="text-2xl font-bold text-slate-900">{t(MODERATION_TEXTS.adminTitle)}</h1>
          <nav aria-label={t('Admin')} className="mt-4 border-b border-slate-200">
            <ul className="-mb-px flex flex-wrap gap-1">
              {TABS.map((tab) => (
                <li key={tab.to}>
                  <NavLink
                    to={tab.to}
                    end={tab.end}
                    className={({ isActive }) =>
                      `block border-b-2 px-3 py-2 text-sm font-medium ${
                        isActive
                          ? 'border-indigo-600 text-indigo-700'
                          : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
                      }`
                    }
                  >
                    {t(tab.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-6">
            <Outlet />
          </div>
        </div>
      </main>
    </div>
  );
}
