import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main
      id="main"
      className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-6 py-16 text-center"
    >
      <title>{t('Page not found · Slotwise')}</title>
      <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {t('Page not found')}
      </h1>
      <p className="mt-4 max-w-md text-base text-slate-600">
        {t(
          "Sorry, we couldn't find the page you're looking for. It may have moved, or the link may be mistyped.",
        )}
      </p>
      <Link
        to="/"
        className="mt-8 inline-flex items-center rounded-lg bg-indigo-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700"
      >
        {t('Go back home')}
      </Link>
    </main>
  );
}
