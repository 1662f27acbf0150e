import { useTranslation } from '../lib/i18n';
/** First focusable element of a page: jumps keyboard users past the navigation. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
    >
      {t('Skip to main content')}
    </a>
  );
}
