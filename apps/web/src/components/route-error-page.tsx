import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';

/**
 * Shown when rendering a route throws, e.g. a lazy page chunk that no longer exists after a
 * new release: offer a reload rather than a blank screen.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <main
      id="main"
      className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-6 py-16 text-center"
    >
      <title>{t('Something went wrong · Slotwise')}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {t('Something went wrong')}
      </h1>
      <p className="mt-4 max-w-md text-slate-600">
        {t('This page could not be displayed. Reloading usually fixes it.')}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-indigo-700"
        >
          {t('Reload page')}
        </button>
        <Link
          to="/"
          className="rounded-lg border border-slate-300 px-5 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        >
          {t('Go back home')}
        </Link>
      </div>
    </main>
  );
}
