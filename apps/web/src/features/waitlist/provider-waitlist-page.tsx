import { useTranslation } from '../../lib/i18n';
import { WAITLIST_STATUS_LABELS, WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import { CardSection } from '../../components/card-section';
import { ListState } from '../../components/list-state';
import { LoadFailed } from '../../components/load-failed';
import { PageSection } from '../../components/page-section';
import { fullName } from '../../lib/full-name';
import { useProviderWaitlist } from './api/get-provider-waitlist';
import { windowText } from './window-text';

/**
 * The provider's waitlist (/dashboard/waitlist, docs/product.md §17): who waits, in the order a
 * freed time is offered (position, client, service, days), and how many freed slots the
 * waitlist refilled in the last 30 days.
 */
export function ProviderWaitlistPage() {
  const { t } = useTranslation();
  const waitlist = useProviderWaitlist();
  const entries = waitlist.data?.entries;

  return (
    <PageSection
      titleId="provider-waitlist-title"
      title={t(WAITLIST_TEXTS.providerTitle)}
      width="max-w-4xl"
    >
      <p className="mt-1 text-sm text-slate-600">{t(WAITLIST_TEXTS.providerIntro)}</p>
      <div className="mt-6 space-y-6">
        {waitlist.isSuccess ? (
          <dl className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{t(WAITLIST_TEXTS.refilledLabel)}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">
              {waitlist.data.refilled_last_30_days}
            </dd>
          </dl>
        ) : null}
        <CardSection titleId="provider-waitlist-list-title" title={t('Who is waiting')}>
          <div className="mt-3">
            <ListState
              query={waitlist}
              items={entries}
              texts={{
                loading: t(WAITLIST_TEXTS.loadingProvider),
                failed: (
                  <LoadFailed onRetry={() => void waitlist.refetch()}>
                    {t(WAITLIST_TEXTS.loadProviderFailed)}
                  </LoadFailed>
                ),
                empty: t(WAITLIST_TEXTS.providerEmpty),
              }}
              textClassName="text-sm text-slate-600"
            >
              <ol
                aria-labelledby="provider-waitlist-list-title"
                className="divide-y divide-slate-200"
              >
                {(entries ?? []).map((entry) => {
                  const client = fullName(entry.client_first_name, entry.client_last_name);
                  return (
                    <li key={entry.id} className="flex items-start gap-3 py-3">
                      <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-800">
                        <span className="sr-only">{t('Position')} </span>
                        {entry.position}
                      </span>
                      <div className="min-w-0">
                        <p className="font-medium text-slate-900">
                          {client}
                          <span className="font-normal text-slate-600">
                            {' · '}
                            {entry.service_name ?? t(WAITLIST_TEXTS.anyService)}
                          </span>
                        </p>
                        <ul
                          aria-label={t('Days for {{name}}', { name: client })}
                          className="mt-1 text-sm text-slate-700"
                        >
                          {entry.windows.map((window) => (
                            <li key={`${window.date}-${window.from}-${window.to}`}>
                              {windowText(window)}
                            </li>
                          ))}
                        </ul>
                        <p className="mt-1 text-xs font-semibold text-slate-600">
                          {t(WAITLIST_STATUS_LABELS[entry.status])}
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ol>
            </ListState>
          </div>
        </CardSection>
      </div>
    </PageSection>
  );
}
