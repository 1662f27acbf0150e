import { useTranslation } from '../../../lib/i18n';
import { WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import { Link } from 'react-router';
import { CardSection } from '../../../components/card-section';
import { useProviderWaitlist } from '../../waitlist/api/get-provider-waitlist';

/**
 * The dashboard's waitlist card (docs/product.md §17): 'Freed slots refilled (30 days): N', how
 * many wait, and the link to the list. Nothing while it loads or when it cannot be read (the
 * failure is logged by the query cache, docs/product.md §8).
 */
export function WaitlistFigure() {
  const { t } = useTranslation();
  const waitlist = useProviderWaitlist();
  if (!waitlist.isSuccess) return null;
  const waiting = waitlist.data.entries.length;
  return (
    <CardSection
      titleId="waitlist-figure-title"
      title={t(WAITLIST_TEXTS.providerTitle)}
      actions={
        <Link
          to="/dashboard/waitlist"
          className="text-sm font-medium text-indigo-700 hover:underline"
        >
          {t(WAITLIST_TEXTS.seeWaitlist)}
        </Link>
      }
    >
      <p className="mt-2 text-2xl font-bold text-slate-900">
        {/* 'Freed slots refilled (30 days): 3' */}
        {t(WAITLIST_TEXTS.refilledLabel)}: {waitlist.data.refilled_last_30_days}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {t('{{count}} clients waiting', { count: waiting })}
      </p>
    </CardSection>
  );
}
