import { useTranslation } from '../lib/i18n';
import type { ReactNode } from 'react';

/** A screen's "could not load" message with 'Try again' (refetches), announced as an alert. */
export function LoadFailed({
  children,
  onRetry,
  className = '',
}: {
  children: ReactNode;
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className={`${className} rounded-md bg-red-50 px-4 py-3 text-sm text-red-700`.trim()}
    >
      <p>{children}</p>
      <button type="button" onClick={onRetry} className="mt-2 font-semibold underline">
        {t('Try again')}
      </button>
    </div>
  );
}
