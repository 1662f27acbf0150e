import { useTranslation } from '../../lib/i18n';
import type { AdminProvider } from '@slotwise/shared/moderation-schemas';
import { MODERATION_TEXTS } from '@slotwise/shared/moderation-texts';
import { useState } from 'react';
import { ListState } from '../../components/list-state';
import { LoadMore } from '../../components/load-more';
import { formatInstantDate } from '../../lib/date-time-format';
import { fullName } from '../../lib/full-name';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useAdminProviders } from './api/get-admin-providers';
import { useReinstateProvider } from './api/reinstate-provider';
import { useSuspendProvider } from './api/suspend-provider';
import { NoteDialog } from './components/note-dialog';
import { SearchBar } from './components/search-bar';

const ACTION =
  'rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-slate-50 border-slate-300 text-slate-700';

/**
 * /admin/providers (docs/product.md §19.3, §19.6): provider search with Suspend / Reinstate, each
 * asking for the note.
 */
export function AdminProvidersPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [onlySuspended, setOnlySuspended] = useState(false);
  const [acting, setActing] = useState<AdminProvider | null>(null);
  const q = useDebouncedValue(query.trim(), 250);
  const providers = useAdminProviders(q, onlySuspended ? 'suspended' : 'all');
  const suspend = useSuspendProvider();
  const reinstate = useReinstateProvider();
  const items = providers.data?.pages.flatMap((page) => page.providers) ?? [];
  const suspending = acting ? acting.suspended_at === null : false;

  return (
    <section aria-labelledby="admin-providers-title" className="space-y-4">
      <title>{t('Providers · Admin · Slotwise')}</title>
      <h2 id="admin-providers-title" className="text-xl font-semibold text-slate-900">
        {t(MODERATION_TEXTS.providersTitle)}
      </h2>
      <SearchBar
        query={query}
        onQuery={setQuery}
        placeholder={t(MODERATION_TEXTS.searchProviders)}
        filterLabel={t(MODERATION_TEXTS.onlySuspended)}
        filtered={onlySuspended}
        onFiltered={setOnlySuspended}
      />
      <ListState
        query={providers}
        items={items}
        texts={{
          loading: t(MODERATION_TEXTS.loadingProviders),
          failed: t(MODERATION_TEXTS.loadProvidersFailed),
          empty: t(MODERATION_TEXTS.noProviders),
        }}
      >
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {items.map((provider) => {
            const name = fullName(provider.first_name, provider.last_name);
            return (
              <li key={provider.id} className="flex flex-wrap items-start gap-3 p-4">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900">{name}</p>
                  <p className="text-sm break-all text-slate-600">{provider.email}</p>
                  <p className="text-sm text-slate-700">
                    {[
                      provider.specialty,
                      formatInstantDate(provider.created_at),
                      provider.listed ? null : t(MODERATION_TEXTS.unlisted),
                      provider.open_reports > 0
                        ? MODERATION_TEXTS.openReportsCount(provider.open_reports, t)
                        : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  {provider.suspended_at ? (
                    <p className="mt-1 text-sm font-medium text-red-700">
                      {MODERATION_TEXTS.suspendedBecause(provider.suspension_note ?? '', t)}
                    </p>
                  ) : null}
                </div>
                <button
                  type="button"
                  onClick={() => setActing(provider)}
                  aria-label={`${provider.suspended_at ? t(MODERATION_TEXTS.reinstate) : t(MODERATION_TEXTS.suspend)} ${name}`}
                  className={ACTION}
                >
                  {provider.suspended_at
                    ? t(MODERATION_TEXTS.reinstate)
                    : t(MODERATION_TEXTS.suspend)}
                </button>
              </li>
            );
          })}
        </ul>
        <LoadMore
          hasMore={providers.hasNextPage}
          loading={providers.isFetchingNextPage}
          onLoadMore={() => void providers.fetchNextPage()}
          label={t(MODERATION_TEXTS.loadMore)}
        />
      </ListState>
      {acting ? (
        <NoteDialog
          title={`${suspending ? t(MODERATION_TEXTS.suspend) : t(MODERATION_TEXTS.reinstate)} ${fullName(acting.first_name, acting.last_name)}`}
          confirmLabel={suspending ? t(MODERATION_TEXTS.suspend) : t(MODERATION_TEXTS.reinstate)}
          busy={suspend.isPending || reinstate.isPending}
          send={(note) => (suspending ? suspend : reinstate).mutateAsync({ id: acting.id, note })}
          onClose={() => setActing(null)}
        />
      ) : null}
    </section>
  );
}
