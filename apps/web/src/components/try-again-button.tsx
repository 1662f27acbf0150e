import { useTranslation } from '../lib/i18n';
/** 'Try again' after a failed load: refetches. */
export function TryAgainButton({ onClick, className }: { onClick: () => void; className: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" onClick={onClick} className={className}>
      {t('Try again')}
    </button>
  );
}
