import { useTranslation } from '../lib/i18n';
import { Outlet } from 'react-router';
import { BrandLink } from '../components/brand-logo';

/** Sign-up, login and other stand-alone screens: the brand mark and the content. */
export function BareLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="px-4 py-4 sm:px-6">
        <BrandLink
          className="inline-flex items-center gap-2 rounded-md text-lg font-bold text-slate-900"
          ariaLabel={t('Slotwise home')}
        />
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}
