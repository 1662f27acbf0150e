import { useTranslation } from '../lib/i18n';
import { statusBadgeStyle, statusLabel } from '../lib/status-style';

/**
 * An appointment's status (docs/product.md §4 values; 'cancelled' reads as 'canceled') as a
 * colored badge; its colors are lib/status-style.ts's, shared with the week calendar.
 */
export function AppointmentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${statusBadgeStyle(status)}`}
    >
      <span className="sr-only">{t('Status:')} </span>
      {t(statusLabel(status))}
    </span>
  );
}
