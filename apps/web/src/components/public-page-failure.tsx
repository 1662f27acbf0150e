import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';
import { TryAgainButton } from './try-again-button';

/**
 * A public page (a provider's, a business's) that could not be shown: not found, with a way
 * back to the providers; or failed, with Try again.
 */
export function PublicPageFailure({
  notFound,
  notFoundText,
  failedText,
  onRetry,
}: {
  notFound: boolean;
  notFoundText: string;
  failedText: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <title>{t('{{title}} · Slotwise', { title: notFoundText })}</title>
      <div role="alert">
        <h1 className="text-lg font-semibold text-slate-900">
          {notFound ? notFoundText : failedText}
        </h1>
      </div>
      {notFound ? (
        <Link to="/providers" className="mt-3 inline-block text-indigo-700 underline">
          {t('Find another provider')}
        </Link>
      ) : (
        <TryAgainButton
          onClick={onRetry}
          className="mt-3 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
        />
      )}
    </div>
  );
}
