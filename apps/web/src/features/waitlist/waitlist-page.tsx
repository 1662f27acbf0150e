import { useTranslation } from '../../lib/i18n';
import type { WaitlistEntry } from '@slotwise/shared/waitlist-schemas';
import { WAITLIST_STATUS_LABELS, WAITLIST_TEXTS } from '@slotwise/shared/waitlist-texts';
import { MESSAGES } from '@slotwise/shared/texts';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { CardSection } from '../../components/card-section';
import { ListState } from '../../components/list-state';
import { LoadFailed } from '../../components/load-failed';
import { PageSection } from '../../components/page-section';
import { failureMessage } from '../../lib/failure-message';
import { fullName } from '../../lib/full-name';
import { useWaitlist } from './api/get-waitlist';
import { openOffers, useWaitlistOffers } from './api/get-waitlist-offers';
import { useLeaveWaitlist } from './api/leave-waitlist';
import { OfferCard } from './components/offer-card';
import { windowText } from './window-text';

/** Entries the client can still leave. */
const REMOVABLE = new Set<WaitlistEntry['status']>(['waiting', 'offered']);

/**
 * The client's waitlist (/waitlist, docs/product.md §17): the times held for them on top, each
 * with its countdown, 'Book it' and 'Decline'; then every entry (provider, service, days,
 * status) with 'Remove'. New offers arrive live (app/realtime-provider.tsx invalidates the keys).
 */
export function WaitlistPage() {
  const { t } = useTranslation();
  const offers = useWaitlistOffers();
  const entries = useWaitlist();
  const open = openOffers(offers.data ?? []);

  return (
    <PageSection titleId="waitlist-title" title={t(WAITLIST_TEXTS.pageTitle)} width="max-w-3xl">
      <div className="mt-6 space-y-6">
        {offers.isError ? (
          <LoadFailed onRetry={() => void offers.refetch()}>
            {t(WAITLIST_TEXTS.loadOffersFailed)}
          </LoadFailed>
        ) : open.length > 0 ? (
          <section aria-labelledby="waitlist-offers-title">
            <h2 id="waitlist-offers-title" className="text-lg font-semibold text-slate-900">
              {t(WAITLIST_TEXTS.offersTitle)}
            </h2>
            <p className="mt-1 text-xs text-slate-600">{t(MESSAGES.providerLocalTimeNote)}</p>
            <ul aria-labelledby="waitlist-offers-title" className="mt-3 space-y-3">
              {open.map((offer) => (
                <li key={offer.id}>
                  <OfferCard offer={offer} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <CardSection titleId="waitlist-entries-title" title={t(WAITLIST_TEXTS.entriesTitle)}>
          <div className="mt-3">
            <ListState
              query={entries}
              items={entries.data}
              texts={{
                loading: t(WAITLIST_TEXTS.loadingEntries),
                failed: (
                  <LoadFailed onRetry={() => void entries.refetch()}>
                    {t(WAITLIST_TEXTS.loadEntriesFailed)}
                  </LoadFailed>
                ),
                empty: t(WAITLIST_TEXTS.noEntries),
              }}
              textClassName="text-sm text-slate-600"
            >
              <ul aria-labelledby="waitlist-entries-title" className="divide-y divide-slate-200">
                {(entries.data ?? []).map((entry) => (
                  <EntryRow key={entry.id} entry={entry} />
                ))}
              </ul>
            </ListState>
          </div>
        </CardSection>
      </div>
    </PageSection>
  );
}

function EntryRow({ entry }: { entry: WaitlistEntry }) {
  const { t } = useTranslation();
  const leave = useLeaveWaitlist();
  const provider = fullName(entry.provider_first_name, entry.provider_last_name);

  const onRemove = async () => {
    try {
      const answer = await leave.mutateAsync(entry.id);
      toast.success(answer.message);
    } catch (error) {
      toast.error(failureMessage(error, t(WAITLIST_TEXTS.removeFailed)));
    }
  };

  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          <Link
            to={`/client/provider/${encodeURIComponent(entry.provider_id)}`}
            className="hover:underline"
          >
            {provider}
          </Link>
          <span className="font-normal text-slate-600">
            {' · '}
            {entry.service_name ?? t(WAITLIST_TEXTS.anyService)}
          </span>
        </p>
        <ul
          aria-label={t('Days for {{name}}', { name: provider })}
          className="mt-1 text-sm text-slate-700"
        >
          {entry.windows.map((window) => (
            <li key={`${window.date}-${window.from}-${window.to}`}>{windowText(window)}</li>
          ))}
        </ul>
        <p className="mt-1 text-xs font-semibold text-slate-600">
          {t(WAITLIST_STATUS_LABELS[entry.status])}
        </p>
      </div>
      {REMOVABLE.has(entry.status) ? (
        <button
          type="button"
          disabled={leave.isPending}
          onClick={() => void onRemove()}
          aria-label={`${t(WAITLIST_TEXTS.remove)}: ${provider}`}
          className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
        >
          {leave.isPending ? t(WAITLIST_TEXTS.removing) : t(WAITLIST_TEXTS.remove)}
        </button>
      ) : null}
    </li>
  );
}
